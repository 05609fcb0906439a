// Made once: building a number format is the slow part (prices are formatted on every keystroke).
const wholeNumbers = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Formats whole UZS the way spec §9 asks: US-style grouping with the thousands comma replaced by a
 * space (`1 234 567`). The currency word is added by the caller through its translation.
 */
export function formatPrice(amount: number): string {
  return wholeNumbers.format(Math.round(amount)).replace(/,/g, ' ');
}
