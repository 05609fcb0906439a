import type { CatalogOption, ProductDefinition, RJSFSchema, SummaryRow, UiSchema } from '../../engine/definition';
import { isIsoDate, oneYearFrom } from '../kit/api/api-format';
import { periodText, personName } from '../kit/text/summary';
import programSchema from '../../schemas/products/quick-casco/program.json';
import programUi from '../../schemas/products/quick-casco/program.ui.json';
import carSchema from '../../schemas/products/quick-casco/car.json';
import carUi from '../../schemas/products/quick-casco/car.ui.json';
import applicantSchema from '../../schemas/products/quick-casco/applicant.json';
import applicantUi from '../../schemas/products/quick-casco/applicant.ui.json';
import { quickCascoBinding } from './binding';
import { quoteQuickCasco, type QuickCascoTariff } from './pricing';
import manifest from './product';
import { quickCascoRules, type QuickCascoData } from './rules';

/** The program cards: premium, cover and what each program covers. */
function options(catalog: QuickCascoTariff): Record<string, CatalogOption[]> {
  return {
    programs: catalog.programs.map((program) => ({
      value: program.id,
      label: `quick-casco.program.${program.id}`,
      fallback: program.name,
      details: [{ label: 'quick-casco.program.sum_insured', value: { uzs: program.sumInsured } }],
      notes: program.risks.map((risk) => `quick-casco.risk.${risk}`),
      price: program.premium,
    })),
  };
}

/** What the policy will say: the program, its cover and risks, the car and its owner, the holder, the year of cover. */
function summary(data: QuickCascoData, catalog: QuickCascoTariff): SummaryRow[] {
  const { program, car, applicant } = data;
  const chosen = catalog.programs.find((p) => p.id === program.programId);
  const begin = program.beginDate;
  return [
    ...(chosen
      ? [
          { label: 'quick-casco.field.program', value: { message: `quick-casco.program.${chosen.id}` } },
          { label: 'quick-casco.program.sum_insured', value: { uzs: chosen.sumInsured } },
          { label: 'quick-casco.summary.risks', value: chosen.risks.map((risk) => ({ message: `quick-casco.risk.${risk}` })) },
        ]
      : []),
    { label: 'quick-casco.field.vehicle', value: [car.model ?? '', { plate: car.plate ?? '' }] },
    { label: 'quick-casco.field.owner', value: car.ownerName ?? '' },
    { label: 'engine.summary.holder', value: personName(applicant) },
    { label: 'engine.summary.period', value: periodText(begin, isIsoDate(begin) ? oneYearFrom(begin) : undefined) },
  ];
}

/** Quick casco (requirements §2): program, car data, applicant, payment, download. */
const quickCasco: ProductDefinition<QuickCascoData, QuickCascoTariff> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'program', title: 'quick-casco.step.program', description: 'quick-casco.step.program.description', schema: programSchema as RJSFSchema, uiSchema: programUi as UiSchema },
    { id: 'car', title: 'quick-casco.step.car', description: 'quick-casco.step.car.description', schema: carSchema as RJSFSchema, uiSchema: carUi as UiSchema },
    { id: 'applicant', title: 'quick-casco.step.applicant', schema: applicantSchema as RJSFSchema, uiSchema: applicantUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'quick-casco.step.payment', component: 'payment' },
    { id: 'download', title: 'quick-casco.step.download', component: 'download', hidden: true },
  ],
  applicant: { person: '/applicant', phone: '/applicant/phone' },
  initialData: { program: {}, car: {}, applicant: { foreign: false } },
  machine: quickCascoRules,
  pricing: (data, catalog) => quoteQuickCasco(data.program.programId, catalog),
  options,
  binding: quickCascoBinding,
  summary,
};

export default quickCasco;
