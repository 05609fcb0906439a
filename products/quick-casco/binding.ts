import type { ApiPort, LookupBinding, Price, ProductBinding } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { envelopeFailure, genericErrorId, ProductBindingFailure, requireFields } from '../kit/binding/binding-failure';
import { call, personLookup, policyNumberAnswer, required, saleBinding, requestPerson } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import type { OsagoJuridikRequest, OsagoJuridikResponse } from '../osago/api.generated';
import osago from '../osago/product';
import carSchema from '../../schemas/products/quick-casco/car.json';
import applicantSchema from '../../schemas/products/quick-casco/applicant.json';
import type { ProgramsResponse, SaveRequest } from './api.generated';
import type { QuickCascoTariff } from './pricing';
import manifest from './product';
import { programStart, type QuickCascoApplicant, type QuickCascoCar, type QuickCascoData } from './rules';

/** The step's own patterns: the registry is asked only about what the form would accept. */
const platePattern = new RegExp(carSchema.properties.plate.pattern);
const techPattern = new RegExp(carSchema.properties.techPassport.pattern);
const foreignPassportPattern = new RegExp(applicantSchema.properties.foreignPassport.pattern);

/** The car of the car step as the vehicle registry's call names it, or null while plate or tech passport is incomplete. */
export function vehicleQuery(car: QuickCascoCar | Record<string, unknown>): OsagoJuridikRequest | null {
  const { plate, techPassport } = car;
  if (typeof plate !== 'string' || !platePattern.test(plate) || typeof techPassport !== 'string' || !techPattern.test(techPassport)) return null;
  return { gos_number: plate, tech_sery: techPassport.slice(0, 3), tech_number: techPassport.slice(3) };
}

const atPlate = { field: { step: 'car', path: '/plate' } };

/**
 * Plate + tech passport → the vehicle registry, asked as OSAGO asks it (`/osago-neo/osago-juridik`):
 * model, year and owner, read-only. Quick casco insures individual owners' cars only (requirements §5): a
 * legal entity's car says `for_only_individuals` at the plate.
 */
const vehicleLookup: LookupBinding<QuickCascoTariff> = {
  step: 'car',
  key: (car) => {
    const query = vehicleQuery(car);
    return query ? `${query.gos_number}|${query.tech_sery}${query.tech_number}` : null;
  },
  run: async (api, car) => {
    const query = required(vehicleQuery(car), 'vehicle');
    const envelope = await call(() => api.post<OsagoJuridikResponse>(osago.calls.vehicle, query), atPlate);
    if (!envelope.result) throw envelopeFailure(envelope, 'quick-casco.error.vehicle_not_found', atPlate);
    const vehicle = requireFields<OsagoJuridikResponse>(envelope.response, ['juridik', 'modelName', 'issueYear', 'name'], osago.calls.vehicle);
    if (vehicle.juridik === 1) throw new ProductBindingFailure('for_only_individuals', { ...atPlate, detail: 'the registry names a legal-entity owner' });
    return { model: vehicle.modelName, issueYear: vehicle.issueYear, ownerName: vehicle.name };
  },
};

/** The applicant as the save names them: a citizen by the registry's passport, a foreigner by a 3-letter series and their names. */
function applicantFields(applicant: QuickCascoApplicant): SaveRequest['applicant'] {
  if (applicant.foreign) {
    const passport = required(applicant.foreignPassport, 'foreign passport');
    if (!foreignPassportPattern.test(passport)) throw new ProductBindingFailure(genericErrorId, { detail: 'foreign passport is not 3 letters and 7 digits' });
    return {
      foreign: true,
      passport_seria: passport.slice(0, 3),
      passport_number: passport.slice(3),
      birthday: isoToDmy(required(applicant.birthday, 'birthday'), '.'),
      first_name: required(applicant.firstName, 'first name').trim(),
      last_name: required(applicant.lastName, 'last name').trim(),
    };
  }
  return { foreign: false, ...requestPerson(applicant) };
}

/** The save request for the flow and the total the visitor was shown. */
export function quickCascoSaveRequest(data: QuickCascoData, price: Price): Omit<SaveRequest, 'return_url'> {
  return {
    program_id: required(data.program.programId, 'program'),
    begin_date: isoToDmy(required(data.program.beginDate, 'begin date'), '.'),
    ...required(vehicleQuery(data.car), 'vehicle'),
    applicant: applicantFields(data.applicant),
    phone: phoneDigits(required(data.applicant.phone, 'phone')),
    amount: price.total,
  };
}

async function load(api: ApiPort): Promise<QuickCascoTariff> {
  const envelope = await call(() => api.get<ProgramsResponse>(manifest.calls.programs));
  if (!envelope.result) throw envelopeFailure(envelope, genericErrorId);
  return requireFields<ProgramsResponse>(envelope.response, ['programs'], manifest.calls.programs);
}

export const quickCascoBinding: ProductBinding<QuickCascoData, QuickCascoTariff> = saleBinding<QuickCascoData, QuickCascoTariff>({
  calls: manifest.calls,
  load,
  // The person lookup first (stories and tools take the first lookup as the flow's); a foreigner is not in the registry.
  lookups: [
    personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'applicant', withPinfl: true, skip: (applicant) => applicant.foreign === true }),
    vehicleLookup,
  ],
  saveRequest: quickCascoSaveRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
  refusedFields: { '/applicant/birthday': policyholderAgeRefusal(programStart.checkApplicantAge) },
  policy: policyNumberAnswer,
});
