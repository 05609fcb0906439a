import { addDays, coverEnd } from '../kit/api/api-format';
import { miniCascoTariff, type MiniCascoTariff } from '../kit/cars/mini-casco-programs';
import {
  clientOf, notTooFarAhead, Refusal, registeredParty, requestDate, requireOfAge, SaleRefusal,
  type PassportQuery, type PolicyWording, type ProductCall, type ProductSale, type SaleContext, type SaleQuote,
} from '../kit/sale/sale';
import type { CheckCarRequest, CheckCarResponse, CreatePolicyRequest } from './api.generated';
import { quoteMiniCasco, type MiniCascoMonths } from './pricing';
import manifest from './product';
import { displayPlate } from '../../engine/plate-text';

type Context = SaleContext<MiniCascoTariff>;

/**
 * The person registry as the insurer's passport check reads it: the person by passport and birthday.
 * The sandbox's test person of error 9 (AF 0000009, README.md) is one the registry names but whose
 * passport the check refuses, so error 9 can be seen from the page.
 */
function passportCheck(context: Context): Pick<Context, 'findPerson'> {
  return { findPerson: async (query) => ((await context.registries.saveError(query)) === 9 ? null : context.findPerson(query)) };
}

/** The applicant's passport a car check asks about, or null; its three fields come together or not at all. */
function passportAsked(request: CheckCarRequest): { query: PassportQuery; birthday: string } | null {
  const { passport_seria: passportSeria, passport_number: passportNumber, birthday } = request;
  if (passportSeria === undefined && passportNumber === undefined && birthday === undefined) return null;
  if (passportSeria === undefined) throw new SaleRefusal(400, 'body/passport_seria is required with the passport number or birthday', '/passport_seria');
  if (passportNumber === undefined) throw new SaleRefusal(400, 'body/passport_number is required with the passport series or birthday', '/passport_number');
  if (birthday === undefined) throw new SaleRefusal(400, 'body/birthday is required with the passport', '/birthday');
  return { query: { passportSeria, passportNumber }, birthday: requestDate(birthday, '/birthday') };
}

/** /minikasko_neo/checkCar: the vehicle (error 1) and, when asked, the applicant's passport (error 9). */
async function checkCar(body: unknown, context: Context): Promise<CheckCarResponse | Refusal> {
  const request = body as CheckCarRequest;
  const asked = passportAsked(request);
  const vehicle = await context.registries.vehicle({ plate: request.gos_number, techSeria: request.tech_sery, techNumber: request.tech_number });
  if (!vehicle) return new Refusal(1, 'vehicle_not_found');
  if (asked && !(await passportCheck(context).findPerson({ ...asked.query, birthday: asked.birthday }))) return new Refusal(9, 'passport_not_found');
  return { gos_number: vehicle.plate, model: vehicle.model, issue_year: vehicle.issueYear, vehicleTypeId: vehicle.vehicleType, applicant: asked !== null };
}

const calls: ProductCall<MiniCascoTariff>[] = [
  {
    method: 'GET',
    path: manifest.calls.tariffs,
    summary: 'Mini-casco programs: premium a year and cover (Basic, Comfort, Premium), the table OSAGO\'s mini-casco extra sells too',
    response: 'mini-casco/get-tariffs.response',
    answer: (_body, context) => context.tariffs,
  },
  {
    method: 'POST',
    path: manifest.calls.checkCar,
    summary: 'Mini-casco car check: the registry\'s vehicle by plate and tech passport (error 1 vehicle_not_found) and, with passport and birthday, the applicant (error 9 passport_not_found)',
    request: 'mini-casco/check-car.request',
    response: 'mini-casco/check-car.response',
    answer: checkCar,
  },
];

const termNames: Record<MiniCascoMonths, string> = { 12: '12 oy / мес.', 1: '1 oy / мес.' };

/**
 * The cover a createPolicy request buys for a term: the program of the table for that term, from
 * its first day (tomorrow or later), for a vehicle of the registry and an applicant the passport
 * check knows, 18 or older on the first day; priced with the page's function.
 */
function quoteFor(months: MiniCascoMonths) {
  return async (request: CreatePolicyRequest, context: Context): Promise<SaleQuote> => {
    if (request.months !== months) throw new SaleRefusal(400, `body/months must be ${months} for this product`, '/months');
    const begin = requestDate(request.begin_date, '/begin_date');
    if (begin < addDays(context.today, 1)) throw new SaleRefusal(400, 'body/begin_date must be tomorrow or later', '/begin_date');
    notTooFarAhead(begin, context.today, '/begin_date');
    const program = context.tariffs.programs.find((p) => p.id === request.program_id);
    const price = quoteMiniCasco(request.program_id, months, context.tariffs);
    if (!program || !price) throw new SaleRefusal(422, `body/program_id: program ${request.program_id} is not sold`, '/program_id');
    const vehicle = await context.registries.vehicle({ plate: request.gos_number, techSeria: request.tech_sery, techNumber: request.tech_number });
    if (!vehicle) throw new SaleRefusal(422, 'body/gos_number: no vehicle of this plate and tech passport in the registry', '/gos_number');
    const { person: applicant, pinfl } = await registeredParty(request.applicant, '/applicant', passportCheck(context), { field: '/applicant', message: 'applicant: passport not found in the registry' });
    requireOfAge(applicant.birthday, begin, '/applicant/birthday');
    return {
      price,
      terms: {
        holder: applicant.name,
        insured: [applicant],
        beginDate: begin,
        endDate: coverEnd(begin, months),
        sumInsured: program.sumInsured,
        currency: 'UZS',
        programName: `${context.words(`mini-casco.program.${program.id}`) ?? program.name}, ${termNames[months]}`,
        subject: `${vehicle.model}, ${displayPlate(vehicle.plate)}, ${vehicle.issueYear}`,
        plate: vehicle.plate,
        ...clientOf(request.phone, [pinfl]),
      },
    };
  };
}

/**
 * The sale of a mini-casco product for a term. Mini-casco (12 months) serves the programs and the
 * car check and keeps the programs as its own `tariffs` row — the row OSAGO's mini-casco extra reads
 * (products/kit/cars/mini-casco-programs.ts); monthly casco (1 month) reads that row (`tariffsFrom`) and saves
 * at its own paths.
 */
export function miniCascoSale(months: MiniCascoMonths, policy: PolicyWording): ProductSale<CreatePolicyRequest, MiniCascoTariff> {
  return {
    schemas: { save: 'mini-casco/create-policy.request' },
    tariffs: miniCascoTariff.seed,
    ...(months === 12 ? { calls } : { tariffsFrom: manifest.id }),
    quote: quoteFor(months),
    amount: (request) => request.amount,
    amountField: '/amount',
    policy,
  };
}

export default miniCascoSale(12, {
  series: 'MKS',
  title: { uz: 'Mini KASKO — avtomobilni ixtiyoriy sugʻurtalash', ru: 'Мини-КАСКО — добровольное страхование автомобиля', en: 'Mini-casco: voluntary car insurance' },
  subjectLabel: { uz: 'Transport vositasi', ru: 'Транспортное средство' },
});
