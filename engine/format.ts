/**
 * Formats whole UZS the way spec §9 asks: US-style grouping with the thousands comma replaced by a
 * space (`1 234 567`). The currency word is added by the caller through its translation.
 */
export function formatPrice(amount: number): string {
  return new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 }).format(Math.round(amount)).replace(/,/g, ' ');
}

/** The price minus `percent` of it (spec §9 discount helper), rounded to whole UZS. */
export function applyDiscount(price: number, percent: number): number {
  return Math.round(price - (price * percent) / 100);
}
