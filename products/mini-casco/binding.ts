import type { ApiPort, Envelope, LookupBinding, Price, ProductBinding, StepCall } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { envelopeFailure, genericErrorId, ProductBindingFailure, requireFields } from '../kit/binding/binding-failure';
import { call, personLookup, policyNumberAnswer, required, saleBinding, passportFields, requestPerson } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import type { MiniCascoTariff } from '../kit/cars/mini-casco-programs';
import carSchema from '../../schemas/products/mini-casco/car.json';
import type { CheckCarRequest, CheckCarResponse, CreatePolicyRequest, GetTariffsResponse } from './api.generated';
import manifest from './product';
import { programStart, type MiniCascoCar, type MiniCascoData } from './rules';

/** The step's own patterns: the car check asks only about what the form would accept. */
const platePattern = new RegExp(carSchema.properties.plate.pattern);
const techPattern = new RegExp(carSchema.properties.techPassport.pattern);

type VehicleQuery = Pick<CheckCarRequest, 'gos_number' | 'tech_sery' | 'tech_number'>;

/** The car of the car step as the insurer's calls name it, or null while plate or tech passport is incomplete. */
export function vehicleQuery(car: MiniCascoCar | Record<string, unknown>): VehicleQuery | null {
  const { plate, techPassport } = car;
  if (typeof plate !== 'string' || !platePattern.test(plate) || typeof techPassport !== 'string' || !techPattern.test(techPassport)) return null;
  return { gos_number: plate, tech_sery: techPassport.slice(0, 3), tech_number: techPassport.slice(3) };
}

const atPlate = { step: 'car', path: '/plate' };
const atPassport = { step: 'applicant', path: '/passport' };

/**
 * The car check's refusals (docs/partner-api.md §2 "Mini-casco"), each where it belongs: error 1, a vehicle the
 * registry lacks, at the plate; error 9, an applicant's passport it lacks, at the passport.
 */
const checkCarRefusals: Readonly<Record<number, { message: string; field: { step: string; path: string } }>> = {
  1: { message: 'mini-casco.error.vehicle_not_found', field: atPlate },
  9: { message: 'mini-casco.error.passport_not_found', field: atPassport },
};

/** The failure of a refused car check: its own message at its own field, else the general message of requirements §8. */
export function checkCarFailure(envelope: Envelope<unknown>): ProductBindingFailure {
  const refusal = Object.hasOwn(checkCarRefusals, envelope.error) ? checkCarRefusals[envelope.error] : undefined;
  if (!refusal) return envelopeFailure(envelope, genericErrorId);
  return new ProductBindingFailure(refusal.message, { field: refusal.field, detail: `checkCar: error ${envelope.error} "${envelope.message}"` });
}

async function checkCar(api: ApiPort, request: CheckCarRequest, field?: { step: string; path: string }): Promise<CheckCarResponse> {
  const envelope = await call(() => api.post<CheckCarResponse>(manifest.calls.checkCar, request), field ? { field } : {});
  if (!envelope.result) throw checkCarFailure(envelope);
  return requireFields<CheckCarResponse>(envelope.response, ['model', 'issue_year'], manifest.calls.checkCar);
}

/** Plate + tech passport → the insurer's car check (the vehicle registry): model and year, read-only; error 1 at the plate. */
const vehicleLookup: LookupBinding<MiniCascoTariff> = {
  step: 'car',
  key: (car) => {
    const query = vehicleQuery(car);
    return query ? `${query.gos_number}|${query.tech_sery}${query.tech_number}` : null;
  },
  run: async (api, car) => {
    const vehicle = await checkCar(api, required(vehicleQuery(car), 'vehicle'), atPlate);
    return { model: vehicle.model, issueYear: vehicle.issue_year };
  },
};

/**
 * Leaving the applicant step, before the save: the insurer checks the car and the applicant's
 * passport together (error 9 at the passport; error 1 at the car's plate, should the registry have
 * lost the car since). Nothing in the data changes.
 */
const checkCarAndApplicant: StepCall<MiniCascoData, MiniCascoTariff> = async (api, data) => {
  await checkCar(api, { ...required(vehicleQuery(data.car), 'vehicle'), ...passportFields(data.applicant) });
  return {};
};

/** The createPolicy request for the flow and the total the visitor was shown. */
export function miniCascoSaveRequest(data: MiniCascoData, price: Price): Omit<CreatePolicyRequest, 'return_url'> {
  const { program, car, applicant } = data;
  return {
    program_id: required(program.programId, 'program'),
    months: program.months,
    begin_date: isoToDmy(required(program.beginDate, 'begin date'), '.'),
    ...required(vehicleQuery(car), 'vehicle'),
    applicant: requestPerson(applicant),
    phone: phoneDigits(required(applicant.phone, 'phone')),
    amount: price.total,
  };
}

async function load(api: ApiPort): Promise<MiniCascoTariff> {
  const envelope = await call(() => api.get<GetTariffsResponse>(manifest.calls.tariffs));
  if (!envelope.result) throw envelopeFailure(envelope, genericErrorId);
  return requireFields<GetTariffsResponse>(envelope.response, ['programs'], manifest.calls.tariffs);
}

/**
 * The binding of mini-casco and its monthly variant, saving and checking at `calls` (each product's
 * own); the programs and the car check are mini-casco's calls for both.
 */
export function miniCascoBindingFor(calls: { save: string; check: string }): ProductBinding<MiniCascoData, MiniCascoTariff> {
  return {
    ...saleBinding<MiniCascoData, MiniCascoTariff>({
      calls: { ...manifest.calls, ...calls },
      load,
      // The person lookup first: stories and tools take the first lookup as the flow's person lookup.
      lookups: [personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'applicant', withPinfl: true }), vehicleLookup],
      saveRequest: miniCascoSaveRequest,
      // Loaded only when a flow is renewed: no part of the flow page.
      renewal: () => import('./renewal').then((module) => module.default),
      // Requirements §8: a save the server refuses with 422 says fault_on_driver_data (the applicant's data: the one driver this cover knows).
      saveStatuses: { codes: { 422: { message: 'fault_on_driver_data' } } },
      // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
      refusedFields: { '/applicant/birthday': policyholderAgeRefusal(programStart.checkApplicantAge) },
      policy: policyNumberAnswer,
    }),
    calls: { checkCar: checkCarAndApplicant },
  };
}
