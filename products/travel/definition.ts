import type { CatalogOption, ProductDefinition, RJSFSchema, SummaryRow, UiSchema } from '../../engine/definition';
import { groupDigits } from '../kit/api/api-format';
import tripSchema from '../../schemas/products/travel/trip.json';
import tripUi from '../../schemas/products/travel/trip.ui.json';
import datesSchema from '../../schemas/products/travel/dates.json';
import datesUi from '../../schemas/products/travel/dates.ui.json';
import touristsSchema from '../../schemas/products/travel/tourists.json';
import touristsUi from '../../schemas/products/travel/tourists.ui.json';
import programSchema from '../../schemas/products/travel/program.json';
import programUi from '../../schemas/products/travel/program.ui.json';
import { travelBinding, type TravelCatalog } from './binding';
import { defaultSpendDays, spendDayOptions, travelMode } from './period';
import { travelPrice } from './pricing';
import manifest from './product';
import { riskIds, travelCover, travelRules, type RiskId, type TravelData } from './rules';
import { periodText, personName } from '../kit/text/summary';

/** Lists the step forms draw from: spend days of the mode, countries, programs with their price, risks with theirs. */
function options(catalog: TravelCatalog, data: TravelData): Record<string, CatalogOption[]> {
  const travellers = Math.max(1, data.tourists.tourists?.length ?? 0);
  return {
    spendDays: spendDayOptions(travelMode(data.trip)).map((days) => ({ value: days, label: `travel.days.${days}` })),
    countries: catalog.countries.map((c) => ({ value: c.code, label: `region.${c.code}` })),
    programs: catalog.programs.map((p) => {
      const total = travelPrice(data, catalog.tariffs, p.id)?.total;
      return {
        value: p.id,
        label: `travel.program.${p.id}`,
        fallback: p.name,
        details: [{ label: 'travel.program.sum_insured', value: groupDigits(p.sumInsuredUsd) }],
        ...(total === undefined ? {} : { price: total }),
      };
    }),
    risks: riskIds.map((r) => ({ value: r, label: `travel.risk.${r}`, price: catalog.tariffs.risks[r] * travellers })),
  };
}

/** What the policy will cover: program, countries, period, travellers, payer and the risks bought. */
function summary(data: TravelData): SummaryRow[] {
  const cover = travelCover(data);
  const risks = riskIds.filter((r) => data.program.risks[r]?.on);
  return [
    ...(data.program.programId === undefined ? [] : [{ label: 'travel.field.program', value: { message: `travel.program.${data.program.programId}` } }]),
    { label: 'travel.field.purpose', value: { message: `travel.purpose.${data.trip.purpose}` } },
    { label: 'travel.field.countries', value: data.dates.countries.map((code) => ({ message: `region.${code}` })) },
    { label: 'engine.summary.period', value: periodText(cover?.beginDate, cover?.endDate) },
    // A multi-trip policy runs a year but covers only so many days abroad: said beside the year.
    ...(data.trip.reusable && data.trip.spendDays !== undefined ? [{ label: 'travel.field.reusable', value: { message: `travel.days.${data.trip.spendDays}` } }] : []),
    ...(data.trip.isFamily ? [{ label: 'travel.field.is_family', value: { message: 'engine.yes' } }] : []),
    ...(data.trip.hasCovid ? [{ label: 'travel.field.has_covid', value: { message: 'engine.yes' } }] : []),
    { label: 'travel.field.tourists', value: (data.tourists.tourists ?? []).map((t) => personName(t.isPayer ? data.tourists.payer : t)) },
    { label: 'travel.field.payer', value: personName(data.tourists.payer) },
    ...(risks.length === 0 ? [] : [{ label: 'travel.field.risks', value: risks.map((r) => ({ message: `travel.risk.${r}` })) }]),
  ];
}

const noRisks = Object.fromEntries(riskIds.map((r) => [r, { on: false }])) as Record<RiskId, { on: boolean }>;

const travel: ProductDefinition<TravelData, TravelCatalog> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'trip', title: 'travel.step.trip', schema: tripSchema as RJSFSchema, uiSchema: tripUi as UiSchema },
    { id: 'dates', title: 'travel.step.dates', schema: datesSchema as RJSFSchema, uiSchema: datesUi as UiSchema },
    { id: 'tourists', title: 'travel.step.tourists', schema: touristsSchema as RJSFSchema, uiSchema: touristsUi as UiSchema },
    { id: 'program', title: 'travel.step.program', schema: programSchema as RJSFSchema, uiSchema: programUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'travel.step.payment', component: 'payment' },
    { id: 'download', title: 'travel.step.download', component: 'download', hidden: true },
  ],
  applicant: { person: '/tourists/payer', phone: '/tourists/payer/phone' },
  initialData: {
    trip: { purpose: 1, reusable: false, spendDays: defaultSpendDays, isFamily: false, hasCovid: false },
    dates: { countries: [] },
    tourists: { payer: { foreign: false }, tourists: [{ isPayer: false, canPay: false, foreign: false }] },
    program: { risks: noRisks },
  },
  machine: travelRules,
  pricing: (data, catalog) => travelPrice(data, catalog.tariffs),
  options,
  binding: travelBinding,
  summary,
};

export default travel;
