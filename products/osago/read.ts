import { isRecord } from '../../engine/is-record';
import { defined, either, eitherAs, integer } from '../kit/sale/request-reader';

/**
 * OSAGO requests as partner clients send them (docs/partner-api.md §2, [K] and [Y]) read into the shapes of
 * schemas/api/osago: the names their clients give fields (`carNumber`, `car_type_id`, `gas`, an
 * owner's passport as `passportSeria`, a driver's as `licenceSeria`), the EAIS's passenger id 2 for
 * our 1, extras left out as not bought. The values themselves (ids and flags as strings, plates and
 * series in any case and with spaces, phones, camelCase names) are read by the reading every call
 * shares (`schemaReader`), before and after this; dates, money and the documents' digits are the
 * schema's to judge.
 */

/** The vehicle type by our ids; the EAIS numbers a passenger car 2 (docs/insurance-facts.md §2: vehicle type ids). */
function vehicleType(value: unknown): unknown {
  return integer(value) === 2 ? 1 : value;
}

function vehicle(body: Record<string, unknown>) {
  return {
    gos_number: either(body, 'gos_number', 'gosNumber', 'carNumber'),
    tech_sery: either(body, 'tech_sery', 'techSery', 'tech_seria'),
    tech_number: either(body, 'tech_number', 'techNumber'),
  };
}

/** osago-juridik and check-person: the vehicle (and the owner's passport). */
export function readVehicleQuery(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    ...vehicle(body),
    owner__pass_seria: either(body, 'owner__pass_seria', 'passportSeria'),
    owner__pass_number: either(body, 'owner__pass_number', 'passportNumber'),
  });
}

/** check-ip and save-ip: the camelCase names of requirements §7, or the vehicle names of the other calls. */
export function readCarCheck(body: unknown): unknown {
  if (!isRecord(body)) return body;
  const { gos_number: carNumber, tech_sery: techSery, tech_number: techNumber } = vehicle(body);
  return defined({ carNumber, techSery, techNumber });
}

/** check-discount: the owner's PINFL and passport. */
export function readDiscountQuery(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    gos_number: body.gos_number,
    owner__pinfl: either(body, 'owner__pinfl', 'pinfl'),
    owner__pass_seria: either(body, 'owner__pass_seria', 'passportSeria'),
    owner__pass_number: either(body, 'owner__pass_number', 'passportNumber'),
  });
}

/** driver-check: the driver's passport and birthday under any of the names partners use. */
export function readDriverQuery(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    passport__seria: body.passport__seria,
    passport__number: body.passport__number,
    driver_birthday: either(body, 'driver_birthday', 'birthday', 'birthDate'),
    driver_pinfl: either(body, 'driver_pinfl', 'pinfl'),
  });
}

/** What the calculator and the save share: the vehicle, the period, the drivers' option and the extras. */
function policy(body: Record<string, unknown>) {
  return {
    ...vehicle(body),
    period_id: body.period_id,
    number_drivers_id: body.number_drivers_id,
    vehicleTypeId: vehicleType(eitherAs(vehicleType, body, 'vehicleTypeId', 'car_type_id')),
    accident: body.accident,
    gaz: either(body, 'gaz', 'gas'),
    plate_insurance: body.plate_insurance,
    minikasko_program_id: body.minikasko_program_id,
    discountId: body.discountId,
  };
}

/** get-calc-osago: the policy's fields and the legal-entity flag. */
export function readCalculator(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({ ...policy(body), juridik: body.juridik });
}

function driver(row: unknown): unknown {
  if (!isRecord(row)) return row;
  return defined({
    passport__seria: row.passport__seria,
    passport__number: row.passport__number,
    driver_birthday: either(row, 'driver_birthday', 'birthday'),
    driver_pinfl: either(row, 'driver_pinfl', 'pinfl'),
    licenseSeria: either(row, 'licenseSeria', 'licenceSeria'),
    licenseNumber: either(row, 'licenseNumber', 'licenceNumber'),
    licenseIssueDate: row.licenseIssueDate,
    relative: either(row, 'relative', 'relation'),
    name: row.name,
  });
}

/** save-policy/v2: the policy, owner, applicant and drivers. */
export function readSave(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({
    amount_uzs: body.amount_uzs,
    ...policy(body),
    startDate: body.startDate,
    owner__pass_seria: body.owner__pass_seria,
    owner__pass_number: body.owner__pass_number,
    owner_birthday: body.owner_birthday,
    owner__pinfl: body.owner__pinfl,
    owner__inn: body.owner__inn,
    applicant__pass_seria: body.applicant__pass_seria,
    applicant__pass_number: body.applicant__pass_number,
    applicant__birthday: body.applicant__birthday,
    applicant__pinfl: body.applicant__pinfl,
    applicant_is_driver: body.applicant_is_driver ?? false,
    phone_number: body.phone_number,
    // An absent list is no named driver (a policy for any driver).
    drivers: Array.isArray(body.drivers) ? body.drivers.map(driver) : (body.drivers ?? []),
    // Partners leave out the extras they do not sell: not bought.
    accident: body.accident ?? 0,
    gaz: either(body, 'gaz', 'gas') ?? 0,
    miniKasko: body.miniKasko ?? 0,
    return_url: body.return_url,
  });
}
