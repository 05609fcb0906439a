import type { EffectResult } from '../../engine/definition';
import { addDays, groupDigits, isIsoDate, oneYearFrom, todayIso } from '../kit/api/api-format';
import { defineRules, type PersonStep } from '../kit/define/define';
import { isOfferedAmount } from '../kit/rules/offered-amount';
import programSchema from '../../schemas/products/casco/program.json';
import {
  carValue, customProgramId, findPosition, valueLimits, type CascoCatalog, type CascoCover, type CascoRisk, type ProgramId,
} from './pricing';

// ---------------------------------------------------------------- flow data

/** Select car: the catalogue's brand → model → position (ids), the year, and the value. */
export type CascoCar = {
  brand?: number;
  model?: number;
  position?: number;
  year?: number;
  /** The price list's price less depreciation for the car's age (read-only). */
  marketValue?: number;
  /** The insured value: the computed one, or the visitor's correction within the tariff's limits. */
  value?: number;
};

/** Program: a fixed program or the constructor, its risks and liability values, and the cover's first day. */
export type CascoProgram = {
  tariffId?: ProgramId;
  /** The constructor's added risks. */
  risks: Partial<Record<CascoRisk, boolean>>;
  /** Person liability: the limit of third-party harm covered (requirements §9: 1 000 000 by default). */
  liabilitySum?: number;
  /** Accident: the sum insured for the driver and passengers (requirements §9: 1 000 000 by default). */
  accidentSum?: number;
  beginDate?: string;
  endDate?: string;
};

/** Car info: plate and tech passport typed; model, year and owner from the vehicle registry. */
export type CascoVehicle = {
  plate?: string;
  techPassport?: string;
  model?: string;
  issueYear?: number;
  ownerName?: string;
  /** The registry answered for this plate and tech passport. */
  found?: boolean;
  /** The visitor corrects the registry's texts (the lock's "edit" escape; the year stays the registry's). */
  edit?: boolean;
};

export type CascoData = {
  car: CascoCar;
  program: CascoProgram;
  vehicle: CascoVehicle;
  /** Personal data: the policyholder, found in the person registry by passport and birthday, and a phone. */
  personal: PersonStep;
};

// ---------------------------------------------------------------- facts of the data

export const isCustom = (data: CascoData): boolean => data.program.tariffId === customProgramId;

/** The constructor's risks the visitor added, in the tariff's order. */
export function chosenRisks(program: CascoProgram, order: readonly CascoRisk[]): CascoRisk[] {
  return program.tariffId === customProgramId ? order.filter((risk) => program.risks[risk] === true) : [];
}

/** The car's computed value for its position and year (null while either is missing, or the car is too old). */
export function marketValueOf(car: CascoCar, catalog: CascoCatalog): number | null {
  if (car.position === undefined || car.year === undefined) return null;
  const found = findPosition(catalog.cars, car.position);
  return found ? carValue(found.position.price, car.year, catalog.tariff.valuationYear, catalog.tariff) : null;
}

// ---------------------------------------------------------------- field effects

/**
 * The dependent choices kept consistent: a model of another brand and a position of another model
 * are cleared; the value is computed anew for the position and year (a correction made for another
 * car does not carry over).
 */
function syncCar(next: CascoData, previous: CascoData, catalog?: CascoCatalog): EffectResult<CascoData> {
  if (!catalog) return { data: next };
  const { cars } = catalog;
  const car = { ...next.car };
  if (car.model !== undefined && !cars.models.some((m) => m.id === car.model && m.brand_id === car.brand)) car.model = undefined;
  if (car.position !== undefined && !cars.positions.some((p) => p.id === car.position && p.model_id === car.model)) car.position = undefined;
  const market = marketValueOf(car, catalog) ?? undefined;
  car.marketValue = market;
  if (market !== previous.car.marketValue || market === undefined) car.value = market;
  return { data: { ...next, car } };
}

/**
 * Whether a cover's liability values are ones the form offers: none is priced, here or by the
 * server's calculator, that cannot be bought (typed past the maximum, or between two steps of
 * 100 000), as no car value out of bounds is.
 */
export function offersSums(sums: CascoCover['sums']): boolean {
  const bounds = programSchema.properties;
  return (sums.liability === undefined || isOfferedAmount(sums.liability, bounds.liabilitySum))
    && (sums.accident === undefined || isOfferedAmount(sums.accident, bounds.accidentSum));
}

/**
 * Whether the insured value is one the visitor may choose: at most the tariff's share from the
 * computed one (the server holds it to the same). A value not computed yet is not refused here.
 */
export function isOfferedValue(car: CascoData['car'], tariff: CascoCatalog['tariff']): boolean {
  const { marketValue, value } = car;
  if (marketValue === undefined || value === undefined) return true;
  const { min, max } = valueLimits(marketValue, tariff);
  return value >= min && value <= max;
}

function checkValue(next: CascoData, _previous: CascoData, catalog?: CascoCatalog): EffectResult<CascoData> {
  const { marketValue } = next.car;
  if (!catalog || marketValue === undefined || isOfferedValue(next.car, catalog.tariff)) return { data: next };
  // The message gives the range the visitor may type, not only the share it comes from.
  const { min, max } = valueLimits(marketValue, catalog.tariff);
  const values = { min: groupDigits(min), max: groupDigits(max), share: Math.round(catalog.tariff.correction * 100) };
  return { data: next, errors: { car: { '/value': { id: 'casco.error.value_range', values } } } };
}

/** The cover lasts a year from its first day, which is today at the earliest and within the tariff's days. */
function syncPeriod(next: CascoData, _previous: CascoData, catalog?: CascoCatalog): EffectResult<CascoData> {
  const { beginDate } = next.program;
  const data = { ...next, program: { ...next.program, endDate: isIsoDate(beginDate) ? oneYearFrom(beginDate) : undefined } };
  if (!isIsoDate(beginDate)) return { data };
  const today = todayIso();
  if (beginDate < today) return { data, errors: { program: { '/beginDate': 'casco.error.begin_past' } } };
  if (catalog && beginDate > addDays(today, catalog.tariff.startWithinDays)) return { data, errors: { program: { '/beginDate': 'casco.error.begin_late' } } };
  return { data };
}

// ---------------------------------------------------------------- rules

export const cascoRules = defineRules<CascoData, CascoCatalog>()({
  onChange: {
    'car.brand': 'syncCar',
    'car.model': 'syncCar',
    'car.position': 'syncCar',
    'car.year': 'syncCar',
    'car.value': 'checkValue',
    'program.beginDate': 'syncPeriod',
  },
  show: {
    'program.risks': 'isCustom',
    'program.liabilitySum': 'wantsLiability',
    'program.accidentSum': 'wantsAccident',
  },
  // The registry's texts stay as it said until the visitor asks to correct them; the year never (it sets the value).
  lock: { 'vehicle.model': 'vehicleLocked', 'vehicle.ownerName': 'vehicleLocked' },
  guards: {
    isCustom,
    wantsLiability: (data) => isCustom(data) && data.program.risks.liability === true,
    wantsAccident: (data) => isCustom(data) && data.program.risks.accident === true,
    vehicleLocked: (data) => data.vehicle.found === true && data.vehicle.edit !== true,
  },
  actions: { syncCar, checkValue, syncPeriod },
});
