import type { CatalogOption, ProductDefinition, RJSFSchema, SummaryRow, SummaryText, UiSchema } from '../../engine/definition';
import { groupDigits } from '../kit/api/api-format';
import { periodText, personName } from '../kit/text/summary';
import carSchema from '../../schemas/products/casco/car.json';
import carUi from '../../schemas/products/casco/car.ui.json';
import programSchema from '../../schemas/products/casco/program.json';
import programUi from '../../schemas/products/casco/program.ui.json';
import vehicleSchema from '../../schemas/products/casco/vehicle.json';
import vehicleUi from '../../schemas/products/casco/vehicle.ui.json';
import personalSchema from '../../schemas/products/casco/personal.json';
import personalUi from '../../schemas/products/casco/personal.ui.json';
import { cascoBinding, coverOf } from './binding';
import {
  cascoRisks, customProgramId, findPosition, insurableYears, quoteCasco, riskPremium, type CascoCatalog, type ProgramId,
} from './pricing';
import manifest from './product';
import { cascoRules, chosenRisks, isOfferedValue, offersSums, type CascoData } from './rules';

/** `Chevrolet Cobalt 1.5 LTZ AT, 2022`, or null while the position is open. */
function carName(data: CascoData, catalog: CascoCatalog): string | null {
  const found = data.car.position === undefined ? null : findPosition(catalog.cars, data.car.position);
  if (!found) return null;
  return `${found.brand.name} ${found.model.name} ${found.position.name}${data.car.year === undefined ? '' : `, ${data.car.year}`}`;
}

/** The premium the flow would have with another program (the cards' prices), the constructor with its risks as chosen. */
function priceWith(data: CascoData, catalog: CascoCatalog, tariffId: ProgramId): number | undefined {
  if (!isOfferedValue(data.car, catalog.tariff)) return undefined;
  const cover = coverOf({ ...data, program: { ...data.program, tariffId } });
  return cover && offersSums(cover.sums) ? quoteCasco(cover, catalog.tariff)?.total : undefined;
}

/** `0.015` → `1.5 %`. */
const percent = (rate: number) => `${Number((rate * 100).toFixed(2))} %`;

/** The lists the steps draw from: each filtered by the answer before it, the programs and risks with their prices. */
function options(catalog: CascoCatalog, data: CascoData): Record<string, CatalogOption[]> {
  const { cars, tariff } = catalog;
  const { value } = data.car;
  return {
    // Makes, models, trims and years are names, not messages: shown as they are.
    brands: cars.brands.map((b) => ({ value: b.id, label: b.name, text: b.name })),
    models: cars.models.filter((m) => m.brand_id === data.car.brand).map((m) => ({ value: m.id, label: m.name, text: m.name })),
    positions: cars.positions.filter((p) => p.model_id === data.car.model).map((p) => ({
      value: p.id,
      label: p.name,
      text: p.name,
      details: [{ label: 'casco.field.new_price', value: { uzs: p.price } }],
    })),
    years: insurableYears(tariff.valuationYear, tariff).map((year) => ({ value: year, label: String(year), text: String(year) })),
    programs: [
      ...tariff.programs.map((p) => ({
        value: p.id,
        label: `casco.program.${p.id}`,
        fallback: p.name,
        details: [{ label: 'casco.program.rate', value: percent(p.rate) }],
        ...(value === undefined ? {} : { price: priceWith(data, catalog, p.id) }),
      })),
      {
        value: customProgramId,
        label: `casco.program.${customProgramId}`,
        // The base's rate, and the risks the visitor adds on top.
        details: [{ label: 'casco.program.rate', value: `${percent(tariff.custom.baseRate)} +` }],
        ...(value === undefined ? {} : { price: priceWith(data, catalog, customProgramId) }),
      },
    ],
    // Each risk's own premium, before the discount, as its line of the price shows it.
    risks: cascoRisks.map((risk) => {
      const sums = { liability: data.program.liabilitySum, accident: data.program.accidentSum };
      // A liability risk's premium is of its value: none for a value the form refuses.
      const ownSum = risk === 'liability' || risk === 'accident' ? { [risk]: sums[risk] } : {};
      const priced = value !== undefined && isOfferedValue(data.car, tariff) && offersSums(ownSum);
      return { value: risk, label: `casco.risk.${risk}`, ...(priced ? { price: riskPremium(risk, { value, sums }, tariff) } : {}) };
    }),
  };
}

/** What the policy will say: the car and its value, the cover, the period, the vehicle and the holder. */
function summary(data: CascoData, catalog: CascoCatalog): SummaryRow[] {
  const { car, program, vehicle, personal } = data;
  const risks = chosenRisks(program, cascoRisks);
  const riskTexts: SummaryText[] = risks.map((risk) => {
    const sum = risk === 'liability' ? program.liabilitySum : risk === 'accident' ? program.accidentSum : undefined;
    return sum === undefined ? { message: `casco.risk.${risk}` } : { message: `casco.summary.risk_sum.${risk}`, values: { sum: groupDigits(sum) } };
  });
  return [
    { label: 'casco.summary.car', value: carName(data, catalog) ?? '' },
    { label: 'casco.summary.sum_insured', value: { uzs: car.value ?? 0 } },
    { label: 'casco.summary.program', value: { message: `casco.program.${program.tariffId ?? 1}` } },
    ...(riskTexts.length === 0 ? [] : [{ label: 'casco.summary.risks', value: riskTexts }]),
    { label: 'engine.summary.period', value: periodText(program.beginDate, program.endDate) },
    { label: 'casco.summary.vehicle', value: [{ plate: vehicle.plate ?? '' }, vehicle.model ?? ''] },
    { label: 'engine.summary.holder', value: personName(personal) },
  ];
}

/** Casco (requirements §2): select car, program, car info, personal data (saves), payment, the policy. */
const casco: ProductDefinition<CascoData, CascoCatalog> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'car', title: 'casco.step.car', description: 'casco.step.car.description', schema: carSchema as RJSFSchema, uiSchema: carUi as UiSchema },
    { id: 'program', title: 'casco.step.program', description: 'casco.step.program.description', schema: programSchema as RJSFSchema, uiSchema: programUi as UiSchema },
    { id: 'vehicle', title: 'casco.step.vehicle', description: 'casco.step.vehicle.description', schema: vehicleSchema as RJSFSchema, uiSchema: vehicleUi as UiSchema, call: 'checkVehicle' },
    { id: 'personal', title: 'casco.step.personal', schema: personalSchema as RJSFSchema, uiSchema: personalUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'casco.step.payment', component: 'payment' },
    { id: 'download', title: 'casco.step.download', component: 'download', hidden: true },
  ],
  applicant: { person: '/personal', phone: '/personal/phone' },
  initialData: {
    car: {},
    // Requirements §9: person liability and accident liability are 1 000 000 by default.
    program: { risks: {}, liabilitySum: 1_000_000, accidentSum: 1_000_000 },
    vehicle: {},
    personal: {},
  },
  machine: cascoRules,
  // The chosen program's premium; before a program is chosen, the lowest (Basic's) "from".
  // No price for a value the form refuses: it would be a cover nobody can buy.
  pricing: (data, catalog) => {
    if (!isOfferedValue(data.car, catalog.tariff)) return null;
    const cover = coverOf(data);
    if (cover) return offersSums(cover.sums) ? quoteCasco(cover, catalog.tariff) : null;
    if (data.car.value === undefined) return null;
    const lowest = Math.min(...catalog.tariff.programs.map((p) => priceWith(data, catalog, p.id) ?? Infinity));
    return Number.isFinite(lowest) ? { total: lowest, lines: [{ label: 'casco.price.from', amount: lowest }], lowest: true } : null;
  },
  options,
  binding: cascoBinding,
  // Requirements §4: clearing the car starts the flow again from its first step.
  reset: { label: 'casco.clear_car', steps: ['program', 'vehicle', 'personal'], subject: carName },
  summary,
};

export default casco;
