/** A small inline spinner; hidden from assistive tech, which reads the button's aria-busy instead. */
export function Spinner() {
  return (
    <span
      aria-hidden="true"
      className="inline-block h-4 w-4 animate-spin rounded-full border-2 border-current border-r-transparent"
    />
  );
}
