/**
 * Amounts as providers write them. A contract's amount is whole som (UZS); Payme, Alif and the
 * hosted page speak tiyin (1/100 som) as integers, Octo and Click decimal som. Every comparison
 * with what a provider says is made in tiyin, as integers, so no float ever decides a payment.
 */

export const tiyinPerSom = 100;

/** Whole som (a contract's amount) in tiyin. */
export const somToTiyin = (som: number): number => som * tiyinPerSom;

/** Tiyin as the decimal som a provider takes (7 000 050 → 70 000.5): at most two decimals, exact in JSON. */
export const tiyinToDecimalSom = (tiyin: number): number => Number((tiyin / tiyinPerSom).toFixed(2));

/**
 * A decimal som amount as a provider answers it (`70000`, `70000.5`, `"70000.00"`) in tiyin, rounded
 * to the nearest tiyin (a provider that sums in floating point answers 70000.29999999999 for
 * 70000.30); null when it is no amount (negative, not finite, not a plain decimal).
 */
export function decimalSomToTiyin(value: unknown): number | null {
  let som: number;
  if (typeof value === 'number') som = value;
  else if (typeof value === 'string' && /^\d{1,15}(\.\d{1,20})?$/.test(value)) som = Number(value);
  else return null;
  if (!Number.isFinite(som) || som < 0) return null;
  const tiyin = Math.round(som * tiyinPerSom);
  return Number.isSafeInteger(tiyin) ? tiyin : null;
}

/** A tiyin amount as a provider answers it (an integer, or its digits as a string); null otherwise. */
export function readTiyin(value: unknown): number | null {
  const tiyin = typeof value === 'string' && /^\d{1,16}$/.test(value) ? Number(value) : value;
  return typeof tiyin === 'number' && Number.isSafeInteger(tiyin) && tiyin >= 0 ? tiyin : null;
}
