import type { CatalogOption, ProductDefinition, RJSFSchema, SummaryRow, UiSchema } from '../../engine/definition';
import { periodText, personName } from '../kit/text/summary';
import tripSchema from '../../schemas/products/travel-uzb/trip.json';
import tripUi from '../../schemas/products/travel-uzb/trip.ui.json';
import applicantSchema from '../../schemas/products/travel-uzb/applicant.json';
import applicantUi from '../../schemas/products/travel-uzb/applicant.ui.json';
import touristsSchema from '../../schemas/products/travel-uzb/tourists.json';
import touristsUi from '../../schemas/products/travel-uzb/tourists.ui.json';
import { travelUzbBinding } from './binding';
import { quoteTravelUzb, type TravelUzbTariff } from './pricing';
import manifest from './product';
import { travelUzbRules, type TravelUzbData } from './rules';

/** The flow's price: the program's daily premium × tourists × days (requirements §9), once dates and program are chosen. */
function price(data: TravelUzbData, tariff: TravelUzbTariff, programId = data.trip.programId) {
  const program = tariff.programs.find((p) => p.id === programId);
  const { days } = data.trip;
  if (!program || days === undefined) return null;
  return quoteTravelUzb(program, Math.max(1, data.tourists.tourists.length), days);
}

/** Program cards (each with its daily premium, liability and the trip's price under it) and citizenships. */
function options(tariff: TravelUzbTariff, data: TravelUzbData): Record<string, CatalogOption[]> {
  return {
    programs: tariff.programs.map((p) => {
      const total = price(data, tariff, p.id)?.total;
      return {
        value: p.id,
        label: `travel-uzb.program.${p.id}`,
        fallback: p.name,
        details: [
          { label: 'travel-uzb.program.premium', value: { uzs: p.premium } },
          { label: 'travel-uzb.program.liability', value: { uzs: p.liability } },
        ],
        ...(total === undefined ? {} : { price: total }),
      };
    }),
    countries: tariff.countries.map((code) => ({ value: code, label: `region.${code}` })),
  };
}

function summary(data: TravelUzbData, tariff: TravelUzbTariff): SummaryRow[] {
  const program = tariff.programs.find((p) => p.id === data.trip.programId);
  return [
    ...(program ? [
      { label: 'travel-uzb.field.program', value: { message: `travel-uzb.program.${program.id}` } },
      { label: 'travel-uzb.field.liability', value: { uzs: program.liability } },
    ] : []),
    { label: 'engine.summary.period', value: periodText(data.trip.beginDate, data.trip.endDate) },
    ...(data.trip.days === undefined ? [] : [{ label: 'travel-uzb.field.days', value: String(data.trip.days) }]),
    { label: 'engine.summary.holder', value: personName(data.applicant) },
    { label: 'travel-uzb.field.tourists', value: data.tourists.tourists.map(personName) },
  ];
}

/** Domestic travel (requirements §2): trip info, applicant, tourists, payment, the policy. */
const travelUzb: ProductDefinition<TravelUzbData, TravelUzbTariff> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'trip', title: 'travel-uzb.step.trip', schema: tripSchema as RJSFSchema, uiSchema: tripUi as UiSchema },
    { id: 'applicant', title: 'travel-uzb.step.applicant', schema: applicantSchema as RJSFSchema, uiSchema: applicantUi as UiSchema },
    { id: 'tourists', title: 'travel-uzb.step.tourists', schema: touristsSchema as RJSFSchema, uiSchema: touristsUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'travel-uzb.step.payment', component: 'payment' },
    { id: 'download', title: 'travel-uzb.step.download', component: 'download', hidden: true },
  ],
  applicant: { person: '/applicant', phone: '/applicant/phone' },
  initialData: {
    trip: {},
    applicant: {},
    tourists: { tourists: [{ foreign: false }] },
  },
  machine: travelUzbRules,
  pricing: (data, tariff) => price(data, tariff),
  options,
  binding: travelUzbBinding,
  summary,
};

export default travelUzb;
