import { groupDigits } from '../kit/api/api-format';
import {
  clientOf, coverStartInWindow, Refusal, registeredParty, requestDate, requireOfAge, SaleRefusal, type ProductCall, type ProductSale, type RegistryVehicle, type SaleContext,
} from '../kit/sale/sale';
import type { AutoRequest, AutoResponse, CalculationRequest, CalculationResponse, SaveRequest } from './api.generated';
import { coverEnd } from './period';
import {
  categoryOf, isCarrierVehicleType, osgopTariff, passengerSeatsOf, quoteOsgop, type OsgopCategory, type OsgopTariff,
} from './pricing';
import manifest from './product';
import { displayPlate } from '../../engine/plate-text';

/** A registry vehicle that carries passengers for hire, with what the tariff prices it by. */
interface CarrierVehicle {
  vehicle: RegistryVehicle;
  vehicleType: 1 | 9;
  passengerSeats: number;
  category: OsgopCategory;
}

/** The vehicle of a request, or the refusal the calls answer: 1 unknown to the registry, 2 not a passenger carrier. */
async function carrierVehicle(query: AutoRequest, context: SaleContext<OsgopTariff>): Promise<CarrierVehicle | Refusal> {
  const vehicle = await context.registries.vehicle({ plate: query.gos_number, techSeria: query.techSery, techNumber: query.techNumber });
  if (!vehicle) return new Refusal(1, 'vehicle_not_found');
  if (!isCarrierVehicleType(vehicle.vehicleType)) return new Refusal(2, 'not_passenger_vehicle');
  const passengerSeats = passengerSeatsOf(vehicle.seats);
  return { vehicle, vehicleType: vehicle.vehicleType, passengerSeats, category: categoryOf(vehicle.vehicleType, passengerSeats, context.tariffs) };
}

function autoAnswer({ vehicle, vehicleType, passengerSeats, category }: CarrierVehicle): AutoResponse {
  return {
    gos_number: vehicle.plate,
    model: vehicle.model,
    vehicleTypeId: vehicleType,
    issue_year: vehicle.issueYear,
    seats: vehicle.seats,
    passenger_seats: passengerSeats,
    category,
    owner: vehicle.owner.name,
    owner_inn: vehicle.owner.kind === 'company' ? vehicle.owner.inn : null,
  };
}

function calculationAnswer({ passengerSeats, category }: CarrierVehicle, period: CalculationRequest['period'], tariffs: OsgopTariff): CalculationResponse {
  return {
    amount_uzs: quoteOsgop(category, passengerSeats, period, tariffs).total,
    category,
    passenger_seats: passengerSeats,
    rate_per_seat: tariffs.perSeat[category],
    period_factor: tariffs.termFactor[`${period}`],
    sum_insured: passengerSeats * tariffs.sumPerSeat,
  };
}

const calls: ProductCall<OsgopTariff>[] = [
  {
    method: 'POST',
    path: manifest.calls.auto,
    summary: 'OSGOP: a vehicle of the registry by plate and tech passport, its category and passenger seats (error 1 vehicle_not_found, 2 not_passenger_vehicle)',
    request: 'osgop/auto.request',
    response: 'osgop/auto.response',
    async answer(body, context) {
      const found = await carrierVehicle(body as AutoRequest, context);
      return found instanceof Refusal ? found : autoAnswer(found);
    },
  },
  {
    method: 'POST',
    path: manifest.calls.calculation,
    summary: 'OSGOP: the premium of a registry vehicle for 3, 6 or 12 months — passenger seats × rate per seat of its category × term factor',
    request: 'osgop/calculation.request',
    response: 'osgop/calculation.response',
    async answer(body, context) {
      const request = body as CalculationRequest;
      const found = await carrierVehicle(request, context);
      return found instanceof Refusal ? found : calculationAnswer(found, request.period, context.tariffs);
    },
  },
];

/**
 * The carrier the policy names: a company of the tax registry (with a short name) or a person of the
 * person registry, of age on the first day of cover (`begin`), with their PINFL.
 */
async function holderOf(insurant: SaveRequest['insurant'], begin: string, context: SaleContext<OsgopTariff>): Promise<{ name: string; pinfl?: string }> {
  if (insurant.type === 'company') {
    if (!insurant.inn) throw new SaleRefusal(400, 'body/insurant/inn is required for a company', '/insurant/inn');
    const company = await context.registries.company(insurant.inn);
    if (!company?.short_name) throw new SaleRefusal(422, 'insurant/inn: wrong_inn, not in the tax registry', '/insurant/inn');
    return { name: company.short_name };
  }
  const { passport_seria: passportSeria, passport_number: passportNumber, birthday, pinfl } = insurant;
  if (!passportSeria || !passportNumber) throw new SaleRefusal(400, 'body/insurant/passport_seria and passport_number are required for a person', '/insurant/passport_seria');
  if (!birthday) throw new SaleRefusal(400, 'body/insurant/birthday is required for a person', '/insurant/birthday');
  const found = await registeredParty({ passport_seria: passportSeria, passport_number: passportNumber, birthday, pinfl }, '/insurant', context);
  requireOfAge(found.person.birthday, begin, '/insurant/birthday');
  return { name: found.person.name, pinfl: found.pinfl };
}

/**
 * The model a policy prints: the registry's, then the request's trim when it gives one ("R2",
 * "1.5LT": one word of up to eight letters, digits, dots or hyphens); null for a model that does
 * not begin with the registry's or a trim that is more than that.
 */
function printedModel(requested: string, registry: string): string | null {
  if (!requested.toLowerCase().startsWith(registry.toLowerCase())) return null;
  const trim = requested.slice(registry.length).trim();
  if (trim === '') return registry;
  return requested[registry.length] === ' ' && /^[\p{L}\p{N}.-]{1,8}$/u.test(trim) ? `${registry} ${trim}` : null;
}

async function quote(request: SaveRequest, context: SaleContext<OsgopTariff>) {
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, context.today, '/begin_date');
  const found = await carrierVehicle(request, context);
  if (found instanceof Refusal) throw new SaleRefusal(422, `gos_number: ${found.message}`, '/gos_number');
  const { vehicle, passengerSeats, category } = found;
  // The policy names the registry's vehicle: the page lets a trim follow its model ("Nexia 3 R2"),
  // but a model that does not begin with the registry's, or another year, is another car, and a trim
  // is one short word, not a sentence of the buyer's printed on the policy ("…; 60 seats, sum …").
  const model = printedModel(request.model, vehicle.model);
  if (model === null) throw new SaleRefusal(422, `body/model must be the vehicle registry's (${vehicle.model}), a trim of one word may follow`, '/model');
  if (request.issue_year !== vehicle.issueYear) throw new SaleRefusal(422, `body/issue_year must be the vehicle registry's: ${vehicle.issueYear}`, '/issue_year');
  const holder = await holderOf(request.insurant, begin, context);
  return {
    // The premium of the registry's seats and category for the term the policy states.
    price: quoteOsgop(category, passengerSeats, request.period, context.tariffs),
    terms: {
      holder: holder.name,
      // The passengers are the insured, unnamed: the policy counts their seats.
      insured: [],
      beginDate: begin,
      endDate: coverEnd(begin, request.period),
      sumInsured: passengerSeats * context.tariffs.sumPerSeat,
      currency: 'UZS' as const,
      programName: `${request.period} oy / мес., ${groupDigits(context.tariffs.sumPerSeat)} soʻm × ${passengerSeats}`,
      subject: `${model} ${vehicle.issueYear}, ${displayPlate(vehicle.plate)}, ${passengerSeats} yoʻlovchi oʻrni / пассажирских мест`,
      plate: vehicle.plate,
      ...clientOf(request.phone, [holder.pinfl]),
    },
  };
}

const sale: ProductSale<SaveRequest, OsgopTariff> = {
  schemas: { save: 'osgop/save.request' },
  tariffs: osgopTariff,
  quote,
  amount: (request) => request.amount,
  amountField: '/amount',
  calls,
  policy: {
    series: 'OGP',
    title: {
      uz: 'Tashuvchining yoʻlovchilar oldidagi fuqarolik javobgarligini majburiy sugʻurtalash',
      ru: 'Обязательное страхование гражданской ответственности перевозчика перед пассажирами',
      en: 'Compulsory passenger carrier liability insurance',
    },
    subjectLabel: { uz: 'Transport vositasi', ru: 'Транспортное средство' },
  },
};

export default sale;
