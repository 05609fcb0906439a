import type { Price } from '../../engine/definition';

/**
 * Domestic travel's tariff (requirements §3 and §9): each program has a daily premium per tourist and the
 * liability (the sum insured per tourist); premium total = premium × tourists × days.
 */
export interface TravelUzbProgram {
  id: number;
  /** The insurer's name of the program (labels shown are `travel-uzb.program.<id>`). */
  name: string;
  /** UZS per tourist per day. */
  premium: number;
  /** Sum insured per tourist, UZS. */
  liability: number;
}

export interface TravelUzbTariff {
  programs: TravelUzbProgram[];
  /** ISO-2 citizenships a foreign tourist may have. */
  countries: string[];
}

/** A trip within Uzbekistan is sold for at most this many days (the schemas bound `days` alike). */
export const maxTripDays = 90;

/**
 * The sandbox tariff (README.md beside this file): three programs. The server seeds it and answers
 * it at `/sayt/travel-uzb/tarifs`; tests price against it.
 */
export const sandboxTravelUzbTariff: TravelUzbTariff = {
  programs: [
    { id: 1, name: 'Ekonom', premium: 2_000, liability: 5_000_000 },
    { id: 2, name: 'Standart', premium: 4_000, liability: 15_000_000 },
    { id: 3, name: 'Premium', premium: 7_000, liability: 30_000_000 },
  ],
  // Uzbekistan's neighbours and the countries most of its visitors come from.
  countries: [
    'AF', 'AM', 'AZ', 'BY', 'CN', 'DE', 'ES', 'FR', 'GB', 'GE', 'IL', 'IN', 'IR', 'IT', 'JP', 'KG',
    'KR', 'KZ', 'MY', 'PK', 'PL', 'RU', 'SA', 'TJ', 'TM', 'TR', 'UA', 'US',
  ],
};

/** Requirements §9: premium total = premium × tourists × days. */
export function quoteTravelUzb(program: TravelUzbProgram, tourists: number, days: number): Price {
  const total = program.premium * tourists * days;
  return { total, lines: [{ label: 'travel-uzb.price.premium', amount: total }] };
}

/** The card's "from" price: the cheapest program for one tourist and one day. */
export const fromPrice = (tariff: TravelUzbTariff): number => Math.min(...tariff.programs.map((p) => p.premium));
