/** The insurer's mark (the favicon's shield with a tick), drawn inline so it needs no request and scales with the text. */
export function BrandMark({ className = 'h-7 w-7' }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
      <rect width="32" height="32" rx="7" fill="#0b5566" />
      <path d="M16 5.5 7.5 9v6.2c0 5.3 3.6 9.9 8.5 11.3 4.9-1.4 8.5-6 8.5-11.3V9z" fill="#e6f4f6" />
      <path d="m12 16 3 3 5.5-6" fill="none" stroke="#0b5566" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
