import type { ProductDefinition, RJSFSchema, SummaryRow, UiSchema } from '../../engine/definition';
import { periodText, personName } from '../kit/text/summary';
import carSchema from '../../schemas/products/osgop/car.json';
import carUi from '../../schemas/products/osgop/car.ui.json';
import holderSchema from '../../schemas/products/osgop/holder.json';
import holderUi from '../../schemas/products/osgop/holder.ui.json';
import policySchema from '../../schemas/products/osgop/policy.json';
import policyUi from '../../schemas/products/osgop/policy.ui.json';
import { osgopBinding } from './binding';
import { quoteOsgop, type OsgopTariff } from './pricing';
import manifest from './product';
import { osgopRules, type OsgopData } from './rules';

function summary(data: OsgopData): SummaryRow[] {
  const { car, holder, policy } = data;
  return [
    { label: 'osgop.field.vehicle', value: [car.model ?? '', { plate: car.plate ?? '' }] },
    { label: 'osgop.field.passenger_seats', value: { message: 'osgop.summary.seats', values: { seats: car.passengerSeats ?? 0 } } },
    { label: 'osgop.field.holder', value: holder.kind === 'company' ? (holder.companyName ?? '') : personName(holder) },
    { label: 'engine.summary.period', value: periodText(policy.beginDate, policy.endDate) },
  ];
}

/** Passenger carrier's liability (requirements §2): car info, personal data (the carrier), policy, payment, the policy. */
const osgop: ProductDefinition<OsgopData, OsgopTariff> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'car', title: 'osgop.step.car', description: 'osgop.step.car.description', schema: carSchema as RJSFSchema, uiSchema: carUi as UiSchema },
    { id: 'holder', title: 'osgop.step.holder', description: 'osgop.step.holder.description', schema: holderSchema as RJSFSchema, uiSchema: holderUi as UiSchema },
    { id: 'policy', title: 'osgop.step.policy', schema: policySchema as RJSFSchema, uiSchema: policyUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'osgop.step.payment', component: 'payment' },
    { id: 'download', title: 'osgop.step.download', component: 'download' },
  ],
  applicant: { person: '/holder', phone: '/holder/phone' },
  initialData: { car: {}, holder: { kind: 'company' }, policy: { months: 12 } },
  machine: osgopRules,
  // The page's figure for the seats the registry answered; the calculator's answer replaces it.
  pricing: (data, tariff) => {
    const { category, passengerSeats } = data.car;
    return category && passengerSeats ? quoteOsgop(category, passengerSeats, data.policy.months, tariff) : null;
  },
  binding: osgopBinding,
  summary,
};

export default osgop;
