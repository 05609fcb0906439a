import type { ProductDefinition, RJSFSchema, UiSchema } from '../../engine/definition';
import { isOfferedAmount } from '../kit/rules/offered-amount';
import { periodText, personName } from '../kit/text/summary';
import periodSchema from '../../schemas/products/accident/period.json';
import periodUi from '../../schemas/products/accident/period.ui.json';
import sumSchema from '../../schemas/products/accident/sum.json';
import sumUi from '../../schemas/products/accident/sum.ui.json';
import insuredsSchema from '../../schemas/products/accident/insureds.json';
import insuredsUi from '../../schemas/products/accident/insureds.ui.json';
import { accidentBinding } from './binding';
import { accidentTariff, quoteAccident, type AccidentTariff } from './pricing';
import manifest from './product';
import { accidentRules, type AccidentData } from './rules';

/** Personal accident (requirements §2): period, sum insured, insured persons, payment, the policy. */
const accident: ProductDefinition<AccidentData, AccidentTariff> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'period', title: 'accident.step.period', schema: periodSchema as RJSFSchema, uiSchema: periodUi as UiSchema },
    { id: 'sum', title: 'accident.step.sum', schema: sumSchema as RJSFSchema, uiSchema: sumUi as UiSchema },
    { id: 'insureds', title: 'accident.step.insureds', schema: insuredsSchema as RJSFSchema, uiSchema: insuredsUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'accident.step.payment', component: 'payment' },
    { id: 'download', title: 'accident.step.download', component: 'download', hidden: true },
  ],
  applicant: { person: '/insureds/persons/0', phone: '/insureds/phone' },
  initialData: {
    period: {},
    sum: { amount: accidentTariff.defaultSum },
    insureds: { persons: [{}] },
  },
  machine: accidentRules,
  // Priced from the start (requirements §9: initial total 5 000): one person at the default sum.
  pricing: (data, tariff) =>
    isOfferedAmount(data.sum.amount, sumSchema.properties.amount) ? quoteAccident(data.sum.amount, Math.max(1, data.insureds.persons.length), tariff) : null,
  binding: accidentBinding,
  summary: (data) => [
    { label: 'accident.field.amount', value: { uzs: data.sum.amount } },
    { label: 'accident.field.persons', value: data.insureds.persons.map(personName) },
    { label: 'engine.summary.period', value: periodText(data.period.beginDate, data.period.endDate) },
  ],
};

export default accident;
