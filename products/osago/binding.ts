import type { ApiPort, LookupBinding, Price, StepCall } from '../../engine/definition';
import { dmyToIso, isIsoDate, isoToDmy, phoneDigits, splitPassport } from '../kit/api/api-format';
import { envelopeFailure, ProductBindingFailure, requireFields } from '../kit/binding/binding-failure';
import { call, companyLookup, passportFields, personLookup, policyNumberAnswer, required, saleBinding, type SaveErrorTable } from '../kit/binding/binding-kit';
import { isRestrictedModel } from '../kit/cars/restricted-models';
import type {
  CheckDiscountRequest, CheckDiscountResponse, CheckIpRequest, CheckIpResponse, CheckPersonRequest, CheckPersonResponse,
  DriverCheckRequest, DriverCheckResponse, GetCalcOsagoRequest, GetCalcOsagoResponse, OsagoJuridikRequest, OsagoJuridikResponse,
  ReferencesResponse, SaveIpRequest, SavePolicyRequest,
} from './api.generated';
import { osagoPrice, osagoQuoteInput } from './pricing';
import manifest from './product';
import { earliestStart, insuredTooLong, type OsagoCar, type OsagoData, type OsagoDriver, type OsagoPerson } from './rules';
import type { OsagoReference } from './tariff';

/** What the flow works with: the references answer as it stands. */
export type OsagoCatalog = OsagoReference;

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);
const plateOk = (value: unknown): value is string => typeof value === 'string' && /^[0-9]{2}[A-Z0-9]{5,7}$/.test(value);
const techOk = (value: unknown): value is string => typeof value === 'string' && /^[A-Z]{3}[0-9]{7}$/.test(value);

/** `AAF0390422` → `{ sery: 'AAF', number: '0390422' }`. */
export function splitTechPassport(value: string): { sery: string; number: string } {
  return { sery: value.slice(0, 3), number: value.slice(3) };
}

/** The vehicle fields every OSAGO call takes. */
function vehicleFields(car: OsagoCar): OsagoJuridikRequest {
  const { sery, number } = splitTechPassport(required(car.techPassport, 'tech passport'));
  return { gos_number: required(car.plate, 'plate'), tech_sery: sery, tech_number: number };
}

const plateField = { step: 'car', path: '/plate' };

/**
 * The vehicle lookup group: plate and tech passport → owner, model, type, year and whether the owner
 * is a legal entity (osago-juridik). A model of the restricted list (served with the references,
 * matched by lowercase name, requirements §5) is refused at the plate.
 */
const vehicleLookup: LookupBinding<OsagoCatalog> = {
  step: 'car',
  key: (car) => (plateOk(car.plate) && techOk(car.techPassport) ? `${car.plate}|${car.techPassport}` : null),
  run: async (api, car, catalog) => {
    const request = vehicleFields(car as OsagoCar);
    const envelope = await call(() => api.post<OsagoJuridikResponse>(manifest.calls.vehicle, request), { field: plateField });
    if (!envelope.result) throw envelopeFailure(envelope, 'osago.error.vehicle_not_found', { field: plateField });
    const vehicle = requireFields<OsagoJuridikResponse>(envelope.response, ['modelName', 'vehicleTypeId', 'issueYear', 'name'], manifest.calls.vehicle);
    if (vehicle.restricted || isRestrictedModel(vehicle.modelName, catalog.restrictedModels)) {
      throw new ProductBindingFailure('osago.error.restricted_model', { field: plateField, detail: 'restricted model' });
    }
    const found: OsagoCar = {
      ownerName: vehicle.name,
      model: vehicle.modelName,
      vehicleType: vehicle.vehicleTypeId,
      issueYear: vehicle.issueYear,
      legalEntity: vehicle.juridik === 1,
      ownerPinfl: vehicle.pinfl ?? undefined,
      ownerInn: vehicle.inn ?? undefined,
      found: true,
      // A new car is the registry's again: corrections of the last one do not carry over.
      edit: false,
    };
    return found;
  },
};

/**
 * A driver's licence from the licence registry, once the row's passport and birthday are complete.
 * The registry's error 2 (no licence on file) asks for it by hand on that row (requirements §8); a person the
 * registry lacks is said by the row's person lookup.
 */
const licenceLookup: LookupBinding<OsagoCatalog> = {
  step: 'drivers',
  rows: 'drivers',
  key: (row) => (typeof row.passport === 'string' && /^[A-Z]{2}[0-9]{7}$/.test(row.passport) && isIsoDate(row.birthday) ? `${row.passport}|${row.birthday}` : null),
  run: async (api, row) => {
    const person = passportFields(row as OsagoDriver);
    const request: DriverCheckRequest = {
      passport__seria: person.passport_seria,
      passport__number: person.passport_number,
      driver_birthday: person.birthday,
      // No PINFL: the row's is the person lookup's answer, which runs beside this check; when the
      // passport was just changed to another person's, it is still the last person's, and the insurer
      // finds nobody with that pair.
    };
    const envelope = await call(() => api.post<DriverCheckResponse>(manifest.calls.driverCheck, request));
    if (envelope.result) {
      const licence = requireFields<DriverCheckResponse>(envelope.response, ['licenseSeria', 'licenseNumber', 'licenseIssueDate'], manifest.calls.driverCheck);
      return { licence: `${licence.licenseSeria}${licence.licenseNumber}`, licenseIssueDate: dmyToIso(licence.licenseIssueDate), licenceSource: 'registry' };
    }
    if (envelope.error === 2) return { licence: undefined, licenseIssueDate: undefined, licenceSource: 'manual' };
    // No licence for this passport and birthday: a licence still in the row was another person's.
    return { licence: undefined, licenseIssueDate: undefined, licenceSource: undefined };
  },
};

/**
 * Leaving the car step: is a compulsory policy of the car in force (`/check-ip`)? The new one then
 * starts the day after it ends. The check is kept (`/save-ip`) for the insurer's EAIS reconciliation.
 */
const checkCar: StepCall<OsagoData, OsagoCatalog> = async (api, data) => {
  const { gos_number, tech_sery, tech_number } = vehicleFields(data.car);
  const request: CheckIpRequest = { carNumber: gos_number, techSery: tech_sery, techNumber: tech_number };
  const envelope = await call(() => api.post<CheckIpResponse>(manifest.calls.checkIp, request), { field: plateField });
  if (!envelope.result) throw envelopeFailure(envelope, 'osago.error.vehicle_not_found', { field: plateField });
  const answer = requireFields<CheckIpResponse>(envelope.response, ['status'], manifest.calls.checkIp);
  const car: OsagoCar = { ...data.car, insuredUntil: answer.status === 1 && answer.end_date ? dmyToIso(answer.end_date) : undefined };
  // Keeping the check is the insurer's bookkeeping: the visitor goes on whether or not it is kept.
  const kept: SaveIpRequest = request;
  await api.post(manifest.calls.saveIp, kept).catch(() => undefined);
  // Insured for longer than a cover may be bought ahead: said at the plate, with from when it can be.
  const tooLong = insuredTooLong(car.insuredUntil);
  if (tooLong) throw new ProductBindingFailure(tooLong.id, { field: plateField, values: tooLong.values });
  const earliest = earliestStart(car);
  const start = data.policy.startDate;
  return { car, policy: { ...data.policy, startDate: isIsoDate(start) && start >= earliest ? start : earliest } };
};

/** The owner a save or check names: the applicant (who owns the car), another person, or none (a legal entity). */
function ownerOf(data: OsagoData): OsagoPerson | null {
  if (data.car.legalEntity === true) return null;
  return data.personal.isOwner ? data.personal.applicant : data.personal.owner;
}

/**
 * Leaving the personal step: the person named as the owner must own the car (`check-person`), a
 * company its INN; then the benefit the registry grants the owner (`check-discount` → discountId).
 */
const checkOwner: StepCall<OsagoData, OsagoCatalog> = async (api, data) => {
  const owner = ownerOf(data);
  if (!owner) {
    const inn = data.personal.company.inn;
    if (data.car.ownerInn && inn !== data.car.ownerInn) {
      throw new ProductBindingFailure('osago.error.not_owner_company', { field: { step: 'personal', path: '/company/inn' } });
    }
    return { policy: { ...data.policy, benefit: 1 } };
  }
  const field = { step: 'personal', path: data.personal.isOwner ? '/applicant/passport' : '/owner/passport' };
  const { seria, number } = splitPassport(required(owner.passport, 'owner passport'));
  const asked: CheckPersonRequest = { ...vehicleFields(data.car), owner__pass_seria: seria, owner__pass_number: number };
  const checked = await call(() => api.post<CheckPersonResponse>(manifest.calls.checkPerson, asked), { field });
  if (!checked.result) throw new ProductBindingFailure('osago.error.not_owner', { field, detail: `check-person: ${checked.message}` });
  const pinfl = owner.pinfl ?? data.car.ownerPinfl;
  const discount: CheckDiscountRequest = { gos_number: asked.gos_number, owner__pass_seria: seria, owner__pass_number: number, ...(pinfl ? { owner__pinfl: pinfl } : {}) };
  const granted = await call(() => api.post<CheckDiscountResponse>(manifest.calls.discount, discount), { field });
  const benefit = granted.result ? requireFields<CheckDiscountResponse>(granted.response, ['discountId'], manifest.calls.discount).discountId : 1;
  return { policy: { ...data.policy, benefit } };
};

/** The calculator's request for the flow's answers (the vehicle's registry fields and the policy's). */
export function calculatorRequest(data: OsagoData): GetCalcOsagoRequest {
  const { policy, car } = data;
  const legal = car.legalEntity === true;
  return {
    ...vehicleFields(car),
    period_id: policy.period,
    number_drivers_id: policy.drivers,
    ...(car.vehicleType === undefined ? {} : { vehicleTypeId: car.vehicleType }),
    juridik: flag(legal),
    accident: flag(!legal && policy.accident),
    gaz: flag(policy.gas),
    plate_insurance: flag(policy.plateCover),
    ...(policy.miniCasco && policy.miniCascoProgram ? { minikasko_program_id: policy.miniCascoProgram } : {}),
    discountId: legal ? 1 : (policy.benefit ?? 1),
  };
}

/**
 * The server's price (get-calc-osago/v2): its `amount_uzs` is the total. When it is the page's own
 * figure, the page's lines show how it is made up; otherwise the server's total stands alone.
 */
async function quote(api: ApiPort, data: OsagoData, catalog: OsagoCatalog): Promise<Price> {
  const envelope = await call(() => api.post<GetCalcOsagoResponse>(manifest.calls.calculator, calculatorRequest(data)));
  if (!envelope.result) throw envelopeFailure(envelope, 'maybe-data-is-incorrect');
  const { amount_uzs: amount } = requireFields<GetCalcOsagoResponse>(envelope.response, ['amount_uzs'], manifest.calls.calculator);
  const own = osagoPrice(data, catalog);
  return own && own.total === amount ? own : { total: amount, lines: [{ label: 'osago.price.total', amount }] };
}

/** The save-policy/v2 request for the flow and the total the visitor was shown. */
export function savePolicyRequest(data: OsagoData, price: Price): SavePolicyRequest {
  const { car, personal, policy } = data;
  const legal = car.legalEntity === true;
  const limited = policy.drivers === 4;
  const applicant = passportFields(personal.applicant);
  const owner = ownerOf(data);
  const drivers = limited ? data.drivers.drivers : [];
  const ownerFields = owner
    ? (() => {
      const o = passportFields(owner);
      const pinfl = owner.pinfl ?? car.ownerPinfl;
      return { owner__pass_seria: o.passport_seria, owner__pass_number: o.passport_number, owner_birthday: o.birthday, ...(pinfl ? { owner__pinfl: pinfl } : {}) };
    })()
    : { owner__inn: required(personal.company.inn, 'company INN') };
  return {
    amount_uzs: price.total,
    ...vehicleFields(car),
    period_id: policy.period,
    number_drivers_id: policy.drivers,
    ...(car.vehicleType === undefined ? {} : { vehicleTypeId: car.vehicleType }),
    startDate: isoToDmy(required(policy.startDate, 'start date'), '.'),
    ...ownerFields,
    applicant__pass_seria: applicant.passport_seria,
    applicant__pass_number: applicant.passport_number,
    applicant__birthday: applicant.birthday,
    ...(personal.applicant.pinfl ? { applicant__pinfl: personal.applicant.pinfl } : {}),
    // docs/partner-api.md §2 (the OSAGO save): false when any driver may drive.
    applicant_is_driver: limited && drivers.some((d) => d.passport === personal.applicant.passport),
    phone_number: phoneDigits(required(personal.phone, 'phone')),
    drivers: drivers.map((driver) => {
      const person = passportFields(driver);
      const { seria, number } = splitPassport(required(driver.licence, 'licence'));
      return {
        passport__seria: person.passport_seria,
        passport__number: person.passport_number,
        driver_birthday: person.birthday,
        ...(driver.pinfl ? { driver_pinfl: driver.pinfl } : {}),
        licenseSeria: seria,
        licenseNumber: number,
        licenseIssueDate: isoToDmy(required(driver.licenseIssueDate, 'licence issue date'), '.'),
        relative: required(driver.relative, 'relative'),
        name: `${driver.lastName ?? ''} ${driver.firstName ?? ''}`.trim(),
      };
    }),
    accident: flag(!legal && policy.accident),
    gaz: flag(policy.gas),
    plate_insurance: flag(policy.plateCover),
    miniKasko: flag(policy.miniCasco),
    ...(policy.miniCasco ? { minikasko_program_id: required(policy.miniCascoProgram, 'mini-casco program') } : {}),
    discountId: legal ? 1 : (policy.benefit ?? 1),
  };
}

/**
 * Requirements §8: the save's error codes, each where it belongs. A code naming a driver goes on the row the
 * answer's 1-based `response.key` names (else it is a general message); 10 and any unknown code open
 * the error dialog and are logged.
 */
export const osagoSaveErrors: SaveErrorTable = {
  codes: {
    1: { message: 'osago.error.owner_not_found' },
    2: { message: 'osago.error.inn_not_found' },
    3: { message: 'osago.error.driver_not_found', row: { step: 'drivers', rows: 'drivers', field: 'passport' } },
    4: { message: 'osago.error.licence_not_found', row: { step: 'drivers', rows: 'drivers', field: 'licence' } },
    5: { message: 'osago.error.licence_not_found', row: { step: 'drivers', rows: 'drivers', field: 'licence' } },
    6: { message: 'fault_on_driver_data', row: { step: 'drivers', rows: 'drivers', field: 'passport' } },
    7: { message: 'osago.error.licence_not_found', row: { step: 'drivers', rows: 'drivers', field: 'licence' } },
    8: { message: 'osago.error.licence_not_found', row: { step: 'drivers', rows: 'drivers', field: 'licence' } },
    9: { message: 'osago.error.licence_not_found', row: { step: 'drivers', rows: 'drivers', field: 'licence' } },
    10: { message: 'maybe-data-is-incorrect', modal: true },
  },
  otherwise: { message: 'maybe-data-is-incorrect', modal: true },
};

async function load(api: ApiPort): Promise<OsagoCatalog> {
  const envelope = await call(() => api.get<ReferencesResponse>(manifest.calls.references));
  if (!envelope.result) throw envelopeFailure(envelope, 'maybe-data-is-incorrect');
  return requireFields<ReferencesResponse>(envelope.response, ['rates', 'periods', 'extras', 'benefits', 'restrictedModels', 'miniCasco'], manifest.calls.references);
}

/**
 * An OSAGO binding saving and checking at `calls` (OSAGO's, or a variant's own save and check); the
 * registry calls, the catalog and the calculator are OSAGO's for every variant.
 */
export function osagoBindingFor(calls: { save: string; check: string }) {
  return {
    ...saleBinding<OsagoData, OsagoCatalog>({
      calls: { ...manifest.calls, ...calls },
      load,
      // The person lookups first: stories and tools take the first lookup as the flow's person lookup.
      lookups: [
        personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'personal', at: 'applicant', withPinfl: true }),
        personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'personal', at: 'owner', withPinfl: true }),
        companyLookup({ call: '/osgor_neo/inn', step: 'personal', at: 'company' }),
        personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'drivers', rows: 'drivers', withPinfl: true }),
        licenceLookup,
        vehicleLookup,
      ],
      saveRequest: savePolicyRequest,
      // Loaded only when a flow is renewed: no part of the flow page.
      renewal: () => import('./renewal').then((module) => module.default),
      saveErrors: osagoSaveErrors,
      policy: policyNumberAnswer,
    }),
    calls: { checkCar, checkOwner },
    quote: {
      key: (data: OsagoData) => {
        const input = osagoQuoteInput(data);
        return input ? JSON.stringify([data.car.plate, data.car.techPassport, input]) : null;
      },
      run: quote,
    },
  };
}
