import type { Price } from '../../engine/definition';

/** A sport the insurer covers and its limit: the premium as a percentage of the sum insured (riskier sports, higher limits). */
export interface SportType {
  id: number;
  /** The insurer's name (labels shown are `sport.type.<id>`). */
  name: string;
  /** Percent of the sum insured. */
  limit: number;
}

export interface SportTariff {
  types: SportType[];
}

/** The sum insured a sportsman chooses: 1 000 000 to 50 000 000 UZS in steps of 500 000 (schemas say the same). */
export const sportSums = { min: 1_000_000, max: 50_000_000, step: 500_000, initial: 5_000_000 } as const;

/**
 * The sandbox sport types (README.md beside this file): the server seeds them and answers them at
 * `/sayt/sportsman/type/v2`; tests price against them.
 */
export const sandboxSportTariff: SportTariff = {
  types: [
    { id: 1, name: 'Futbol', limit: 1.5 },
    { id: 2, name: 'Boks', limit: 3 },
    { id: 3, name: 'Kurash', limit: 2.5 },
    { id: 4, name: 'Dzyudo', limit: 2.5 },
    { id: 5, name: 'Erkin kurash', limit: 2.5 },
    { id: 6, name: 'Suzish', limit: 1 },
    { id: 7, name: 'Yengil atletika', limit: 1 },
    { id: 8, name: 'Basketbol', limit: 1.5 },
    { id: 9, name: 'Voleybol', limit: 1.2 },
    { id: 10, name: 'Tennis', limit: 1 },
    { id: 11, name: 'Gimnastika', limit: 2 },
    { id: 12, name: 'Ogʻir atletika', limit: 2.5 },
    { id: 13, name: 'Velosport', limit: 2 },
    { id: 14, name: 'Taekvondo', limit: 2.5 },
    { id: 15, name: 'Shaxmat', limit: 0.5 },
  ],
};

/** Requirements §9: amount = insurance_amount × limit ÷ 100, in whole som. */
export function quoteSport(insuranceAmount: number, type: SportType): Price {
  const total = Math.round((insuranceAmount * type.limit) / 100);
  return { total, lines: [{ label: 'sport.price.premium', amount: total }] };
}

/** The card's "from" price: the lowest limit at the lowest sum. */
export const fromPrice = (tariff: SportTariff): number => Math.min(...tariff.types.map((t) => quoteSport(sportSums.min, t).total));
