/**
 * Formats whole UZS the way spec §9 asks: US-style grouping with the thousands comma replaced by a
 * space (`1 234 567`). The currency word is added by the caller through its translation. Plain string
 * work, no `Intl.NumberFormat`: a page's first Intl formatter loads locale data, tens of milliseconds
 * of a phone's main thread in the hydration of every flow page.
 */
export function formatPrice(amount: number): string {
  return String(Math.round(amount)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

/** Decimals in a text (`1.5 %`, an option's rate) with the decimal separator of the page's language. */
export function withDecimalSeparator(text: string, separator: string): string {
  return separator === '.' ? text : text.replace(/(\d)\.(\d)/g, `$1${separator}$2`);
}
