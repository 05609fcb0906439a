import type { ApiPort, LookupBinding, Price, ProductBinding } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { envelopeFailure, genericErrorId, ProductBindingFailure, requireFields } from '../kit/binding/binding-failure';
import { call, companyLookup, personLookup, policyNumberAnswer, required, saleBinding, requestPerson } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import carSchema from '../../schemas/products/osgop/car.json';
import type { AutoRequest, AutoResponse, CalculationResponse, SaveRequest } from './api.generated';
import { osgopTariff, type OsgopTariff } from './pricing';
import manifest from './product';
import { checkPolicyholderAge, type OsgopData } from './rules';

// The step's own patterns (schemas/common shapes): a lookup asks only for what the form would accept.
const platePattern = new RegExp(carSchema.properties.plate.pattern);
const techPattern = new RegExp(carSchema.properties.techPassport.pattern);

/** The vehicle of the car step as the registry calls name it, or null while plate or tech passport is incomplete. */
export function vehicleQuery(car: Record<string, unknown>): AutoRequest | null {
  const { plate, techPassport } = car;
  if (typeof plate !== 'string' || !platePattern.test(plate) || typeof techPassport !== 'string' || !techPattern.test(techPassport)) return null;
  return { gos_number: plate, techSery: techPassport.slice(0, 3), techNumber: techPassport.slice(3) };
}

const atPlate = { field: { step: 'car', path: '/plate' } };

/** Refusals of /sayt/osgop/auto and /calculation by code: the registry does not know the vehicle, or it carries no passengers. */
const vehicleRefusals: Record<number, string> = { 1: 'osgop.error.vehicle_not_found', 2: 'osgop.error.not_passenger_vehicle' };

/** Plate + tech passport → the registry's vehicle, its category and passenger seats, read-only until the visitor asks to edit. */
const vehicleLookup: LookupBinding<OsgopTariff> = {
  step: 'car',
  key: (car) => {
    const query = vehicleQuery(car);
    return query ? `${query.gos_number}|${query.techSery}${query.techNumber}` : null;
  },
  run: async (api, car) => {
    const query = vehicleQuery(car);
    if (!query) throw new ProductBindingFailure('osgop.error.vehicle_not_found', { ...atPlate, detail: 'plate or tech passport incomplete' });
    const envelope = await call(() => api.post<AutoResponse>(manifest.calls.auto, query), atPlate);
    if (!envelope.result) throw envelopeFailure(envelope, vehicleRefusals[envelope.error] ?? genericErrorId, atPlate);
    const vehicle = requireFields<AutoResponse>(envelope.response, ['model', 'category', 'passenger_seats', 'issue_year', 'owner'], manifest.calls.auto);
    // A new vehicle is the registry's again: corrections made to the last one do not carry over.
    return {
      category: vehicle.category,
      passengerSeats: vehicle.passenger_seats,
      model: vehicle.model,
      issueYear: vehicle.issue_year,
      owner: vehicle.owner,
      ownerInn: vehicle.owner_inn ?? undefined,
      edit: false,
    };
  },
};

/** The calculator's answer as the page's price. */
async function serverQuote(api: ApiPort, data: OsgopData): Promise<Price> {
  const query = required(vehicleQuery(data.car), 'vehicle');
  const envelope = await call(() => api.post<CalculationResponse>(manifest.calls.calculation, { ...query, period: data.policy.months }));
  if (!envelope.result) throw envelopeFailure(envelope, vehicleRefusals[envelope.error] ?? genericErrorId, atPlate);
  const { amount_uzs: total } = requireFields<CalculationResponse>(envelope.response, ['amount_uzs'], manifest.calls.calculation);
  return { total, lines: [{ label: 'osgop.price.premium', amount: total }] };
}

function insurant(holder: OsgopData['holder']): SaveRequest['insurant'] {
  if (holder.kind === 'company') return { type: 'company', inn: required(holder.inn, 'inn') };
  return { type: 'person', ...requestPerson(holder) };
}

/** The save request: the vehicle by plate and tech passport (the server prices its registry seats), the carrier, the term. */
export function osgopSaveRequest(data: OsgopData, price: Price): Omit<SaveRequest, 'return_url'> {
  const vehicle = required(vehicleQuery(data.car), 'vehicle');
  return {
    ...vehicle,
    model: required(data.car.model, 'model'),
    issue_year: required(data.car.issueYear, 'issueYear'),
    period: data.policy.months,
    begin_date: isoToDmy(required(data.policy.beginDate, 'beginDate'), '.'),
    insurant: insurant(data.holder),
    phone: phoneDigits(required(data.holder.phone, 'phone')),
    amount: price.total,
  };
}

const sale = saleBinding<OsgopData, OsgopTariff>({
  calls: manifest.calls,
  // The page's own figure uses the tariff the shop documents; the calculator's answer is the price.
  load: async () => structuredClone(osgopTariff),
  lookups: [
    // A carrier that is a company names itself by INN; the person's lookup waits for a person.
    personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'holder', withPinfl: true, skip: (holder) => holder.kind !== 'person' }),
    vehicleLookup,
    companyLookup({ call: '/osgor_neo/inn', step: 'holder', merge: (_holder, found) => ({ companyName: found.name }) }),
  ],
  saveRequest: osgopSaveRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
  refusedFields: { '/insurant/birthday': policyholderAgeRefusal(checkPolicyholderAge) },
  policy: policyNumberAnswer,
});

export const osgopBinding: ProductBinding<OsgopData, OsgopTariff> = {
  ...sale,
  quote: {
    key: (data) => {
      const query = data.car.category && data.car.passengerSeats ? vehicleQuery(data.car) : null;
      return query ? `${query.gos_number}|${query.techSery}${query.techNumber}|${data.policy.months}` : null;
    },
    run: serverQuote,
  },
};
