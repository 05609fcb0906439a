import type { Price } from '../../engine/definition';
import { ageOn, isIsoDate, todayIso } from '../kit/api/api-format';
import type { GetCountryResponse } from './api.generated';
import { coverPeriod, travelMode } from './period';
import { familyMisfits } from './family';
import { riskIds, travelCover, type RiskId, type TravelData } from './rules';

/**
 * Travel-abroad premium, shared by the page (live price) and the server (authoritative price).
 * The tariff figures are data (seeded by the server, sent to the page with the catalog); the
 * rules below are the documented shape of the insurer's tariff (README "Travel tariff").
 */


/**
 * The tariff figures (the `tariffs` of the `get_country` answer, so their shape is declared once in
 * schemas/api/travel/get-country.response.json): rates per program and day, factors by purpose,
 * age band, country, COVID cover, family and multi-trip, group discounts (by a traveller's place in
 * the group, `groupAgeSum`) and the UZS price of each optional risk per traveller.
 */
export type TravelTariffs = GetCountryResponse['tariffs'];

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

const roundUsd = (n: number) => Math.round(n * 100) / 100;

/**
 * Prices a travel policy. Returns null when the input cannot be priced (unknown program or
 * purpose, no travellers, non-positive days) so callers show "no price yet" instead of a wrong one.
 */
export function quoteTravel(input: TravelQuoteInput, tariffs: TravelTariffs): TravelQuote | null {
  return travelPricer(input, tariffs)(input.programId);
}

/** A trip without its program: what one request prices under every program. */
export type TravelTripInput = Omit<TravelQuoteInput, 'programId'>;

/**
 * The prices of one trip by program: what depends on the trip alone (purpose, countries, ages,
 * group, risks) is worked out once, so the calculator's quote of every program costs a few
 * multiplications each. The arithmetic and its order are `quoteTravel`'s, so both give the same
 * amount to the last digit.
 */
export function travelPricer(trip: TravelTripInput, tariffs: TravelTariffs): (programId: number) => TravelQuote | null {
  const purpose = tariffs.purposes.find((p) => p.id === trip.purposeId);
  if (!purpose || trip.birthdays.length === 0 || !(trip.days > 0)) return () => null;
  // Travellers who are not a family have no family price (the server refuses such a request by name).
  if (trip.isFamily && familyMisfits(trip.birthdays, trip.beginDate, tariffs).length > 0) return () => null;

  // No country yet (the page's "from" price on the first steps) prices without a country's surcharge;
  // the calculator's and the save's requests always name one (their schemas' minItems).
  const countryFactor = Math.max(1, ...trip.countries.map((c) => tariffs.countryFactors[c] ?? 1));
  const dayFactor = trip.multiTrip ? tariffs.multiTripFactor : 1;
  const covid = trip.hasCovid ? tariffs.covidFactor : 1;
  const groupFactor = groupAgeSum(trip.birthdays, trip.beginDate, tariffs);
  const risks = riskIds.filter((risk) => trip.risks[risk]);

  return (programId) => {
    const program = tariffs.programs.find((p) => p.id === programId);
    if (!program) return null;
    const adultUsd = program.dailyUsd * trip.days * purpose.factor * countryFactor * dayFactor * covid;
    const medicalUsd = trip.isFamily ? adultUsd * tariffs.familyFactor : adultUsd * groupFactor;
    const premiumUsd = roundUsd(medicalUsd);
    const medical = Math.round(premiumUsd * tariffs.usdRate);

    const lines: { label: string; amount: number }[] = [{ label: 'travel.price.medical', amount: medical }];
    let total = medical;
    for (const risk of risks) {
      const amount = tariffs.risks[risk] * trip.birthdays.length;
      lines.push({ label: `travel.risk.${risk}`, amount });
      total += amount;
    }
    return { total, premiumUsd, lines };
  };
}

/**
 * The group's adult premiums: each traveller's age factor times the group discount of their place in
 * the group, the travellers taken dearest first (by age factor) — the place's band is the one of the
 * highest `minTravellers` the place reaches, and places before every band pay in full. So a group of
 * five adults pays 4 + 0.85 adult premiums, and of ten 4 + 5 × 0.85 + 0.75. The rule a partner can
 * price with from get_country's table alone: every band's factor is what a traveller at its places
 * pays, whatever the group's size, and a traveller added never lowers the price (they pay a part of
 * their own, and those they push to a later place were the cheapest), so a name added cannot buy
 * more cover for less. Bands apply in any order the table lists them.
 */
function groupAgeSum(birthdays: readonly string[], beginDate: string, tariffs: TravelTariffs): number {
  const factors = birthdays
    .map((birthday) => {
      const age = ageOn(birthday, beginDate);
      return tariffs.ageFactors.find((b) => b.maxAge === null || age <= b.maxAge)?.factor ?? 1;
    })
    .sort((a, b) => b - a);
  let sum = 0;
  factors.forEach((factor, i) => {
    sum += factor * placeDiscount(i + 1, tariffs);
  });
  return sum;
}

/** The group discount of a traveller's place (1 the dearest): the band of the highest `minTravellers` at most the place, else 1. */
function placeDiscount(place: number, tariffs: Pick<TravelTariffs, 'groupDiscounts'>): number {
  let band: TravelTariffs['groupDiscounts'][number] | undefined;
  for (const candidate of tariffs.groupDiscounts) if (candidate.minTravellers <= place && (!band || candidate.minTravellers > band.minTravellers)) band = candidate;
  return band?.factor ?? 1;
}

/** Flow data as the input of `quoteTravel`, optionally for another program; null while incomplete. */
export function travelQuoteInput(data: TravelData, programId = data.program.programId): TravelQuoteInput | null {
  const cover = travelCover(data);
  const { countries } = data.dates;
  const birthdays = (data.tourists.tourists ?? []).map((t) => t.birthday);
  if (programId === undefined || cover === null || countries.length === 0) return null;
  if (birthdays.length === 0 || !birthdays.every(isIsoDate)) return null;
  return {
    purposeId: data.trip.purpose,
    programId,
    days: cover.days,
    multiTrip: data.trip.reusable,
    isFamily: data.trip.isFamily,
    hasCovid: data.trip.hasCovid,
    countries,
    birthdays,
    beginDate: cover.beginDate,
    risks: Object.fromEntries(riskIds.map((r) => [r, data.program.risks?.[r]?.on === true])),
  };
}

/** An ISO birthday of someone `age` years old on `on` (a 29 February becomes the 28th). */
function birthdayAged(age: number, on: string): string {
  const year = String(Number(on.slice(0, 4)) - age).padStart(4, '0');
  const monthDay = on.slice(5) === '02-29' ? '02-28' : on.slice(5);
  return `${year}-${monthDay}`;
}

/** An age of the tariff's cheapest age band (its factor the lowest). */
function cheapestAge(tariffs: TravelTariffs): number {
  let best = { factor: Infinity, age: 30 };
  let from = 0;
  for (const band of tariffs.ageFactors) {
    if (band.factor < best.factor) best = { factor: band.factor, age: band.maxAge ?? from };
    from = (band.maxAge ?? from) + 1;
  }
  return best.age;
}

/**
 * The trip as told so far with what is not yet told at its cheapest: the shortest single trip (a
 * day), no country's surcharge, one traveller of the cheapest age. What is told (purpose, multi-trip
 * and its days, dates, countries, travellers' birthdays, risks) counts as it is.
 */
function tripSoFar(data: TravelData): TravelTripInput {
  const mode = travelMode(data.trip);
  const cover = travelCover(data) ?? coverPeriod(mode, todayIso(), undefined, data.trip.spendDays);
  const beginDate = cover?.beginDate ?? todayIso();
  const birthdays = (data.tourists.tourists ?? []).map((t) => t.birthday);
  return {
    purposeId: data.trip.purpose,
    days: cover?.days ?? 1,
    multiTrip: data.trip.reusable,
    isFamily: data.trip.isFamily,
    hasCovid: data.trip.hasCovid,
    countries: data.dates.countries,
    birthdays: birthdays.length > 0 && birthdays.every(isIsoDate) ? birthdays : [],
    beginDate,
    risks: Object.fromEntries(riskIds.map((r) => [r, data.program.risks?.[r]?.on === true])),
  };
}

/**
 * The live price of a flow (for another program when given). Before a program is chosen it is the
 * cheapest program's price for what the visitor has told so far, shown as "from …" on every step
 * from the first: the unknowns (dates, countries, travellers) at their cheapest, so the figure only
 * rises as the trip is told. Null while a chosen program's trip is incomplete.
 */
export function travelPrice(data: TravelData, tariffs: TravelTariffs, programId?: number): Price | null {
  const chosen = programId ?? data.program.programId;
  if (chosen === undefined) {
    const trip = tripSoFar(data);
    const priced = trip.birthdays.length > 0 ? trip : { ...trip, birthdays: [birthdayAged(cheapestAge(tariffs), trip.beginDate)] };
    const price = travelPricer(priced, tariffs);
    const totals = tariffs.programs.flatMap((program) => price(program.id)?.total ?? []);
    return totals.length === 0 ? null : { total: Math.min(...totals), lines: [], lowest: true };
  }
  const input = travelQuoteInput(data, chosen);
  const quote = input && quoteTravel(input, tariffs);
  return quote ? { total: quote.total, lines: quote.lines } : null;
}
