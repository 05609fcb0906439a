/**
 * Marks of the ways to pay, drawn as small wordmarks in each provider's colour (the option's text
 * names the provider for screen readers, so the marks are decorative).
 */

export type PaymentOptionId = 'card' | 'payme' | 'click' | 'octo' | 'hosted' | 'alif' | 'invoice';

function Wordmark({ text, background, color = '#ffffff', width = 56 }: { text: string; background: string; color?: string; width?: number }) {
  return (
    <svg aria-hidden="true" viewBox={`0 0 ${width} 24`} width={width} height={24} className="shrink-0">
      <rect width={width} height={24} rx={5} fill={background} />
      <text x={width / 2} y={16.5} textAnchor="middle" fontFamily="Arial, Helvetica, sans-serif" fontSize={12} fontWeight={700} fill={color}>
        {text}
      </text>
    </svg>
  );
}

function CardMark() {
  return (
    <span className="flex shrink-0 gap-1">
      <Wordmark text="UZCARD" background="#1d4f9a" width={60} />
      <Wordmark text="HUMO" background="#0f766e" width={48} />
    </span>
  );
}

function BankPageMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 36 24" width={36} height={24} className="shrink-0">
      <rect width={36} height={24} rx={4} fill="#334155" />
      <rect y={6} width={36} height={4} fill="#0f172a" />
      <rect x={5} y={15} width={12} height={3} rx={1} fill="#e2e8f0" />
    </svg>
  );
}

/** The mark of a way to pay. */
export function ProviderMark({ option }: { option: PaymentOptionId }) {
  switch (option) {
    case 'card':
      return <CardMark />;
    case 'payme':
      return <Wordmark text="payme" background="#007a7a" />;
    case 'invoice':
      return <Wordmark text="payme ✆" background="#007a7a" width={64} />;
    case 'click':
      return <Wordmark text="click" background="#0057d9" />;
    case 'octo':
      return <Wordmark text="octo" background="#111827" />;
    case 'alif':
      return <Wordmark text="alif" background="#16803c" />;
    case 'hosted':
      return <BankPageMark />;
  }
}
