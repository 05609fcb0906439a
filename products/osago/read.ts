import { defined, either, flag, integer, isRecord, money, phone, upper, yes } from '../request-reader';

/**
 * OSAGO requests as partner clients send them (reference §1, [K] and [Y]) read into the shapes of
 * schemas/api/osago: plates and series in any case and with spaces, ids and counts as numeric
 * strings (`number_drivers_id: "4"`), flags as booleans, `car_type_id` for the vehicle type and the
 * EAIS's passenger id 2 for our 1, passports under camelCase names. Dates, money and the documents'
 * digits are left as sent for the schema to judge.
 */

/** A plate or series as stored: capitals without spaces or dashes (`01 a 123 bc` → `01A123BC`). */
function compact(value: unknown): unknown {
  return typeof value === 'string' ? value.toUpperCase().replace(/[\s-]/g, '') : value;
}

/** The vehicle type by our ids; the EAIS numbers a passenger car 2 (reference: vehicle type ids). */
function vehicleType(value: unknown): unknown {
  const read = integer(value);
  return read === 2 ? 1 : read;
}

function vehicle(body: Record<string, unknown>) {
  return {
    gos_number: compact(either(body, 'gos_number', 'gosNumber', 'carNumber')),
    tech_sery: compact(either(body, 'tech_sery', 'techSery', 'tech_seria')),
    tech_number: either(body, 'tech_number', 'techNumber'),
  };
}

/** osago-juridik and check-person: the vehicle (and the owner's passport). */
export function readVehicleQuery(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    ...vehicle(body),
    owner__pass_seria: upper(either(body, 'owner__pass_seria', 'ownerPassSeria', 'passportSeria')),
    owner__pass_number: either(body, 'owner__pass_number', 'ownerPassNumber', 'passportNumber'),
  });
}

/** check-ip and save-ip: the spec's camelCase names, or the vehicle names of the other calls. */
export function readCarCheck(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const { gos_number: carNumber, tech_sery: techSery, tech_number: techNumber } = vehicle(body);
  return defined({ carNumber, techSery, techNumber });
}

/** check-discount: the owner's PINFL and passport. */
export function readDiscountQuery(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    gos_number: compact(either(body, 'gos_number', 'gosNumber')),
    owner__pinfl: either(body, 'owner__pinfl', 'pinfl'),
    owner__pass_seria: upper(either(body, 'owner__pass_seria', 'passportSeria')),
    owner__pass_number: either(body, 'owner__pass_number', 'passportNumber'),
  });
}

/** driver-check: the driver's passport and birthday under any of the names partners use. */
export function readDriverQuery(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    passport__seria: upper(either(body, 'passport__seria', 'passportSeria', 'passport_seria')),
    passport__number: either(body, 'passport__number', 'passportNumber', 'passport_number'),
    driver_birthday: either(body, 'driver_birthday', 'birthday', 'birthDate'),
    driver_pinfl: either(body, 'driver_pinfl', 'pinfl'),
  });
}

/** A flag as 0/1 when it is there; an absent one stays absent (the schema says whether it may be). */
const optionalFlag = (value: unknown): unknown => (value === undefined ? undefined : flag(value));

/** What the calculator and the save share: the vehicle, the period, the drivers' option and the extras. */
function policy(body: Record<string, unknown>) {
  return {
    ...vehicle(body),
    period_id: integer(body.period_id),
    number_drivers_id: integer(body.number_drivers_id),
    vehicleTypeId: vehicleType(either(body, 'vehicleTypeId', 'car_type_id', 'vehicle_type_id')),
    accident: optionalFlag(body.accident),
    gaz: optionalFlag(either(body, 'gaz', 'gas')),
    plate_insurance: optionalFlag(body.plate_insurance),
    minikasko_program_id: integer(body.minikasko_program_id),
    discountId: integer(body.discountId),
  };
}

/** get-calc-osago: the policy's fields, the legal-entity flag as 0/1. */
export function readCalculator(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({ ...policy(body), juridik: optionalFlag(body.juridik) });
}

function driver(row: unknown): unknown {
  if (!isRecord(row)) return row;
  return defined({
    passport__seria: upper(either(row, 'passport__seria', 'passportSeria')),
    passport__number: either(row, 'passport__number', 'passportNumber'),
    driver_birthday: either(row, 'driver_birthday', 'birthday'),
    driver_pinfl: either(row, 'driver_pinfl', 'pinfl'),
    licenseSeria: upper(either(row, 'licenseSeria', 'license_seria', 'licenceSeria')),
    licenseNumber: either(row, 'licenseNumber', 'license_number', 'licenceNumber'),
    licenseIssueDate: either(row, 'licenseIssueDate', 'license_issue_date'),
    relative: integer(either(row, 'relative', 'relation')),
    name: row.name,
  });
}

/** save-policy/v2: the policy, owner, applicant and drivers; `amount_uzs` as an exact whole sum. */
export function readSave(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    amount_uzs: money(body.amount_uzs),
    ...policy(body),
    startDate: either(body, 'startDate', 'start_date'),
    owner__pass_seria: upper(body.owner__pass_seria),
    owner__pass_number: body.owner__pass_number,
    owner_birthday: body.owner_birthday,
    owner__pinfl: body.owner__pinfl,
    owner__inn: body.owner__inn,
    applicant__pass_seria: upper(body.applicant__pass_seria),
    applicant__pass_number: body.applicant__pass_number,
    applicant__birthday: body.applicant__birthday,
    applicant__pinfl: body.applicant__pinfl,
    applicant_is_driver: yes(body.applicant_is_driver ?? false),
    phone_number: phone(body.phone_number),
    // An absent list is no named driver (a policy for any driver).
    drivers: Array.isArray(body.drivers) ? body.drivers.map(driver) : (body.drivers ?? []),
    // Partners leave out the extras they do not sell: not bought.
    accident: flag(body.accident ?? 0),
    gaz: flag(either(body, 'gaz', 'gas') ?? 0),
    miniKasko: flag(either(body, 'miniKasko', 'minikasko', 'mini_kasko') ?? 0),
    return_url: body.return_url,
  });
}
