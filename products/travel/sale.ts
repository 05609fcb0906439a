import type { Price } from '../../engine/definition';
import { addDays, isoToDmy } from '../kit/api/api-format';
import { latestTripStartDays } from '../kit/rules/start-window';
import {
  citizenPassport, clientOf, coverStartInWindow, foreignPassport, passportOf, personLookupCall, policyText, registeredParty, requestBirthday, requestDate, requireDistinctPeople, requireForeigner, requireOfAge, SaleRefusal, type ProductSale, type SaleContext,
} from '../kit/sale/sale';
import type { CalculatorRequest, CalculatorResponse, GetCountryResponse, SavePolisRequest } from './api.generated';
import { coverPeriod, maxTripDays, spendDayOptions, travelMode, type CoverPeriod } from './period';
import { adultAge, familyAdultMaxAge, familyAdults, familyMisfits } from './family';
import { quoteTravel, travelPricer, type TravelTariffs, type TravelTripInput } from './pricing';
import manifest from './product';
import { modernUzbek } from '../kit/text/uzbek-orthography';
import { riskIds } from './rules';
import { readCalculator, readGetPerson, readSave } from './read';
import { countryIndex, sandboxTravelReference, type TravelReference } from './tariffs';

const countryAnswers = new WeakMap<TravelReference, GetCountryResponse>();

/**
 * The `get_country` answer: purposes the tariff prices, the countries, the programs with their sums
 * insured, and the tariff. Every page view asks for it, so it is built once per reference data read.
 */
export function getCountryAnswer(reference: TravelReference): GetCountryResponse {
  let answer = countryAnswers.get(reference);
  if (!answer) {
    answer = buildCountryAnswer(reference);
    countryAnswers.set(reference, answer);
  }
  return answer;
}

function buildCountryAnswer(reference: TravelReference): GetCountryResponse {
  const { tariffs } = reference;
  return {
    purpose: reference.purposes.filter((p) => tariffs.purposes.some((t) => t.id === p.id)).map((p) => ({ id: p.id as GetCountryResponse['purpose'][number]['id'], name: p.name })),
    country: reference.countries.map(({ id, code }) => ({ id, code })),
    program: tariffs.programs.map((p) => ({ id: p.id as GetCountryResponse['program'][number]['id'], name: programName(reference, p.id), sum_insured_usd: p.sumInsuredUsd })),
    tariffs,
  };
}

const programName = (reference: TravelReference, id: number) => reference.programs.find((p) => p.id === id)?.name ?? `Program ${id}`;

// The policy is printed in Uzbek and Russian, so are the countries it covers (Node has full ICU).
const uzRegions = new Intl.DisplayNames(['uz'], { type: 'region' });
const ruRegions = new Intl.DisplayNames(['ru'], { type: 'region' });
const countryNames = (codes: string[]) => codes.map((code) => `${modernUzbek(uzRegions.of(code) ?? code)} / ${ruRegions.of(code) ?? code}`).join(', ');

/** What calculator and save requests share: the trip, its travellers' birthdays and the risks. */
type TripRequest = Omit<CalculatorRequest, 'end_date' | 'days' | 'travelers'> & {
  end_date?: string;
  days?: number;
  travelers: { birthday: string }[];
};

/**
 * The period a calculator or save request covers, checked against itself: a single trip covers its
 * dates (and `days`, when given, must be their count); a stay or multi-trip policy covers `days`
 * from the begin date (and `end_date`, when given, must be the end that makes). The premium is
 * priced by this period's days and the policy states this period's dates, so they cannot differ.
 */
export function requestCover(request: TripRequest, today: string): CoverPeriod {
  const mode = travelMode({ purpose: request.purpose_id, reusable: request.kop_martali === 1 });
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, today, '/begin_date', latestTripStartDays);
  const end = request.end_date === undefined ? undefined : requestDate(request.end_date, '/end_date');
  if (mode === 'single') {
    const last = end ?? (request.days === undefined ? undefined : addDays(begin, request.days - 1));
    if (last === undefined) throw new SaleRefusal(400, 'body/end_date is required for a single trip', '/end_date');
    if (last < begin) throw new SaleRefusal(400, 'body/end_date must not be before begin_date', '/end_date');
    const cover = coverPeriod(mode, begin, last, undefined);
    if (!cover) throw new SaleRefusal(400, `body/end_date: a single trip covers at most ${maxTripDays} days`, '/end_date');
    if (request.days !== undefined && request.days !== cover.days) {
      throw new SaleRefusal(400, `body/days must be ${cover.days}, the days from begin_date to end_date`, '/days');
    }
    return cover;
  }
  if (request.days === undefined) throw new SaleRefusal(400, 'body/days is required for a multi-trip policy or a study or work stay', '/days');
  const cover = coverPeriod(mode, begin, undefined, request.days);
  if (!cover) throw new SaleRefusal(400, `body/days must be one of ${spendDayOptions(mode).join(', ')} for this policy`, '/days');
  if (end !== undefined && end !== cover.endDate) {
    throw new SaleRefusal(400, `body/end_date must be ${isoToDmy(cover.endDate, '-')}, the last day ${request.days} days from begin_date cover`, '/end_date');
  }
  return cover;
}

/**
 * The countries a request names, each one the catalog sells cover for (`get_country`): an unknown
 * code would be priced at no country's factor and printed on the policy as the code itself, and the
 * catalog leaves out Uzbekistan, which a policy for travel abroad does not cover.
 */
function checkCountries(countries: readonly string[], reference: TravelReference): void {
  const { sold } = countryIndex(reference);
  countries.forEach((code, i) => {
    if (!sold.has(code)) throw new SaleRefusal(400, `body/countries/${i}: ${code} is not a country this policy covers (see get_country)`, `/countries/${i}`);
  });
}

/** A request's trip as the input of `quoteTravel` for a checked cover, without the program (one request prices several). */
function quoteInput(request: TripRequest, cover: CoverPeriod, today: string, tariffs: TravelTariffs): TravelTripInput {
  const risks: TravelTripInput['risks'] = {};
  for (const risk of riskIds) risks[risk] = request.risklar[risk] === 1;
  const birthdays = request.travelers.map((t, i) => requestBirthday(t.birthday, `/travelers/${i}/birthday`, today));
  const isFamily = request.is_family === 1;
  if (isFamily) checkFamily(birthdays, cover.beginDate, tariffs);
  return {
    purposeId: request.purpose_id,
    days: cover.days,
    multiTrip: request.kop_martali === 1,
    isFamily,
    hasCovid: request.has_covid === 1,
    countries: request.countries,
    birthdays,
    beginDate: cover.beginDate,
    risks,
  };
}

/** A family policy's travellers must be a family's (`familyMisfits`): the first who is not is named. */
function checkFamily(birthdays: readonly string[], beginDate: string, tariffs: TravelTariffs): void {
  const [misfit] = familyMisfits(birthdays, beginDate, tariffs);
  if (misfit === undefined) return;
  throw new SaleRefusal(
    400,
    `body/travelers/${misfit}: a family policy (is_family) covers one to ${familyAdults} adults aged up to ${familyAdultMaxAge(tariffs)} on begin_date, with their children under ${adultAge}`,
    `/travelers/${misfit}/birthday`,
  );
}

/** What the policy states beyond program and period: a multi-trip policy's days abroad, a family policy, each extra risk bought. */
function travelConditions(request: SavePolisRequest, cover: CoverPeriod, context: SaleContext<TravelReference>): string[] {
  return [
    // What the price was worked out from is on the policy: the purpose (work and sport cost more), COVID-19 cover.
    `${policyText(context, 'travel.field.purpose')}: ${policyText(context, `travel.purpose.${request.purpose_id}`)}`,
    ...(request.has_covid === 1 ? ['COVID-19 qoplamasi bilan / С покрытием COVID-19'] : []),
    ...(request.kop_martali === 1 ? [`Koʻp martalik polis: chet elda ${cover.days} kun / Многократный полис: ${cover.days} дн. за рубежом`] : []),
    ...(request.is_family === 1 ? [policyText(context, 'travel.field.is_family')] : []),
    ...riskIds.filter((risk) => request.risklar[risk] === 1).map((risk) => policyText(context, `travel.risk.${risk}`)),
  ];
}

/**
 * The travellers and the payer as a policy may name them: each once, at most one of them the payer,
 * the payer of age and, when a citizen, each with the passport and birthday the person registry has
 * (the premium is priced by age, so a birthday is not the buyer's word). The Latin names stay the
 * request's, as the passport spells them; a foreigner is not in the registry, and must not be a citizen
 * the registry knows (`requireForeigner`). Answers the payer's PINFL, a citizen's (whose contract it is).
 */
async function checkPeople(request: SavePolisRequest, context: SaleContext<TravelReference>): Promise<string | undefined> {
  const payer = request.sugurtalovchi;
  requireOfAge(requestBirthday(payer.birthday, '/sugurtalovchi/birthday', context.today), context.today, '/sugurtalovchi/birthday');
  requireDistinctPeople(request.travelers.map(passportOf), '/travelers');
  const payerRows = request.travelers.flatMap((t, i) => (t.is_payer ? [i] : []));
  if (payerRows.length > 1) throw new SaleRefusal(400, `body/travelers/${payerRows[1]}/is_payer: one traveller at most is the payer`, `/travelers/${payerRows[1]}/is_payer`);
  // A citizen by a passport of Uzbekistan's (the registry's key); a foreigner by theirs as printed.
  const person = async (who: typeof payer | SavePolisRequest['travelers'][number], foreign: boolean, field: string, fields: { foreign: string; country: string }, country: string | undefined) => {
    if (!foreign) return (await registeredParty(citizenPassport(who, field), field, context)).pinfl;
    foreignPassport(who, field);
    await requireForeigner(who, country, fields, context);
    return undefined;
  };
  const [payerPinfl] = await Promise.all([
    person(payer, payer.type !== 0, '/sugurtalovchi', { foreign: '/sugurtalovchi/type', country: '/sugurtalovchi/country_id' }, payer.country_id),
    ...request.travelers.map((t, i) => person(t, t.foreign, `/travelers/${i}`, { foreign: `/travelers/${i}/foreign`, country: `/travelers/${i}/country_id` }, t.country_id)),
  ]);
  return payerPinfl;
}

async function quote(request: SavePolisRequest, context: SaleContext<TravelReference>) {
  const cover = requestCover(request, context.today);
  checkCountries(request.countries, context.tariffs);
  const payerPinfl = await checkPeople(request, context);
  const { tariffs } = context.tariffs;
  const quoted = quoteTravel({ ...quoteInput(request, cover, context.today, tariffs), programId: request.program_id }, tariffs);
  if (!quoted) throw new SaleRefusal(422, `program ${request.program_id}: this trip cannot be priced`);
  const price: Price = { total: quoted.total, lines: quoted.lines };
  const payer = request.sugurtalovchi;
  return {
    price,
    terms: {
      holder: `${payer.name} ${payer.surname}`,
      insured: request.travelers.map((t, i) => ({
        name: `${t.name} ${t.surname}`,
        passport: passportOf(t),
        birthday: requestDate(t.birthday, `/travelers/${i}/birthday`),
      })),
      beginDate: cover.beginDate,
      endDate: cover.endDate,
      sumInsured: tariffs.programs.find((p) => p.id === request.program_id)?.sumInsuredUsd ?? 0,
      currency: 'USD' as const,
      programName: context.words(`travel.program.${request.program_id}`) ?? programName(context.tariffs, request.program_id),
      conditions: travelConditions(request, cover, context),
      subject: countryNames(request.countries),
      ...clientOf(payer.phone, [payerPinfl]),
    },
  };
}

function calculate(request: unknown, context: SaleContext<TravelReference>): CalculatorResponse {
  const body = request as TripRequest;
  const cover = requestCover(body, context.today);
  checkCountries(body.countries, context.tariffs);
  const { tariffs } = context.tariffs;
  // The trip is read and priced once (dates checked, ages and factors worked out); only the program differs between the quotes.
  // prem_usd is the whole premium (its risks are priced in sum) at kurs_cbu, so prem_usd × kurs_cbu ≈ prem_uzs.
  const price = travelPricer(quoteInput(body, cover, context.today, tariffs), tariffs);
  return tariffs.programs.flatMap((program) => {
    const quoted = price(program.id);
    return quoted
      ? [{ program_id: program.id as CalculatorResponse[number]['program_id'], program_name: programName(context.tariffs, program.id), prem_usd: Math.round((quoted.total / tariffs.usdRate) * 100) / 100, prem_uzs: quoted.total, kurs_cbu: tariffs.usdRate }]
      : [];
  });
}

const sale: ProductSale<SavePolisRequest, TravelReference> = {
  schemas: { save: 'travel/save-polis.request' },
  tariffs: sandboxTravelReference,
  quote,
  readSave: (body, context) => readSave(body, context.tariffs),
  amount: (request) => request.summa_all,
  amountField: '/summa_all',
  calls: [
    { method: 'GET', path: manifest.calls.countries, summary: 'Travel catalog: purposes, countries, programs and the tariff', response: 'travel/get-country.response', answer: (_body, context) => getCountryAnswer(context.tariffs) },
    {
      method: 'POST',
      path: manifest.calls.calculator,
      summary: 'Travel premium of every program for a trip',
      request: 'travel/calculator.request',
      response: 'travel/calculator.response',
      read: (body, context) => readCalculator(body, context.tariffs),
      answer: calculate,
    },
    personLookupCall(manifest.calls.getPerson, { request: 'travel/get-person.request', response: 'travel/get-person.response' }, readGetPerson),
  ],
  policy: {
    series: 'TRV',
    title: { uz: "Chet elga sayohat sugʻurtasi", ru: 'Страхование выезжающих за рубеж', en: 'Travel insurance abroad' },
    subjectLabel: { uz: 'Hudud', ru: 'Территория' },
    sumPerPerson: true,
  },
};

export default sale;

