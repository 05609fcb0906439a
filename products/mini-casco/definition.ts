import type { CatalogOption, MessageId, ProductDefinition, RJSFSchema, SummaryRow, UiSchema } from '../../engine/definition';
import { coverEnd, isIsoDate } from '../kit/api/api-format';
import type { ProductManifest } from '../kit/define/define';
import type { MiniCascoTariff } from '../kit/cars/mini-casco-programs';
import { periodText, personName } from '../kit/text/summary';
import programSchema from '../../schemas/products/mini-casco/program.json';
import programUi from '../../schemas/products/mini-casco/program.ui.json';
import carSchema from '../../schemas/products/mini-casco/car.json';
import carUi from '../../schemas/products/mini-casco/car.ui.json';
import applicantSchema from '../../schemas/products/mini-casco/applicant.json';
import applicantUi from '../../schemas/products/mini-casco/applicant.ui.json';
import { miniCascoBindingFor } from './binding';
import { quoteMiniCasco, termPremium, type MiniCascoMonths } from './pricing';
import manifest from './product';
import { miniCascoRules, type MiniCascoData } from './rules';

/** The program cards: each program's premium for the product's term and its cover. */
function options(catalog: MiniCascoTariff, data: MiniCascoData): Record<string, CatalogOption[]> {
  return {
    programs: catalog.programs.map((program) => ({
      value: program.id,
      label: `mini-casco.program.${program.id}`,
      fallback: program.name,
      details: [{ label: 'mini-casco.program.sum_insured', value: { uzs: program.sumInsured } }],
      price: termPremium(program, data.program.months),
    })),
  };
}

/** What the policy will say: the program and its cover, the car, the holder, the period (a month: renewed by buying again). */
function summary(data: MiniCascoData, catalog: MiniCascoTariff): SummaryRow[] {
  const { program, car, applicant } = data;
  const chosen = catalog.programs.find((p) => p.id === program.programId);
  const begin = program.beginDate;
  return [
    ...(chosen
      ? [
          { label: 'mini-casco.field.program', value: { message: `mini-casco.program.${chosen.id}` } },
          { label: 'mini-casco.program.sum_insured', value: { uzs: chosen.sumInsured } },
        ]
      : []),
    { label: 'mini-casco.field.vehicle', value: [car.model ?? '', { plate: car.plate ?? '' }] },
    { label: 'engine.summary.holder', value: personName(applicant) },
    { label: 'engine.summary.period', value: periodText(begin, isIsoDate(begin) ? coverEnd(begin, program.months) : undefined) },
    ...(program.months === 1 ? [{ label: 'mini-casco.summary.renewal', value: { message: 'mini-casco.summary.renewal.text' } }] : []),
  ];
}

/** What a variant of mini-casco fixes: its term, and the line under its program step saying so. */
export interface MiniCascoTerm {
  months: MiniCascoMonths;
  programDescription: MessageId;
}

/**
 * A mini-casco product: the flow of requirements §2 — program, car data, applicant, payment, download — for a
 * term. Mini-casco (a year) and monthly casco (a month, README.md) differ only in these arguments.
 */
export function miniCascoDefinition(
  product: ProductManifest,
  term: MiniCascoTerm = { months: 12, programDescription: 'mini-casco.step.program.description' },
): ProductDefinition<MiniCascoData, MiniCascoTariff> {
  const { months } = term;
  return {
    id: product.id,
    version: 1,
    title: product.title,
    steps: [
      { id: 'program', title: 'mini-casco.step.program', description: term.programDescription, schema: programSchema as RJSFSchema, uiSchema: programUi as UiSchema },
      { id: 'car', title: 'mini-casco.step.car', description: 'mini-casco.step.car.description', schema: carSchema as RJSFSchema, uiSchema: carUi as UiSchema },
      { id: 'applicant', title: 'mini-casco.step.applicant', schema: applicantSchema as RJSFSchema, uiSchema: applicantUi as UiSchema, call: 'checkCar', submit: 'save' },
      { id: 'payment', title: 'mini-casco.step.payment', component: 'payment' },
      { id: 'download', title: 'mini-casco.step.download', component: 'download', hidden: true },
    ],
    applicant: { person: '/applicant', phone: '/applicant/phone' },
    initialData: { program: { months }, car: {}, applicant: {} },
    // The base's term is its initial answer; a variant's is fixed whatever the form reports.
    ...(months === 12 ? {} : { preset: { program: { months } } }),
    machine: miniCascoRules,
    pricing: (data, catalog) => quoteMiniCasco(data.program.programId, data.program.months, catalog),
    options,
    binding: miniCascoBindingFor(product.calls),
    summary,
  };
}

const miniCasco = miniCascoDefinition(manifest);

export default miniCasco;
