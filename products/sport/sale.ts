import { decimalComma, groupDigits, oneYearFrom } from '../kit/api/api-format';
import { clientOf, coverStartInWindow, registeredParty, requestDate, requireOfAge, SaleRefusal, type ProductCall, type ProductSale, type SaleContext } from '../kit/sale/sale';
import type { SaveRequest, TypeResponse } from './api.generated';
import { quoteSport, sandboxSportTariff, type SportTariff } from './pricing';
import manifest from './product';

/** The type/v2 answer: every sport covered with its limit. */
export const typesAnswer = (tariff: SportTariff): TypeResponse => tariff.types.map((t) => ({ id: t.id, name: t.name, limit: t.limit }));

const calls: ProductCall<SportTariff>[] = [
  {
    method: 'GET',
    path: manifest.calls.types,
    summary: 'Sportsman accident: the sports covered, each with its limit (the premium as a percentage of the sum insured)',
    response: 'sport/type.response',
    answer: (_body, context) => typesAnswer(context.tariffs),
  },
];

/** The cover a request buys, priced by the sport type's limit as the tariff has it and the sum the policy states. */
async function quote(request: SaveRequest, context: SaleContext<SportTariff>) {
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, context.today, '/begin_date');
  const type = context.tariffs.types.find((t) => t.id === request.sport_type_id);
  if (!type) throw new SaleRefusal(422, `sport_type_id ${request.sport_type_id} is not covered`, '/sport_type_id');
  const { person: insured, pinfl } = await registeredParty(request.insured, '/insured', context);
  // The insured is the one who takes the policy out online: of age, as every product's policyholder.
  requireOfAge(insured.birthday, begin, '/insured/birthday');
  const sport = context.words(`sport.type.${type.id}`) ?? type.name;
  return {
    price: quoteSport(request.insurance_amount, type),
    terms: {
      holder: insured.name,
      insured: [insured],
      beginDate: begin,
      endDate: oneYearFrom(begin),
      sumInsured: request.insurance_amount,
      currency: 'UZS' as const,
      programName: `${sport}, ${decimalComma(type.limit)} %`,
      subject: `Sport bilan shugʻullanishda baxtsiz hodisa / Несчастный случай при занятиях спортом: ${sport}, ${groupDigits(request.insurance_amount)} soʻm`,
      ...clientOf(request.phone, [pinfl]),
    },
  };
}

const sale: ProductSale<SaveRequest, SportTariff> = {
  schemas: { save: 'sport/save.request' },
  tariffs: sandboxSportTariff,
  quote,
  amount: (request) => request.amount,
  amountField: '/amount',
  calls,
  policy: {
    series: 'SPT',
    title: {
      uz: 'Sportchilarni baxtsiz hodisalardan sugʻurtalash',
      ru: 'Страхование спортсменов от несчастных случаев',
      en: 'Sportsman accident insurance',
    },
    subjectLabel: { uz: 'Sugʻurta xavfi', ru: 'Страховой риск' },
  },
};

export default sale;
