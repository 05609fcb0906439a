import type { TravelTariffs } from './pricing';

/**
 * The sandbox tariff (README.md beside this file documents every figure). The server seeds its
 * tariff table from it and answers it in `get_country`; tests price against it.
 */
export const sandboxTravelTariffs: TravelTariffs = {
  usdRate: 12_650,
  programs: [
    { id: 1, dailyUsd: 0.9, sumInsuredUsd: 30_000 },
    { id: 2, dailyUsd: 1.3, sumInsuredUsd: 60_000 },
    { id: 3, dailyUsd: 1.9, sumInsuredUsd: 100_000 },
  ],
  purposes: [
    { id: 1, factor: 1 },
    { id: 3, factor: 2 },
    { id: 4, factor: 1 },
    { id: 5, factor: 1.5 },
  ],
  // Checked in order, the first band whose maxAge ≥ age applies.
  ageFactors: [
    { maxAge: 17, factor: 0.8 },
    { maxAge: 64, factor: 1 },
    { maxAge: 75, factor: 2 },
    { maxAge: null, factor: 5 },
  ],
  countryFactors: { US: 1.5, CA: 1.5, JP: 1.5, AU: 1.5, GB: 1.5, CH: 1.5 },
  covidFactor: 1.25,
  familyFactor: 2.5,
  multiTripFactor: 1,
  // By a traveller's place in the group, dearest first: the 5th to the 9th pay ×0.85, the 10th ×0.75
  // (a policy takes at most 10 travellers, so no band lies beyond).
  groupDiscounts: [
    { minTravellers: 5, factor: 0.85 },
    { minTravellers: 10, factor: 0.75 },
  ],
  risks: {
    luggage: 25_000,
    accident: 40_000,
    cancel_travel: 60_000,
    person_respon: 30_000,
    delay_travel: 20_000,
  },
};

/** Program names as the insurer's catalog spells them (labels shown are message ids `travel.program.<id>`). */
export const sandboxTravelPrograms: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Basic' },
  { id: 2, name: 'Comfort' },
  { id: 3, name: 'Premium' },
];

/** Purpose names as the insurer's catalog spells them (labels shown are message ids `travel.purpose.<id>`). */
export const sandboxTravelPurposes: readonly { id: number; name: string }[] = [
  { id: 1, name: 'Travel' },
  { id: 3, name: 'Sport' },
  { id: 4, name: 'Education' },
  { id: 5, name: 'Work' },
];

/** ISO-2 codes of common destinations from Uzbekistan (Uzbekistan itself is not a destination), ids from 1 in this order. */
const sandboxCountryCodes: readonly string[] = [
  'AE', 'AM', 'AT', 'AU', 'AZ', 'BE', 'BG', 'BY', 'CA', 'CH', 'CN', 'CY', 'CZ', 'DE', 'DK', 'EE',
  'EG', 'ES', 'FI', 'FR', 'GB', 'GE', 'GR', 'HR', 'HU', 'ID', 'IE', 'IL', 'IN', 'IT', 'JO', 'JP',
  'KG', 'KR', 'KZ', 'LK', 'LT', 'LV', 'MA', 'ME', 'MT', 'MV', 'MY', 'NL', 'NO', 'OM', 'PK', 'PL',
  'PT', 'QA', 'RO', 'RS', 'RU', 'SA', 'SE', 'SG', 'TH', 'TJ', 'TM', 'TR', 'UA', 'US', 'VN',
];

/**
 * A destination sold, with the id partners name it by (`get_country`, the calculator's and the
 * save's `countries`). An id is the country's for good: a country added takes a new id, one no longer
 * sold takes its id along, and no other country's moves.
 */
export interface TravelCountry {
  id: number;
  code: string;
}

export const sandboxCountries: readonly TravelCountry[] = sandboxCountryCodes.map((code, i) => ({ id: i + 1, code }));

/** A stored reference's destinations as every priced request reads them: the codes sold, and each code by its id. */
export interface CountryIndex {
  sold: ReadonlySet<string>;
  codeById: ReadonlyMap<number, string>;
}

// One index per reference read, not a scan of the list for each country of every priced request.
const countryIndexes = new WeakMap<TravelReference, CountryIndex>();

export function countryIndex(reference: TravelReference): CountryIndex {
  let index = countryIndexes.get(reference);
  if (!index) {
    index = { sold: new Set(reference.countries.map((c) => c.code)), codeById: new Map(reference.countries.map((c) => [c.id, c.code])) };
    countryIndexes.set(reference, index);
  }
  return index;
}

/** Travel's reference data as the server keeps it: the tariff and the catalog `get_country` answers. */
export interface TravelReference {
  tariffs: TravelTariffs;
  purposes: { id: number; name: string }[];
  programs: { id: number; name: string }[];
  /** The destinations sold, each with its own id. */
  countries: TravelCountry[];
}

export const sandboxTravelReference: TravelReference = {
  tariffs: sandboxTravelTariffs,
  purposes: [...sandboxTravelPurposes],
  programs: [...sandboxTravelPrograms],
  countries: sandboxCountries.map((country) => ({ ...country })),
};
