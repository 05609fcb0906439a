import type { Price } from '../../engine/definition';

/** The animals a pet policy covers. */
export type PetType = 'cat' | 'dog';
export const petTypes: readonly PetType[] = ['cat', 'dog'];

/** A program: what the insurer pays at most in a year of cover, and its yearly premium for each kind of pet. */
export interface PetProgram {
  id: number;
  name: string;
  sumInsured: number;
  premiums: Record<PetType, number>;
}

/**
 * The pet tariff (the insurer's, README.md): three programs, each with a yearly premium for a cat and
 * for a dog; a pet aged `seniorFromYears` or more when the cover starts pays `seniorFactor` times
 * the premium; pets from `minAgeMonths` months to `maxAgeYears` years (whole years, at the start)
 * are insured, each with a rabies vaccination no older than `vaccinationValidMonths` months.
 */
export interface PetsTariff {
  programs: PetProgram[];
  seniorFromYears: number;
  seniorFactor: number;
  minAgeMonths: number;
  maxAgeYears: number;
  vaccinationValidMonths: number;
}

export const petsTariff: PetsTariff = {
  programs: [
    { id: 1, name: 'Basic', sumInsured: 3_000_000, premiums: { cat: 120_000, dog: 150_000 } },
    { id: 2, name: 'Standard', sumInsured: 6_000_000, premiums: { cat: 220_000, dog: 280_000 } },
    { id: 3, name: 'Premium', sumInsured: 12_000_000, premiums: { cat: 400_000, dog: 500_000 } },
  ],
  seniorFromYears: 7,
  seniorFactor: 1.5,
  minAgeMonths: 3,
  maxAgeYears: 10,
  vaccinationValidMonths: 12,
};

/** Whole months from a birth month (`YYYY-MM`) to a day (ISO): a pet born in March is 1 month old all April. */
export function ageInMonths(birthMonth: string, on: string): number {
  const [birthYear, month] = birthMonth.split('-').map(Number);
  const [year, onMonth] = on.split('-').map(Number);
  return ((year ?? 0) - (birthYear ?? 0)) * 12 + ((onMonth ?? 0) - (month ?? 0));
}

/** Why a pet born in `birthMonth` cannot be insured from `beginDate`, or null. */
export function ageProblem(birthMonth: string, beginDate: string, tariff: PetsTariff): 'born_later' | 'too_young' | 'too_old' | null {
  const months = ageInMonths(birthMonth, beginDate);
  if (months < 0) return 'born_later';
  if (months < tariff.minAgeMonths) return 'too_young';
  if (Math.floor(months / 12) > tariff.maxAgeYears) return 'too_old';
  return null;
}

export interface PetQuoteInput {
  programId: number;
  petType: PetType;
  /** `YYYY-MM`; while unknown the price is the lowest the answers allow (no senior factor). */
  birthMonth?: string;
  /** ISO; the age is the pet's when its cover starts. */
  beginDate?: string;
}

/**
 * The yearly premium of a pet: its program's premium for its kind, times the senior factor when it is
 * `seniorFromYears` or older at the cover's start. Null for a program the tariff does not have; the
 * lowest price (`lowest: true`) while the pet's age is not known yet.
 */
export function quotePet(input: PetQuoteInput, tariff: PetsTariff): Price | null {
  const program = tariff.programs.find((p) => p.id === input.programId);
  if (!program) return null;
  const premium = program.premiums[input.petType];
  const known = input.birthMonth !== undefined && input.beginDate !== undefined;
  const senior = known && Math.floor(ageInMonths(input.birthMonth ?? '', input.beginDate ?? '') / 12) >= tariff.seniorFromYears;
  const lines = [{ label: 'pets.price.premium', amount: premium }];
  if (!senior) return { total: premium, lines, ...(known ? {} : { lowest: true as const }) };
  const extra = Math.round(premium * (tariff.seniorFactor - 1));
  return { total: premium + extra, lines: [...lines, { label: 'pets.price.senior', amount: extra }] };
}

/** The lowest premium of the tariff: the card's "from" price. */
export const fromPets = (tariff: PetsTariff): number => Math.min(...tariff.programs.flatMap((p) => petTypes.map((t) => p.premiums[t])));

/** The same day `months` months earlier (the month's last day when it has no such day): ISO in, ISO out. */
export function monthsBefore(iso: string, months: number): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  const index = year * 12 + (month - 1) - months;
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(Math.min(day, last)).padStart(2, '0')}`;
}

/**
 * Why a rabies vaccination of `vaccinatedOn` does not do for a cover from `beginDate`: a day after
 * `today`, or older than the tariff allows on the first day of cover (a cover starting in three
 * months needs a vaccination that is still valid then), or null.
 */
export function vaccinationProblem(vaccinatedOn: string, today: string, beginDate: string, tariff: PetsTariff): 'future' | 'old' | null {
  if (vaccinatedOn > today) return 'future';
  return vaccinatedOn < monthsBefore(beginDate > today ? beginDate : today, tariff.vaccinationValidMonths) ? 'old' : null;
}
