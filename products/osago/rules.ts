import type { EffectResult, FieldMessage } from '../../engine/definition';
import { addDays, isIsoDate, isoToDmy, todayIso } from '../kit/api/api-format';
import { defineRules, type FlowPerson } from '../kit/define/define';
import { latestStartDays } from '../kit/rules/start-window';
import type { VehicleTypeId } from '../kit/sale/sale';

// ---------------------------------------------------------------- flow data

/** The car step: plate and tech passport typed, the rest from the vehicle registry (osago-juridik). */
export type OsagoCar = {
  /** Stored `01A123BC` (requirements §5: uppercased). */
  plate?: string;
  /** Series and number in one string (`AAF0390422`). */
  techPassport?: string;
  ownerName?: string;
  model?: string;
  vehicleType?: VehicleTypeId;
  issueYear?: number;
  /** The registry's owner is a legal entity (the answer's `juridik`). */
  legalEntity?: boolean;
  ownerPinfl?: string;
  ownerInn?: string;
  /** The registry answered for this plate and tech passport. */
  found?: boolean;
  /** The visitor corrects what the registry said (the lock's "edit" escape). */
  edit?: boolean;
  /** ISO: the last day of a compulsory policy in force (`/check-ip`), if any. */
  insuredUntil?: string;
};

/** A person looked up by passport and birthday (names and PINFL from the registry). */
export type OsagoPerson = FlowPerson;

export type OsagoPersonal = {
  /** Who buys: the owner, someone else for an individual owner, or a legal entity's representative. */
  applicant: OsagoPerson;
  /** "I am the owner" (individual owners; `/osago-neo/check-person` confirms it). */
  isOwner: boolean;
  /** The owner, when an individual other than the applicant. */
  owner: OsagoPerson;
  /** A legal-entity owner, by its INN (company lookup). */
  company: { inn?: string; name?: string };
  phone?: string;
};

/** `number_drivers_id` of the partner API: 1 any driver ("policy type 1"), 4 up to five named drivers. */
export type DriversOption = 1 | 4;

export type OsagoPolicy = {
  /** `period_id`: 1 = 12 months, 2 = 6 months. */
  period: 1 | 2;
  drivers: DriversOption;
  /** ISO, the first day of cover. */
  startDate?: string;
  accident: boolean;
  gas: boolean;
  plateCover: boolean;
  miniCasco: boolean;
  miniCascoProgram?: 1 | 2 | 3;
  /** `discountId` granted by `/osago-neo/check-discount` (1 none, 2–9 a benefit category). */
  benefit?: number;
};

export type OsagoDriver = FlowPerson & {
  /** Relation degree to the owner, 0 (none) – 10 (docs/insurance-facts.md §2). */
  relative?: number;
  /** Series and number in one string (`AF0557857`). */
  licence?: string;
  licenseIssueDate?: string;
  /** Where the licence came from: the registry (`/osago-neo/driver-check`), or typed by hand (its error 2). */
  licenceSource?: 'registry' | 'manual';
};

export type OsagoDrivers = { drivers: OsagoDriver[] };

export type OsagoData = {
  car: OsagoCar;
  personal: OsagoPersonal;
  policy: OsagoPolicy;
  drivers: OsagoDrivers;
};

// ---------------------------------------------------------------- facts of the data

export const isLegalEntity = (data: OsagoData) => data.car.found === true && data.car.legalEntity === true;
export const isIndividual = (data: OsagoData) => data.car.found === true && data.car.legalEntity !== true;

/** The earliest first day of cover: tomorrow, or the day after the policy in force ends. */
export function earliestStart(car: Pick<OsagoCar, 'insuredUntil'>, today: string = todayIso()): string {
  const tomorrow = addDays(today, 1);
  const afterInForce = isIsoDate(car.insuredUntil) ? addDays(car.insuredUntil, 1) : tomorrow;
  return afterInForce > tomorrow ? afterInForce : tomorrow;
}

/**
 * A car insured for longer than a cover may be bought ahead (`latestStartDays`): the message saying
 * until when (`date`) and from when its next policy can be bought (`from`); null when it can be now.
 * The car step, the policy step and the server's save all say it so.
 */
export function insuredTooLong(insuredUntil: string | undefined, today: string = todayIso()): { id: 'osago.error.insured_long'; values: { date: string; from: string } } | null {
  if (!isIsoDate(insuredUntil)) return null;
  const earliest = earliestStart({ insuredUntil }, today);
  if (earliest <= addDays(today, latestStartDays)) return null;
  return { id: 'osago.error.insured_long', values: { date: isoToDmy(insuredUntil, '.'), from: isoToDmy(addDays(earliest, -latestStartDays), '.') } };
}

// ---------------------------------------------------------------- field effects

/** Requirements §5: a legal-entity owner clears the accident extra (its show rule hides it too). */
function clearAccidentExtra(next: OsagoData): EffectResult<OsagoData> {
  if (!isLegalEntity(next) || !next.policy.accident) return { data: next };
  return { data: { ...next, policy: { ...next.policy, accident: false } } };
}

/**
 * The first day of cover is tomorrow at the earliest, and after a policy in force; a car insured for
 * longer than the start window cannot have its next policy bought yet, and is told from when it can.
 */
function checkStartDate(next: OsagoData): EffectResult<OsagoData> {
  const start = next.policy.startDate;
  if (!isIsoDate(start)) return { data: next };
  const { insuredUntil } = next.car;
  const tooLong = insuredTooLong(insuredUntil);
  if (tooLong) return { data: next, errors: { policy: { '/startDate': tooLong } } };
  const earliest = earliestStart(next.car);
  if (start >= earliest) return { data: next };
  const message: FieldMessage = isIsoDate(insuredUntil) && start <= insuredUntil
    ? { id: 'osago.error.start_in_force', values: { date: isoToDmy(insuredUntil, '.'), start: isoToDmy(earliest, '.') } }
    : 'osago.error.start_past';
  return { data: next, errors: { policy: { '/startDate': message } } };
}

// ---------------------------------------------------------------- rules

const guards = {
  // What the registry said stays as it said, until the visitor asks to correct it.
  vehicleLocked: (data: OsagoData) => data.car.found === true && data.car.edit !== true,
  individualOwner: isIndividual,
  legalEntityOwner: isLegalEntity,
  ownerIsSomeoneElse: (data: OsagoData) => isIndividual(data) && !data.personal.isOwner,
  companyFound: (data: OsagoData) => typeof data.personal.company?.name === 'string',
  wantsMiniCasco: (data: OsagoData) => data.policy.miniCasco === true,
  limitedDrivers: (data: OsagoData) => data.policy.drivers === 4,
  // Requirements §4: a legal-entity owner with policy type 1 (any driver) skips the drivers step; with
  // type 3 (named drivers: number_drivers_id 4 of the partner API) it lists them.
  legalEntityType1: (data: OsagoData) => isLegalEntity(data) && data.policy.drivers === 1,
  licenceFromRegistry: (_data: OsagoData, row?: Record<string, unknown>) => row?.licenceSource === 'registry',
};

const actions = { clearAccidentExtra, checkStartDate };

/**
 * Which rule shows, locks or skips what; OSAGO limited keeps them all but those its fixed drivers
 * decide. The registry's answers (the vehicle, the people's names, a driver's licence) are always
 * drawn: empty, and so holding Next back, until a lookup fills them (or, for a licence the registry
 * lacks, the visitor types it).
 */
const showRules = {
  'personal.isOwner': 'individualOwner',
  'personal.owner': 'ownerIsSomeoneElse',
  'personal.company': 'legalEntityOwner',
  'personal.company.name': 'companyFound',
  'policy.accident': 'individualOwner',
  'policy.miniCascoProgram': 'wantsMiniCasco',
  'drivers.drivers': 'limitedDrivers',
} as const;

const lockRules = {
  'car.model': 'vehicleLocked',
  'car.vehicleType': 'vehicleLocked',
  'car.issueYear': 'vehicleLocked',
  'drivers.drivers[].licence': 'licenceFromRegistry',
  'drivers.drivers[].licenseIssueDate': 'licenceFromRegistry',
} as const;

const onChange = {
  'car.legalEntity': 'clearAccidentExtra',
  'policy.startDate': 'checkStartDate',
} as const;

export const osagoRules = defineRules<OsagoData>()({
  skip: { drivers: 'legalEntityType1' },
  show: showRules,
  lock: lockRules,
  onChange,
  guards,
  actions,
});

/**
 * OSAGO with named drivers fixed (the OSAGO limited variant): its drivers step is never skipped and
 * its driver list always shown, so the rules those decide — and their guards — are not its rules.
 */
export const limitedDriversRules = defineRules<OsagoData>()({
  show: Object.fromEntries(Object.entries(showRules).filter(([key]) => key !== 'drivers.drivers')) as Omit<typeof showRules, 'drivers.drivers'>,
  lock: lockRules,
  onChange,
  guards: Object.fromEntries(Object.entries(guards).filter(([name]) => name !== 'legalEntityType1' && name !== 'limitedDrivers')) as Omit<typeof guards, 'legalEntityType1' | 'limitedDrivers'>,
  actions,
});
