import type { CatalogOption, MachineRules, ProductDefinition, RJSFSchema, SummaryRow, SummaryText, UiSchema } from '../../engine/definition';
import type { ProductManifest } from '../kit/define/define';
import { coverEnd, isIsoDate } from '../kit/api/api-format';
import { periodText, personName } from '../kit/text/summary';
import carSchema from '../../schemas/products/osago/car.json';
import carUi from '../../schemas/products/osago/car.ui.json';
import personalSchema from '../../schemas/products/osago/personal.json';
import personalUi from '../../schemas/products/osago/personal.ui.json';
import policySchema from '../../schemas/products/osago/policy.json';
import policyUi from '../../schemas/products/osago/policy.ui.json';
import driversSchema from '../../schemas/products/osago/drivers.json';
import driversUi from '../../schemas/products/osago/drivers.ui.json';
import { osagoBindingFor, type OsagoCatalog } from './binding';
import { osagoPrice } from './pricing';
import manifest from './product';
import { osagoRules, type OsagoData, type OsagoPolicy } from './rules';

/** Lists the policy step draws from: each extra's price, the mini-casco programs with theirs. */
function options(catalog: OsagoCatalog): Record<string, CatalogOption[]> {
  return {
    extras: [
      { value: 'accident', label: 'osago.field.accident', price: catalog.extras.accident },
      { value: 'gas', label: 'osago.field.gas', price: catalog.extras.gas },
      { value: 'plate', label: 'osago.field.plate_cover', price: catalog.extras.plate },
    ],
    miniCasco: catalog.miniCasco.programs.map((p) => ({
      value: p.id,
      label: `osago.mini_casco.${p.id}`,
      fallback: p.name,
      details: [{ label: 'osago.mini_casco.sum_insured', value: { uzs: p.sumInsured } }],
      price: p.premium,
    })),
  };
}

/** What the policy will say: the car, its owner, the period, who may drive and the extras bought. */
function summary(data: OsagoData, catalog: OsagoCatalog): SummaryRow[] {
  const { car, personal, policy } = data;
  const months = catalog.periods.find((p) => p.id === policy.period)?.months ?? 12;
  const start = policy.startDate;
  const extras: SummaryText[] = [
    ...(policy.accident && car.legalEntity !== true ? [{ message: 'osago.field.accident' }] : []),
    ...(policy.gas ? [{ message: 'osago.field.gas' }] : []),
    ...(policy.plateCover ? [{ message: 'osago.field.plate_cover' }] : []),
    // "Mini-casco: Comfort", not a bare "Comfort" beside the other extras.
    ...(policy.miniCasco && policy.miniCascoProgram ? [{ message: `osago.summary.mini_casco.${policy.miniCascoProgram}` }] : []),
  ];
  const drivers = policy.drivers === 4 ? data.drivers.drivers.map((d) => personName(d)) : [{ message: 'osago.drivers.1' }];
  return [
    { label: 'osago.field.vehicle', value: [car.model ?? '', { plate: car.plate ?? '' }] },
    { label: 'osago.field.owner_name', value: car.legalEntity === true ? (personal.company.name ?? car.ownerName ?? '') : (car.ownerName ?? '') },
    { label: 'engine.summary.holder', value: car.legalEntity === true ? (personal.company.name ?? '') : personName(personal.applicant) },
    { label: 'engine.summary.period', value: periodText(start, isIsoDate(start) ? coverEnd(start, months) : undefined) },
    { label: 'osago.summary.sum_insured', value: { uzs: catalog.sumInsured } },
    { label: 'osago.field.drivers', value: drivers },
    ...(extras.length === 0 ? [] : [{ label: 'osago.summary.extras', value: extras }]),
  ];
}

/** A preset of the policy step a variant fixes (OSAGO limited: named drivers). */
export type OsagoPreset = Partial<Pick<OsagoPolicy, 'drivers'>>;

/**
 * An OSAGO product: the flow of requirements §2 — car info, personal data, policy, relatives or drivers,
 * payment, download. OSAGO and OSAGO limited differ only in these arguments (a variant's manifest,
 * the policy answers it fixes, the rules those answers leave).
 */
export function osagoDefinition(product: ProductManifest, preset: OsagoPreset = {}, rules: MachineRules<OsagoData> = osagoRules): ProductDefinition<OsagoData, OsagoCatalog> {
  return {
    id: product.id,
    version: 1,
    title: product.title,
    steps: [
      { id: 'car', title: 'osago.step.car', schema: carSchema as RJSFSchema, uiSchema: carUi as UiSchema, call: 'checkCar' },
      { id: 'personal', title: 'osago.step.personal', schema: personalSchema as RJSFSchema, uiSchema: personalUi as UiSchema, call: 'checkOwner' },
      { id: 'policy', title: 'osago.step.policy', schema: policySchema as RJSFSchema, uiSchema: policyUi as UiSchema },
      { id: 'drivers', title: 'osago.step.drivers', description: 'osago.step.drivers.description', schema: driversSchema as RJSFSchema, uiSchema: driversUi as UiSchema, submit: 'save' },
      { id: 'payment', title: 'osago.step.payment', component: 'payment' },
      { id: 'download', title: 'osago.step.download', component: 'download', hidden: true },
    ],
    applicant: { person: '/personal/applicant', phone: '/personal/phone' },
    initialData: {
      car: {},
      personal: { applicant: {}, isOwner: true, owner: {}, company: {} },
      policy: { period: 1, drivers: 4, accident: false, gas: false, plateCover: false, miniCasco: false, ...preset },
      drivers: { drivers: [{ relative: 0 }] },
    },
    ...(Object.keys(preset).length > 0 ? { preset: { policy: preset } } : {}),
    machine: rules,
    pricing: (data, catalog) => osagoPrice(data, catalog),
    options,
    binding: osagoBindingFor(product.calls),
    summary,
  };
}

const osago = osagoDefinition(manifest);

export default osago;
