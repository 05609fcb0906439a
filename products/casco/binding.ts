import type { ApiPort, LookupBinding, Price, ProductBinding, StepCall } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { envelopeFailure, genericErrorId, ProductBindingFailure, requireFields } from '../kit/binding/binding-failure';
import { call, personLookup, requestPerson, required, saleBinding } from '../kit/binding/binding-kit';
import type { OsagoJuridikRequest, OsagoJuridikResponse } from '../osago/api.generated';
import osago from '../osago/product';
import type { CarCatalogue } from '../kit/sale/sale';
import vehicleSchema from '../../schemas/products/casco/vehicle.json';
import type { CalculateRequest, CalculateResponse, SaveRequest, TariffResponse } from './api.generated';
import {
  cascoRisks, customProgramId, findPosition, quoteCasco, type CascoCatalog, type CascoCover, type CascoRisk,
} from './pricing';
import manifest from './product';
import { chosenRisks, offersSums, type CascoData, type CascoVehicle } from './rules';
import { vehicleMismatch } from './vehicle';

const atPlate = { field: { step: 'vehicle', path: '/plate' } };
// The step's own patterns (schemas/common shapes): a lookup asks only for what the form would accept.
const platePattern = new RegExp(vehicleSchema.properties.plate.pattern);
const techPattern = new RegExp(vehicleSchema.properties.techPassport.pattern);
const plateOk = (value: unknown): value is string => typeof value === 'string' && platePattern.test(value);
const techOk = (value: unknown): value is string => typeof value === 'string' && techPattern.test(value);

/**
 * The cover the flow's answers buy (value, program, added risks and the sums of the liability ones),
 * or null while the value or the program is open.
 */
export function coverOf(data: CascoData): CascoCover | null {
  const { value } = data.car;
  const { tariffId, liabilitySum, accidentSum } = data.program;
  if (value === undefined || tariffId === undefined) return null;
  const risks = chosenRisks(data.program, cascoRisks);
  return {
    value,
    program: tariffId,
    risks,
    sums: {
      ...(risks.includes('liability') && liabilitySum !== undefined ? { liability: liabilitySum } : {}),
      ...(risks.includes('accident') && accidentSum !== undefined ? { accident: accidentSum } : {}),
    },
  };
}

/** The constructor's risks as the API writes them: every risk, 1 when added. */
function riskFlags(risks: readonly CascoRisk[]): NonNullable<SaveRequest['risks']> {
  return Object.fromEntries(cascoRisks.map((risk) => [risk, risks.includes(risk) ? 1 : 0]));
}

/** The liability values of the added liability risks, or nothing when none is added. */
function liabilityOf(cover: CascoCover): Pick<SaveRequest, 'liability'> {
  const { liability: person, accident } = cover.sums;
  return person === undefined && accident === undefined ? {} : { liability: { ...(person === undefined ? {} : { person }), ...(accident === undefined ? {} : { accident }) } };
}

/** The calculator's request for a cover: the value, and the constructor's risks and liability values when it is chosen. */
export function calculateRequest(cover: CascoCover): CalculateRequest {
  return cover.program === customProgramId ? { price: cover.value, risks: riskFlags(cover.risks), ...liabilityOf(cover) } : { price: cover.value };
}

/** `AAF0390422` → the registry calls' vehicle fields. */
function vehicleRequest(vehicle: CascoVehicle): OsagoJuridikRequest {
  const tech = required(vehicle.techPassport, 'tech passport');
  return { gos_number: required(vehicle.plate, 'plate'), tech_sery: tech.slice(0, 3), tech_number: tech.slice(3) };
}

/** The registry's vehicle (the OSAGO vehicle lookup), refused at the plate when it does not know it or the model is not sold online. */
async function registryVehicle(api: ApiPort, vehicle: CascoVehicle): Promise<OsagoJuridikResponse> {
  const envelope = await call(() => api.post<OsagoJuridikResponse>(osago.calls.vehicle, vehicleRequest(vehicle)), atPlate);
  if (!envelope.result) throw envelopeFailure(envelope, 'casco.error.vehicle_not_found', atPlate);
  const found = requireFields<OsagoJuridikResponse>(envelope.response, ['modelName', 'issueYear', 'name'], osago.calls.vehicle);
  if (found.restricted) throw new ProductBindingFailure('casco.error.restricted_model', { ...atPlate, detail: 'restricted model' });
  return found;
}

/** Plate + tech passport → the registry's model, year and owner, read-only until the visitor asks to correct the texts. */
const vehicleLookup: LookupBinding<CascoCatalog> = {
  step: 'vehicle',
  key: (vehicle) => (plateOk(vehicle.plate) && techOk(vehicle.techPassport) ? `${vehicle.plate}|${vehicle.techPassport}` : null),
  run: async (api, vehicle) => {
    const found = await registryVehicle(api, vehicle as CascoVehicle);
    // A new vehicle is the registry's again: corrections made to the last one do not carry over.
    const filled: CascoVehicle = { model: found.modelName, issueYear: found.issueYear, ownerName: found.name, found: true, edit: false };
    return filled;
  },
};

/** The chosen position's model name (`Cobalt`), as the registry's model must name it. */
function chosenModel(cars: CarCatalogue, position: number | undefined): string {
  const found = position === undefined ? null : findPosition(cars, position);
  return found ? found.model.name : '';
}

/**
 * Leaving car info: the registry's vehicle (asked again, not the texts the visitor may have
 * corrected) must be the car chosen on the first step — its year, which the value was computed for,
 * and its model — else the message stands at the plate (the server refuses such a save too).
 */
const checkVehicle: StepCall<CascoData, CascoCatalog> = async (api, data, catalog) => {
  const found = await registryVehicle(api, data.vehicle);
  const mismatch = vehicleMismatch({ model: found.modelName, issueYear: found.issueYear }, { model: chosenModel(catalog.cars, data.car.position), year: data.car.year ?? 0 });
  if (mismatch) throw new ProductBindingFailure(`casco.error.vehicle_${mismatch}`, { ...atPlate, detail: `registry ${found.modelName} ${found.issueYear}` });
  return {};
};

/** The save request for the flow and the premium the visitor was shown. */
export function cascoSaveRequest(data: CascoData, price: Price): Omit<SaveRequest, 'return_url'> {
  const { car, program, vehicle, personal } = data;
  const { tariffId } = program;
  const { tech_sery, tech_number, gos_number } = vehicleRequest(vehicle);
  const custom = required(tariffId, 'program') === customProgramId;
  const chosen = required(coverOf(data), 'cover');
  return {
    car: {
      number: gos_number,
      tech_sery,
      tech_number,
      position_id: required(car.position, 'position'),
      year: required(car.year, 'year'),
      price: required(car.value, 'value'),
      model: required(vehicle.model, 'model'),
      owner: required(vehicle.ownerName, 'owner'),
    },
    tariff_id: chosen.program,
    tariff_type: custom ? 1 : 0,
    ...(custom ? { risks: riskFlags(chosen.risks), ...liabilityOf(chosen) } : {}),
    begin_date: isoToDmy(required(program.beginDate, 'begin date'), '-'),
    payer: { ...requestPerson(personal, '-'), phone: phoneDigits(required(personal.phone, 'phone')) },
    premium: price.total,
  };
}

/** The price list and the tariff, loaded together when the flow starts. */
async function load(api: ApiPort): Promise<CascoCatalog> {
  const [cars, tariff] = await Promise.all([
    call(() => api.get<CarCatalogue>(manifest.calls.cars)),
    call(() => api.get<TariffResponse>(manifest.calls.tariff)),
  ]);
  if (!cars.result) throw envelopeFailure(cars, genericErrorId);
  if (!tariff.result) throw envelopeFailure(tariff, genericErrorId);
  return {
    cars: requireFields<CarCatalogue>(cars.response, ['brands', 'models', 'positions'], manifest.calls.cars),
    tariff: requireFields<TariffResponse>(tariff.response, ['programs', 'custom', 'depreciation', 'discount', 'valuationYear'], manifest.calls.tariff),
  };
}

/** The calculator's price of the chosen program; the page's own lines when the figures agree. */
async function serverQuote(api: ApiPort, data: CascoData, catalog: CascoCatalog): Promise<Price> {
  const cover = required(coverOf(data), 'cover');
  const envelope = await call(() => api.post<CalculateResponse>(manifest.calls.calculate, calculateRequest(cover)));
  if (!envelope.result) throw envelopeFailure(envelope, genericErrorId);
  const answer = requireFields<CalculateResponse>(envelope.response, ['programs', 'custom'], manifest.calls.calculate);
  const amount = cover.program === customProgramId ? answer.custom.amount : answer.programs.find((p) => p.tariff_id === cover.program)?.amount;
  if (amount === undefined) throw new ProductBindingFailure(genericErrorId, { detail: `${manifest.calls.calculate}: no program ${cover.program}` });
  const own = quoteCasco(cover, catalog.tariff);
  return own && own.total === amount ? own : { total: amount, lines: [{ label: 'casco.price.total', amount }] };
}

const sale = saleBinding<CascoData, CascoCatalog>({
  calls: manifest.calls,
  load,
  // The person lookup first: stories and tools take the first lookup as the flow's person lookup.
  lookups: [personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'personal', withPinfl: true }), vehicleLookup],
  saveRequest: cascoSaveRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  // Requirements §8: a save answered with HTTP 500 opens the error dialog; any other failure — another status,
  // or a refusal — says maybe-data-is-incorrect on the page. No answer at all is a network error.
  saveStatuses: { codes: { 500: { message: genericErrorId, modal: true } }, otherwise: { message: genericErrorId } },
  saveErrors: { codes: {}, otherwise: { message: genericErrorId } },
  // As partners know it (docs/partner-api.md §3): the casco check answers `check` and the policy's address.
  policy: {
    fields: ['check', 'url', 'policy_number'],
    read: (answer) => (answer.check === true ? { policyNumber: String(answer.policy_number), policyUrl: String(answer.url) } : null),
  },
});

export const cascoBinding: ProductBinding<CascoData, CascoCatalog> = {
  ...sale,
  calls: { checkVehicle },
  quote: {
    // Nothing is asked for a cover the form refuses (the calculator would refuse it too).
    key: (data) => {
      const cover = coverOf(data);
      return cover && offersSums(cover.sums)
        ? JSON.stringify([data.car.value, data.program.tariffId, chosenRisks(data.program, cascoRisks), data.program.liabilitySum, data.program.accidentSum])
        : null;
    },
    run: serverQuote,
  },
};
