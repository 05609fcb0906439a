/**
 * Travel-abroad premium, shared by the page (live price) and the server (authoritative price).
 * The tariff figures are data (seeded by the server, sent to the page with the catalog); the
 * rules below are the documented shape of the insurer's tariff (README "Travel tariff").
 */

export type RiskId = 'luggage' | 'accident' | 'cancel_travel' | 'person_respon' | 'delay_travel';
export const riskIds: readonly RiskId[] = ['luggage', 'accident', 'cancel_travel', 'person_respon', 'delay_travel'];

export interface TravelTariffs {
  /** UZS per 1 USD (central bank rate the premiums are converted at). */
  usdRate: number;
  /** program id → USD per insured day for one adult. */
  programs: { id: number; dailyUsd: number; sumInsuredUsd: number }[];
  /** purpose id → factor. */
  purposes: { id: number; factor: number }[];
  /** Age bands, checked in order: the first whose `maxAge` ≥ age applies (null = no upper bound). */
  ageFactors: { maxAge: number | null; factor: number }[];
  /** Countries whose medical costs raise the premium (ISO-2 code → factor); others are 1. */
  countryFactors: Record<string, number>;
  covidFactor: number;
  /** A family policy costs `familyFactor` adult premiums whatever the number of travellers. */
  familyFactor: number;
  /** Multi-trip (kop_martali) policies: factor on the covered days. */
  multiTripFactor: number;
  /** Group discounts, checked in order: the first whose `minTravellers` ≤ count applies. */
  groupDiscounts: { minTravellers: number; factor: number }[];
  /** Optional risks: UZS per traveller for the whole policy. */
  risks: Record<RiskId, number>;
}

export interface TravelQuoteInput {
  purposeId: number;
  programId: number;
  /** Insured days (single trip: end − begin + 1; multi-trip and long stays: the chosen option). */
  days: number;
  multiTrip: boolean;
  isFamily: boolean;
  hasCovid: boolean;
  countries: string[];
  /** ISO dates (YYYY-MM-DD) of the travellers' birthdays. */
  birthdays: string[];
  /** ISO date the cover begins; ages are taken on that day. */
  beginDate: string;
  risks: Partial<Record<RiskId, boolean>>;
}

export interface TravelQuote {
  total: number;
  premiumUsd: number;
  lines: { label: string; amount: number }[];
}

/** Whole years between an ISO birthday and an ISO date. */
export function ageOn(birthday: string, on: string): number {
  const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
  const [y, m, d] = on.split('-').map(Number) as [number, number, number];
  return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
}

/** Inclusive day count between two ISO dates (spec: difference + 1). */
export function daysBetween(beginDate: string, endDate: string): number {
  const ms = Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${beginDate}T00:00:00Z`);
  return Math.round(ms / 86_400_000) + 1;
}

const roundUsd = (n: number) => Math.round(n * 100) / 100;

/**
 * Prices a travel policy. Returns null when the input cannot be priced (unknown program or
 * purpose, no travellers, non-positive days) so callers show "no price yet" instead of a wrong one.
 */
export function quoteTravel(input: TravelQuoteInput, tariffs: TravelTariffs): TravelQuote | null {
  const program = tariffs.programs.find((p) => p.id === input.programId);
  const purpose = tariffs.purposes.find((p) => p.id === input.purposeId);
  if (!program || !purpose || input.birthdays.length === 0 || !(input.days > 0)) return null;
  if (input.countries.length === 0) return null;

  const countryFactor = Math.max(1, ...input.countries.map((c) => tariffs.countryFactors[c] ?? 1));
  const dayFactor = input.multiTrip ? tariffs.multiTripFactor : 1;
  const covid = input.hasCovid ? tariffs.covidFactor : 1;
  const adultUsd = program.dailyUsd * input.days * purpose.factor * countryFactor * dayFactor * covid;

  let medicalUsd: number;
  if (input.isFamily) {
    medicalUsd = adultUsd * tariffs.familyFactor;
  } else {
    const ageSum = input.birthdays.reduce((sum, birthday) => {
      const age = ageOn(birthday, input.beginDate);
      const band = tariffs.ageFactors.find((b) => b.maxAge === null || age <= b.maxAge);
      return sum + (band?.factor ?? 1);
    }, 0);
    const discount = tariffs.groupDiscounts.find((g) => input.birthdays.length >= g.minTravellers)?.factor ?? 1;
    medicalUsd = adultUsd * ageSum * discount;
  }
  const premiumUsd = roundUsd(medicalUsd);
  const medical = Math.round(premiumUsd * tariffs.usdRate);

  const lines: { label: string; amount: number }[] = [{ label: 'travel.price.medical', amount: medical }];
  for (const risk of riskIds) {
    if (input.risks[risk]) {
      lines.push({ label: `travel.risk.${risk}`, amount: tariffs.risks[risk] * input.birthdays.length });
    }
  }
  return { total: lines.reduce((sum, l) => sum + l.amount, 0), premiumUsd, lines };
}
