import { groupDigits } from '../kit/api/api-format';
import {
  citizenPassport, clientOf, coverStartInWindow, foreignPassport, passportOf, registeredParty, registeredPerson, requestDate, requireDistinctPeople, requireForeigner, requireOfAge, SaleRefusal, type InsuredPerson, type ProductCall, type ProductSale, type SaleContext,
} from '../kit/sale/sale';
import type { SaveRequest, TarifsResponse } from './api.generated';
import { quoteTravelUzb, sandboxTravelUzbTariff, type TravelUzbTariff } from './pricing';
import manifest from './product';
import { tripDays } from './rules';

type Context = SaleContext<TravelUzbTariff>;

/** The tarifs answer: every program with its daily premium and liability, and the citizenships sold to foreigners. */
export const tarifsAnswer = (tariff: TravelUzbTariff): TarifsResponse => ({
  tarifs: tariff.programs.map((p) => ({ id: p.id, name: p.name, premium: p.premium, liability: p.liability })),
  countries: tariff.countries,
});

const calls: ProductCall<TravelUzbTariff>[] = [
  {
    method: 'GET',
    path: manifest.calls.tariffs,
    summary: 'Domestic travel: the programs (daily premium per tourist, liability) and the citizenships a foreign tourist may have',
    response: 'travel-uzb/tarifs.response',
    answer: (_body, context) => tarifsAnswer(context.tariffs),
  },
];

/**
 * A tourist as the policy names them: a citizen is the person registry's, by a passport of
 * Uzbekistan's (422 when unknown); a foreigner is named by the request, with their passport as
 * printed, a citizenship the tariff sells to and a birthday in the past, and must not be a citizen
 * the registry knows (`requireForeigner`).
 */
async function insuredTourist(tourist: SaveRequest['tourists'][number], field: string, context: Context): Promise<InsuredPerson> {
  if (tourist.foreign_type === 0) {
    if (tourist.country !== undefined) throw new SaleRefusal(400, `body${field}/country is for foreigners only (foreign_type 1)`, `${field}/country`);
    return registeredPerson(citizenPassport(tourist, field), field, context);
  }
  const passport = foreignPassport(tourist, field);
  if (tourist.pinfl !== undefined) throw new SaleRefusal(400, `body${field}/pinfl is for citizens only (foreign_type 0)`, `${field}/pinfl`);
  await requireForeigner(tourist, tourist.country, { foreign: `${field}/foreign_type`, country: `${field}/country` }, context);
  if (!context.tariffs.countries.includes(tourist.country ?? '')) throw new SaleRefusal(422, `${field.slice(1)}/country: ${tourist.country} is not sold`, `${field}/country`);
  const birthday = requestDate(tourist.birthday, `${field}/birthday`);
  if (birthday > context.today) throw new SaleRefusal(400, `body${field}/birthday is in the future`, `${field}/birthday`);
  return { name: `${tourist.name} ${tourist.lastname}`, passport, birthday };
}

/**
 * The cover a request buys, priced from that cover alone: the days its dates make (a `days` that
 * says otherwise is refused), the tourists it names and the program's premium as the tariff has it.
 */
async function quote(request: SaveRequest, context: Context) {
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, context.today, '/begin_date');
  const end = requestDate(request.end_date, '/end_date');
  const days = tripDays(begin, end);
  if (typeof days !== 'number') throw new SaleRefusal(400, `body/end_date: ${days}`, '/end_date');
  if (request.days !== days) throw new SaleRefusal(400, `body/days must be ${days}, the days from begin_date to end_date`, '/days');
  const program = context.tariffs.programs.find((p) => p.id === request.tarif_id);
  if (!program) throw new SaleRefusal(422, `tarif_id ${request.tarif_id} is not sold`, '/tarif_id');
  const { person: applicant, pinfl } = await registeredParty(request.applicant, '/applicant', context);
  requireOfAge(applicant.birthday, begin, '/applicant/birthday');
  requireDistinctPeople(request.tourists.map(passportOf), '/tourists');
  const insured = await Promise.all(request.tourists.map((tourist, i) => insuredTourist(tourist, `/tourists/${i}`, context)));
  return {
    price: quoteTravelUzb(program, insured.length, days),
    terms: {
      holder: applicant.name,
      insured,
      beginDate: begin,
      endDate: end,
      sumInsured: program.liability,
      currency: 'UZS' as const,
      programName: `${context.words(`travel-uzb.program.${program.id}`) ?? program.name}: ${groupDigits(program.premium)} soʻm × ${insured.length} × ${days} kun / дн.`,
      subject: 'Oʻzbekiston boʻylab sayohat / Путешествие по Узбекистану',
      ...clientOf(request.phone, [pinfl]),
    },
  };
}

const sale: ProductSale<SaveRequest, TravelUzbTariff> = {
  schemas: { save: 'travel-uzb/save.request' },
  tariffs: sandboxTravelUzbTariff,
  quote,
  amount: (request) => request.amount,
  amountField: '/amount',
  calls,
  policy: {
    series: 'UZT',
    title: {
      uz: 'Oʻzbekiston boʻylab sayohat qiluvchilarni sugʻurtalash',
      ru: 'Страхование путешествующих по Узбекистану',
      en: 'Domestic travel insurance',
    },
    subjectLabel: { uz: 'Sugʻurta obyekti', ru: 'Объект страхования' },
    sumPerPerson: true,
  },
};

export default sale;
