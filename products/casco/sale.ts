import { groupDigits, oneYearFrom } from '../kit/api/api-format';
import { clientOf, coverStartInWindow, policyText, registeredParty, requestDate, requireOfAge, SaleRefusal, type ProductCall, type ProductSale, type SaleContext, type SaleQuote } from '../kit/sale/sale';
import type { CalculateRequest, CalculateResponse, CarPriceRequest, CarPriceResponse, SaveRequest, TariffResponse } from './api.generated';
import { carCatalogue } from './car-catalogue';
import {
  carValue, cascoRisks, cascoTariff, customProgramId, findPosition, liabilityRisks, quoteCasco, riskPremium, valueLimits,
  type CascoCover, type CascoRisk, type CascoTariff, type LiabilityRisk, type ProgramId,
} from './pricing';
import manifest from './product';
import { vehicleMismatch } from './vehicle';
import { displayPlate } from '../../engine/plate-text';

type Context = SaleContext<CascoTariff>;

/** The year a car's age counts to: the server's, in Tashkent (the page values with the one the tariff call answers). */
const valuationYear = (context: Context): number => Number(context.today.slice(0, 4));

/**
 * A car of the price list valued as casco insures it: the position's new price less the tariff's
 * depreciation for its age to the server's year, with the insured values a save may carry. The one
 * valuation of the save and of `car_price_cal`; 422 naming `fields.position` for a position the list
 * does not hold, `fields.year` for a car older than the tariff insures or not yet made.
 */
async function valuedCar(positionId: number, year: number, context: Context, fields: { position: string; year: string }) {
  const tariff = context.tariffs;
  const found = findPosition(await context.registries.carCatalogue(), positionId);
  if (!found) throw new SaleRefusal(422, `${fields.position.slice(1)} is not in the price list`, fields.position);
  const value = carValue(found.position.price, year, valuationYear(context), tariff);
  if (value === null) throw new SaleRefusal(422, `${fields.year.slice(1)}: casco insures cars made in the last ${tariff.depreciation.maxAge} years`, fields.year);
  return { ...found, value, limits: valueLimits(value, tariff) };
}

/** Where each liability risk's value is in a request. */
const sumField: Record<LiabilityRisk, 'person' | 'accident'> = { liability: 'person', accident: 'accident' };

/**
 * The constructor's risks and liability values of a request: the risks marked 1, each liability
 * risk with its value, which must be within the tariff's bounds and steps (400 naming the field);
 * a value given for a risk not added is not part of the cover.
 */
function customCover(request: Pick<CalculateRequest, 'risks' | 'liability'>, tariff: CascoTariff, required: boolean): Pick<CascoCover, 'risks' | 'sums'> {
  const risks = cascoRisks.filter((risk) => request.risks?.[risk] === 1);
  const sums: CascoCover['sums'] = {};
  for (const risk of liabilityRisks) {
    if (!risks.includes(risk)) continue;
    const field = `/liability/${sumField[risk]}`;
    const range = tariff.custom.sums[risk];
    const sum = request.liability?.[sumField[risk]] ?? (required ? undefined : range.default);
    if (sum === undefined) throw new SaleRefusal(400, `body${field} is required when the ${risk} risk is added`, field);
    if (sum < range.min || sum > range.max || (sum - range.min) % range.step !== 0) {
      throw new SaleRefusal(400, `body${field} must be ${range.min}–${range.max} in steps of ${range.step}`, field);
    }
    sums[risk] = sum;
  }
  return { risks, sums };
}

/** A premium's figures as the calculator answers them: before the discount and after it (the price). */
function figures(cover: CascoCover, tariff: CascoTariff): { premium: number; amount: number } {
  const price = quoteCasco(cover, tariff);
  if (!price) throw new SaleRefusal(422, `tariff_id ${cover.program} is not sold`, '/tariff_id');
  const discount = price.lines.find((line) => line.label === 'casco.price.discount')?.amount ?? 0;
  return { premium: price.total - discount, amount: price.total };
}

/** The calculator's answer for a request, priced with `tariff`. */
export function calculateAnswer(request: CalculateRequest, tariff: CascoTariff): CalculateResponse {
  const value = request.price;
  const custom: CascoCover = { value, program: customProgramId, ...customCover(request, tariff, false) };
  return {
    price: value,
    discount_percent: (tariff.discount.active ? tariff.discount.percent : 0) + tariff.marchEighthPercent,
    programs: tariff.programs.map((p) => ({ tariff_id: p.id, tariff_type: 0 as const, name: p.name, rate: p.rate, ...figures({ value, program: p.id, risks: [], sums: {} }, tariff) })),
    custom: {
      tariff_id: customProgramId,
      tariff_type: 1,
      base_rate: tariff.custom.baseRate,
      base_premium: Math.round(value * tariff.custom.baseRate),
      risks: custom.risks.map((risk) => ({ risk, rate: tariff.custom.rates[risk], premium: riskPremium(risk, custom, tariff) })),
      ...figures(custom, tariff),
    },
  };
}

const calls: ProductCall<CascoTariff>[] = [
  {
    method: 'GET',
    path: manifest.calls.cars,
    summary: 'Casco: the car price list — brands, models and their positions with a new car\'s price (UZS)',
    response: 'casco/cars.response',
    answer: (_body, context) => context.registries.carCatalogue(),
  },
  {
    method: 'GET',
    path: manifest.calls.tariff,
    summary: 'Casco: the tariff in force (programs, constructor rates, depreciation, value correction, discount) and the year ages count to',
    response: 'casco/tariff.response',
    answer: (_body, context): TariffResponse => ({ ...context.tariffs, valuationYear: valuationYear(context) }),
  },
  {
    method: 'POST',
    path: manifest.calls.calculate,
    summary: 'Casco: the premiums of the three fixed programs and of the constructor (with the risks and liability values given) for an insured value',
    request: 'casco/calculate.request',
    response: 'casco/calculate.response',
    answer: (body, context) => calculateAnswer(body as CalculateRequest, context.tariffs),
  },
  {
    method: 'POST',
    path: manifest.calls.carPrice,
    summary: 'Casco: a car\'s value for a position of the price list and a year of manufacture (the price list\'s new price less depreciation, as the page and the save value it), and the insured values a save may carry',
    request: 'casco/car-price.request',
    response: 'casco/car-price.response',
    async answer(body, context): Promise<CarPriceResponse> {
      const { car_position_id: positionId, year } = body as CarPriceRequest;
      const car = await valuedCar(positionId, year, context, { position: '/car_position_id', year: '/year' });
      return {
        car_position_id: positionId,
        year,
        brand: car.brand.name,
        model: car.model.name,
        position: car.position.name,
        new_price: car.position.price,
        price: car.value,
        min_price: car.limits.min,
        max_price: car.limits.max,
      };
    },
  },
];

/** The program as the page named it; the constructor followed by its risks, each with its sum where it has one (the summary's words). */
function programName(cover: CascoCover, tariff: CascoTariff, context: Context): string {
  const name = context.words(`casco.program.${cover.program}`) ?? tariff.programs.find((p) => p.id === cover.program)?.name ?? String(cover.program);
  if (cover.program !== customProgramId) return name;
  const risks = cover.risks.map((risk) => {
    const sum = (liabilityRisks as readonly CascoRisk[]).includes(risk) ? cover.sums[risk as LiabilityRisk] : undefined;
    return sum === undefined ? policyText(context, `casco.risk.${risk}`) : policyText(context, `casco.summary.risk_sum.${risk}`, { sum: groupDigits(sum) });
  });
  return [name, ...risks].join('; ');
}

/**
 * The cover a save buys, priced: the car valued by the server itself (its price list, the car's age
 * to the server's year) with the insured value held to the tariff's share of that; the registry's
 * vehicle must be the chosen car (its year and model); the payer a person of the registry.
 */
async function quote(request: SaveRequest, context: Context): Promise<SaleQuote> {
  const tariff = context.tariffs;
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, context.today, '/begin_date', tariff.startWithinDays);

  const custom = request.tariff_id === customProgramId;
  if (request.tariff_type !== (custom ? 1 : 0)) throw new SaleRefusal(400, 'body/tariff_type must be 1 for the constructor (tariff_id 4) and 0 for a fixed program', '/tariff_type');
  if (!custom && cascoRisks.some((risk) => request.risks?.[risk] === 1)) throw new SaleRefusal(400, 'body/risks: a fixed program adds no risks', '/risks');
  if (!custom && !tariff.programs.some((p) => p.id === request.tariff_id)) throw new SaleRefusal(422, `tariff_id ${request.tariff_id} is not sold`, '/tariff_id');
  const program = request.tariff_id as ProgramId;
  const added = custom ? customCover(request, tariff, true) : { risks: [], sums: {} };

  const { car } = request;
  const found = await valuedCar(car.position_id, car.year, context, { position: '/car/position_id', year: '/car/year' });
  const { min, max } = found.limits;
  if (car.price < min || car.price > max) throw new SaleRefusal(422, `car/price must be ${min}–${max}: the car's value ${found.value} ± ${tariff.correction * 100} %`, '/car/price');

  const vehicle = await context.registries.vehicle({ plate: car.number, techSeria: car.tech_sery, techNumber: car.tech_number });
  if (!vehicle) throw new SaleRefusal(422, 'car/number: not in the vehicle registry with this tech passport', '/car/number');
  // The page refuses such a model at the plate (the vehicle lookup's `restricted`); a request need not come from the page.
  if (await context.registries.restrictedModel(vehicle.model)) throw new SaleRefusal(422, 'car/number: this model is not insured online', '/car/number');
  const mismatch = vehicleMismatch(vehicle, { model: found.model.name, year: car.year });
  if (mismatch === 'year') throw new SaleRefusal(422, 'car/year is not the vehicle registry\'s year of manufacture', '/car/year');
  if (mismatch === 'model') throw new SaleRefusal(422, 'car/position_id is not the vehicle registry\'s model', '/car/position_id');

  const { person: payer, pinfl } = await registeredParty(request.payer, '/payer', context);
  requireOfAge(payer.birthday, context.today, '/payer/birthday');

  const cover: CascoCover = { value: car.price, program, ...added };
  const price = quoteCasco(cover, tariff);
  if (!price) throw new SaleRefusal(422, `tariff_id ${program} is not sold`, '/tariff_id');
  return {
    price,
    terms: {
      holder: payer.name,
      // The car is insured, not a person.
      insured: [],
      beginDate: begin,
      endDate: oneYearFrom(begin),
      sumInsured: car.price,
      currency: 'UZS',
      programName: programName(cover, tariff, context),
      // The registry's car and owner, never the request's words for them.
      subject: `${vehicle.model} ${vehicle.issueYear}, ${displayPlate(vehicle.plate)} (${found.brand.name} ${found.model.name} ${found.position.name}); egasi / владелец: ${vehicle.owner.name}`,
      plate: vehicle.plate,
      ...clientOf(request.payer.phone, [pinfl]),
    },
  };
}

const sale: ProductSale<SaveRequest, CascoTariff> = {
  schemas: { save: 'casco/save.request' },
  tariffs: cascoTariff,
  carCatalogue,
  quote,
  amount: (request) => request.premium,
  amountField: '/premium',
  calls,
  policy: {
    series: 'ENK',
    title: {
      uz: 'Transport vositalarini ixtiyoriy sugʻurtalash (KASKO)',
      ru: 'Добровольное страхование транспортных средств (КАСКО)',
      en: 'Voluntary motor vehicle insurance (casco)',
    },
    subjectLabel: { uz: 'Transport vositasi', ru: 'Транспортное средство' },
  },
};

export default sale;
