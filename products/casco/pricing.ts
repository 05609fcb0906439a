import type { Price, PriceLine } from '../../engine/definition';
import type { CarCatalogue } from '../kit/sale/sale';

/**
 * Casco's tariff (README.md "Tariff"): three fixed programs priced as a share of the insured value,
 * and a constructor — a base cover and the risks the visitor adds, each priced on the car's value or,
 * for the two liability risks, on the sum the visitor chooses. One function prices the page and the
 * server's save; the figures live in the `tariffs` table (row `casco`) and change there.
 */

/** The risks a constructor adds to its base cover (docs/insurance-facts.md §6, NEO's add-ons). */
export const cascoRisks = ['liability', 'accident', 'drunk_driving', 'railway_crossing', 'red_light', 'wrong_way', 'windscreen', 'roadside_help', 'taxi_rental'] as const;
export type CascoRisk = (typeof cascoRisks)[number];

/** The risks priced on a sum the visitor chooses (the liability values), not on the car's value. */
export const liabilityRisks = ['liability', 'accident'] as const;
export type LiabilityRisk = (typeof liabilityRisks)[number];

/** Tariff ids: 1–3 the fixed programs (type 0), 4 the constructor (type 1). */
export type FixedProgramId = 1 | 2 | 3;
export const customProgramId = 4;
export type ProgramId = FixedProgramId | typeof customProgramId;

export interface FixedProgram {
  id: FixedProgramId;
  name: string;
  /** Share of the insured value a year. */
  rate: number;
  /** The constructor's risks the program holds beside the base cover (what its card lists). */
  risks: CascoRisk[];
}

/** A liability value's bounds and default, whole UZS. */
export interface SumRange {
  min: number;
  max: number;
  step: number;
  default: number;
}

export interface CascoTariff {
  programs: FixedProgram[];
  /** The constructor (named `custom`: a `constructor` member would shadow every object's own). */
  custom: {
    /** The base cover's share of the insured value (Basic's cover: damage, theft, fire, natural disasters, third parties' acts). */
    baseRate: number;
    /** Each risk's share of what it is priced on: the insured value, or the chosen sum for the liability risks. */
    rates: Record<CascoRisk, number>;
    sums: Record<LiabilityRisk, SumRange>;
  };
  /** A used car's value: `perYear` of the new price less for each year of age (linear), insured up to `maxAge` years. */
  depreciation: { perYear: number; maxAge: number };
  /** How far the visitor may move the insured value from the computed one, as a share of it (0.2 = ±20 %). */
  correction: number;
  /** Requirements §9: 35 % off the premium while active. */
  discount: { percent: number; active: boolean };
  /** Requirements §9: the 8 March discount; its getter answers 0. */
  marchEighthPercent: number;
  /** The cover may start at most this many days after today. */
  startWithinDays: number;
}

export const cascoTariff: CascoTariff = {
  programs: [
    { id: 1, name: 'Basic', rate: 0.01, risks: [] },
    { id: 2, name: 'Comfort', rate: 0.015, risks: ['windscreen', 'roadside_help'] },
    { id: 3, name: 'Premium', rate: 0.025, risks: ['windscreen', 'roadside_help', 'drunk_driving', 'railway_crossing', 'red_light', 'wrong_way', 'taxi_rental'] },
  ],
  custom: {
    baseRate: 0.01,
    rates: {
      liability: 0.003,
      accident: 0.005,
      drunk_driving: 0.005,
      railway_crossing: 0.001,
      red_light: 0.003,
      wrong_way: 0.003,
      windscreen: 0.003,
      roadside_help: 0.002,
      taxi_rental: 0.002,
    },
    sums: {
      liability: { min: 1_000_000, max: 100_000_000, step: 100_000, default: 1_000_000 },
      accident: { min: 1_000_000, max: 50_000_000, step: 100_000, default: 1_000_000 },
    },
  },
  depreciation: { perYear: 0.05, maxAge: 10 },
  correction: 0.2,
  discount: { percent: 35, active: true },
  marchEighthPercent: 0,
  startWithinDays: 60,
};

/** What `GET /kasko-neo/get-tarif` answers: the tariff, and the year a car's age is counted to (the server's, in Tashkent). */
export interface CascoTariffAnswer extends CascoTariff {
  valuationYear: number;
}

/** What the flow loads: the price list and the tariff. */
export interface CascoCatalog {
  cars: CarCatalogue;
  tariff: CascoTariffAnswer;
}

/** Requirements §9: the 8 March discount getter. The tariff holds 0, so it changes no price. */
export const marchEighthDiscount = (tariff: CascoTariff): number => tariff.marchEighthPercent;

/** The discount of the premium, percent: 35 while active, and the 8 March one. */
export const discountPercent = (tariff: CascoTariff): number => (tariff.discount.active ? tariff.discount.percent : 0) + marchEighthDiscount(tariff);

/** A car's age in whole years: the valuation year less the year of manufacture; null for a car from the future. */
export function carAge(year: number, valuationYear: number): number | null {
  return year > valuationYear ? null : valuationYear - year;
}

/**
 * A car's value today: the new price less `perYear` of it per year of age (linear: a car of 6 years
 * is worth 70 % of new, as NEO values a 2020 car in 2026), or null when it is older than the tariff
 * insures or not yet made.
 */
export function carValue(newPrice: number, year: number, valuationYear: number, tariff: CascoTariff): number | null {
  const age = carAge(year, valuationYear);
  if (age === null || age > tariff.depreciation.maxAge) return null;
  return Math.round(newPrice * (1 - tariff.depreciation.perYear * age));
}

/** The insured values the visitor may choose for a computed value: ±`correction` of it, whole UZS. */
export function valueLimits(computed: number, tariff: CascoTariff): { min: number; max: number } {
  return { min: Math.ceil(computed * (1 - tariff.correction)), max: Math.floor(computed * (1 + tariff.correction)) };
}

/** The years of manufacture casco insures, newest first. */
export function insurableYears(valuationYear: number, tariff: CascoTariff): number[] {
  return Array.from({ length: tariff.depreciation.maxAge + 1 }, (_, age) => valuationYear - age);
}

/** A position of the price list with its model and brand, or null for an id it does not hold. */
export function findPosition(cars: CarCatalogue, positionId: number) {
  const position = cars.positions.find((p) => p.id === positionId);
  const model = position && cars.models.find((m) => m.id === position.model_id);
  const brand = model && cars.brands.find((b) => b.id === model.brand_id);
  return position && model && brand ? { position, model, brand } : null;
}

/** What a policy covers, as the page and the save request state it. */
export interface CascoCover {
  /** The insured value, whole UZS. */
  value: number;
  program: ProgramId;
  /** The constructor's added risks (none for a fixed program). */
  risks: readonly CascoRisk[];
  /** The chosen sums of the liability risks that are added. */
  sums: Partial<Record<LiabilityRisk, number>>;
}

const isLiabilityRisk = (risk: CascoRisk): risk is LiabilityRisk => (liabilityRisks as readonly string[]).includes(risk);

/** One added risk's premium: its rate on the insured value, or on its chosen sum. */
export function riskPremium(risk: CascoRisk, cover: Pick<CascoCover, 'value' | 'sums'>, tariff: CascoTariff): number {
  const on = isLiabilityRisk(risk) ? (cover.sums[risk] ?? tariff.custom.sums[risk].default) : cover.value;
  return Math.round(on * tariff.custom.rates[risk]);
}

/**
 * The premium of a cover for a year, in whole UZS: a fixed program's rate on the value, or the
 * constructor's base and each added risk; then the discounts. Lines add up to the total. Null for a
 * program the tariff does not have.
 */
export function quoteCasco(cover: CascoCover, tariff: CascoTariff): Price | null {
  const lines: PriceLine[] = [];
  if (cover.program === customProgramId) {
    lines.push({ label: 'casco.price.base', amount: Math.round(cover.value * tariff.custom.baseRate) });
    for (const risk of cascoRisks) if (cover.risks.includes(risk)) lines.push({ label: `casco.risk.${risk}`, amount: riskPremium(risk, cover, tariff) });
  } else {
    const program = tariff.programs.find((p) => p.id === cover.program);
    if (!program) return null;
    lines.push({ label: `casco.program.${program.id}`, amount: Math.round(cover.value * program.rate) });
  }
  const premium = lines.reduce((sum, line) => sum + line.amount, 0);
  const percent = discountPercent(tariff);
  if (percent > 0) lines.push({ label: 'casco.price.discount', amount: -Math.round((premium * percent) / 100) });
  return { total: lines.reduce((sum, line) => sum + line.amount, 0), lines };
}

/**
 * The lowest premium casco sells (the card's "from" price): Basic on the cheapest position of the
 * price list, at the oldest age insured and the lowest value the visitor may choose.
 */
export function lowestPremium(cars: CarCatalogue, tariff: CascoTariff): number {
  const cheapest = Math.min(...cars.positions.map((p) => p.price));
  const basic = tariff.programs.reduce((low, p) => (p.rate < low.rate ? p : low));
  const oldest = Math.round(cheapest * (1 - tariff.depreciation.perYear * tariff.depreciation.maxAge));
  return quoteCasco({ value: valueLimits(oldest, tariff).min, program: basic.id, risks: [], sums: {} }, tariff)?.total ?? 0;
}
