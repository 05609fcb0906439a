import type { ProductDefinition, RJSFSchema, SummaryRow, UiSchema } from '../../engine/definition';
import { isOfferedAmount } from '../kit/rules/offered-amount';
import { periodText, personName } from '../kit/text/summary';
import sportSchema from '../../schemas/products/sport/sport.json';
import sportUi from '../../schemas/products/sport/sport.ui.json';
import insuredSchema from '../../schemas/products/sport/insured.json';
import insuredUi from '../../schemas/products/sport/insured.ui.json';
import sumSchema from '../../schemas/products/sport/sum.json';
import sumUi from '../../schemas/products/sport/sum.ui.json';
import { sportBinding } from './binding';
import { quoteSport, sportSums, type SportTariff } from './pricing';
import manifest from './product';
import { sportRules, type SportData } from './rules';

const typeOf = (data: SportData, tariff: SportTariff) => tariff.types.find((t) => t.id === data.sport.sportTypeId);

function summary(data: SportData, tariff: SportTariff): SummaryRow[] {
  const type = typeOf(data, tariff);
  return [
    ...(type ? [{ label: 'sport.field.sport_type', value: { message: `sport.type.${type.id}` } }] : []),
    { label: 'sport.field.amount', value: { uzs: data.sum.amount } },
    { label: 'engine.summary.period', value: periodText(data.sport.beginDate, data.sport.endDate) },
    { label: 'engine.summary.holder', value: personName(data.insured) },
  ];
}

/**
 * Sportsman accident (requirements §2 names no steps): the sport and the start of cover, the insured
 * sportsman (found in the registry), the sum insured, payment, the policy.
 */
const sport: ProductDefinition<SportData, SportTariff> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'sport', title: 'sport.step.sport', schema: sportSchema as RJSFSchema, uiSchema: sportUi as UiSchema },
    { id: 'insured', title: 'sport.step.insured', schema: insuredSchema as RJSFSchema, uiSchema: insuredUi as UiSchema },
    { id: 'sum', title: 'sport.step.sum', schema: sumSchema as RJSFSchema, uiSchema: sumUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'sport.step.payment', component: 'payment' },
    { id: 'download', title: 'sport.step.download', component: 'download', hidden: true },
  ],
  applicant: { person: '/insured', phone: '/insured/phone' },
  initialData: { sport: {}, insured: {}, sum: { amount: sportSums.initial } },
  machine: sportRules,
  pricing: (data, tariff) => {
    const type = typeOf(data, tariff);
    return type && isOfferedAmount(data.sum.amount, sumSchema.properties.amount) ? quoteSport(data.sum.amount, type) : null;
  },
  options: (tariff) => ({ sportTypes: tariff.types.map((t) => ({ value: t.id, label: `sport.type.${t.id}`, fallback: t.name })) }),
  binding: sportBinding,
  summary,
};

export default sport;
