import type { CatalogOption, ProductDefinition, RJSFSchema, StepDefinition, UiSchema } from '../../engine/definition';
import type { ProductManifest } from '../kit/define/define';
import { periodText, personName } from '../kit/text/summary';
import { isIsoDate, oneYearFrom } from '../kit/api/api-format';
import programSchema from '../../schemas/products/home/program.json';
import programUi from '../../schemas/products/home/program.ui.json';
import applicantSchema from '../../schemas/products/home/applicant.json';
import applicantUi from '../../schemas/products/home/applicant.ui.json';
import addressSchema from '../../schemas/products/home/address.json';
import addressUi from '../../schemas/products/home/address.ui.json';
import { homeBinding } from './binding';
import { homePrograms, quoteHome, type HomeProgram, type HomeTariffs } from './pricing';
import manifest from './product';
import { homeRules, type HomeData } from './rules';

/** Home's steps; a variant replaces the program step with its own. */
export const homeSteps: StepDefinition[] = [
  { id: 'program', title: 'home.step.program', schema: programSchema as RJSFSchema, uiSchema: programUi as UiSchema },
  { id: 'applicant', title: 'home.step.applicant', schema: applicantSchema as RJSFSchema, uiSchema: applicantUi as UiSchema },
  { id: 'address', title: 'home.step.address', schema: addressSchema as RJSFSchema, uiSchema: addressUi as UiSchema, submit: 'save' },
  { id: 'payment', title: 'home.step.payment', component: 'payment' },
  { id: 'download', title: 'home.step.download', component: 'download', hidden: true },
];

/**
 * A home-property product: a fixed premium per program (the table is the tariff), applicant,
 * address, payment. Home and premium home differ only in these arguments.
 */
export function homeProduct(
  product: ProductManifest,
  steps: StepDefinition[],
  programs: readonly HomeProgram[],
  programLabel: (id: number) => string,
): ProductDefinition<HomeData, HomeTariffs> {
  return {
    id: product.id,
    version: 1,
    title: product.title,
    steps,
    applicant: { person: '/applicant', phone: '/applicant/phone' },
    initialData: { program: {}, applicant: {}, address: { houseType: 'apartment' } },
    machine: homeRules,
    pricing: (data, catalog) => (data.program.programId === undefined ? null : quoteHome(data.program.programId, catalog)),
    options: (catalog): Record<string, CatalogOption[]> => ({
      programs: catalog.programs.map((p) => ({
        value: p.id,
        label: programLabel(p.id),
        fallback: p.name,
        details: [{ label: 'home.program.sum_insured', value: { uzs: p.sumInsured } }],
        price: p.premium,
      })),
    }),
    binding: homeBinding(product.calls, programs),
    summary: (data, catalog) => {
      const program = catalog.programs.find((p) => p.id === data.program.programId);
      const { beginDate } = data.address;
      return [
        ...(program ? [{ label: 'home.field.program', value: { message: programLabel(program.id) } }, { label: 'home.program.sum_insured', value: { uzs: program.sumInsured } }] : []),
        { label: 'home.field.house_type', value: { message: `home.house_type.${data.address.houseType}` } },
        ...(data.address.regionId === undefined ? [] : [{ label: 'home.field.region', value: { message: `home.region.${data.address.regionId}` } }]),
        { label: 'home.field.address', value: data.address.address ?? '' },
        { label: 'engine.summary.period', value: periodText(beginDate, isIsoDate(beginDate) ? oneYearFrom(beginDate) : undefined) },
        { label: 'engine.summary.holder', value: personName(data.applicant) },
      ];
    },
  };
}

const home = homeProduct(manifest, homeSteps, homePrograms, (id) => `home.program.${id}`);

export default home;
