/**
 * Formats whole UZS the way requirements §9 asks: US-style grouping with the thousands comma replaced by a
 * space (`1 234 567`), a discount with a minus sign (`−168 000`), not a hyphen. The currency word is
 * added by the caller through its translation. Plain string work, no `Intl.NumberFormat`: a page's
 * first Intl formatter loads locale data, tens of milliseconds of a phone's main thread in the
 * hydration of every flow page.
 */
export function formatPrice(amount: number): string {
  const rounded = Math.round(amount);
  const grouped = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return rounded < 0 ? `\u2212${grouped}` : grouped;
}

/** Decimals in a text (`1.5 %`, an option's rate) with the decimal separator of the page's language. */
export function withDecimalSeparator(text: string, separator: string): string {
  return separator === '.' ? text : text.replace(/(\d)\.(\d)/g, `$1${separator}$2`);
}
