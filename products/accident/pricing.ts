import type { Price } from '../../engine/definition';

/** Personal accident tariff (requirements §9 "Accident"): a share of the sum insured per insured person. */
export interface AccidentTariff {
  /** Premium per person as a percentage of the sum insured. */
  ratePercent: number;
  /** The sum insured a new flow starts with. */
  defaultSum: number;
}

/** Requirements §9: default sum 1 000 000, premium = sum × insureds × 0.5 %. */
export const accidentTariff: AccidentTariff = { ratePercent: 0.5, defaultSum: 1_000_000 };

/** The premium of `persons` people insured for `sum` each. */
export function quoteAccident(sum: number, persons: number, tariff: AccidentTariff): Price {
  const total = Math.round((sum * persons * tariff.ratePercent) / 100);
  return { total, lines: [{ label: 'accident.price.premium', amount: total }] };
}
