import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Envelope, PaymentDetails } from '../../engine/definition';
import { createTestApp, get, inDays, payInSandbox, post } from '../../server/test-helpers';
import { pdfText } from '../../tests/support/pdf-text';
import { addDays, isoToDmy } from '../kit/api/api-format';
import { apiFailure, fakeApi, notOk, ok, saveContext } from '../kit/testing/fake-api';
import { memoryRegistries } from '../kit/testing/memory-registries';
import { apiSchema, onSamplesDay } from '../kit/testing/product-tests';
import type { RegistryPerson, RegistryVehicle, SaleContext } from '../kit/sale/sale';
import { calculateRequest, cascoSaveRequest, coverOf } from './binding';
import { carCatalogue } from './car-catalogue';
import casco from './definition';
import {
  carAge, carValue, cascoTariff, discountPercent, insurableYears, lowestPremium, marchEighthDiscount, quoteCasco, valueLimits, type CascoTariff,
} from './pricing';
import manifest from './product';
import sale, { calculateAnswer } from './sale';
import samples, { sampleCascoCatalog, sampleCobaltComfort, sampleElantraConstructor, sampleKiaCorrected } from './samples';
import { marketValueOf, type CascoData } from './rules';
import { vehicleMismatch } from './vehicle';
import { policyWords } from '../../server/lib/policy-words';

// The samples' covers start within the start window of the day they are told on: the tests run on it.
onSamplesDay();

const catalog = sampleCascoCatalog;
const year = catalog.tariff.valuationYear;

describe('casco car value (README.md "Car value")', () => {
  it('takes 5 % of the new price off for each year of age, linearly; age 0 is the full price', () => {
    expect(carValue(200_000_000, 2026, 2026, cascoTariff)).toBe(200_000_000);
    expect(carValue(200_000_000, 2025, 2026, cascoTariff)).toBe(190_000_000);
    // NEO values a 2020 car at 70 % of new in 2026 (docs/insurance-facts.md §6: 200 → 140 mln): linear, not compound (73.5 %).
    expect(carValue(200_000_000, 2020, 2026, cascoTariff)).toBe(140_000_000);
    expect(carValue(150_000_000, 2022, 2026, cascoTariff)).toBe(120_000_000);
    expect(carValue(161_900_000, 2025, 2026, cascoTariff)).toBe(153_805_000);
  });

  it('insures cars up to 10 years old (half the new price), and none from a later year', () => {
    expect(carValue(100_000_000, 2016, 2026, cascoTariff)).toBe(50_000_000);
    expect(carValue(100_000_000, 2015, 2026, cascoTariff)).toBeNull();
    expect(carValue(100_000_000, 2027, 2026, cascoTariff)).toBeNull();
    expect(carAge(2027, 2026)).toBeNull();
    expect(insurableYears(2026, cascoTariff)).toEqual([2026, 2025, 2024, 2023, 2022, 2021, 2020, 2019, 2018, 2017, 2016]);
  });

  it('lets the insured value move 20 % either way of the computed one, in whole UZS', () => {
    expect(valueLimits(120_000_000, cascoTariff)).toEqual({ min: 96_000_000, max: 144_000_000 });
    expect(valueLimits(153_805_001, cascoTariff)).toEqual({ min: 123_044_001, max: 184_566_001 });
  });
});

describe('casco premiums (README.md "Tariff")', () => {
  const cover = (value: number, program: 1 | 2 | 3 | 4, risks: CascoData['program']['risks'] = {}, sums = {}) =>
    ({ value, program, risks: Object.keys(risks).filter((r) => risks[r as keyof typeof risks]) as never[], sums });

  it('prices the fixed programs at 1, 1.5 and 2.5 % of the value (NEO: 140 mln → 1.4 / 2.1 / 3.5 mln), less 35 %', () => {
    const noDiscount: CascoTariff = { ...cascoTariff, discount: { percent: 35, active: false } };
    expect([1, 2, 3].map((p) => quoteCasco(cover(140_000_000, p as 1 | 2 | 3), noDiscount)?.total)).toEqual([1_400_000, 2_100_000, 3_500_000]);
    expect(quoteCasco(cover(140_000_000, 1), cascoTariff)).toEqual({
      total: 910_000,
      lines: [{ label: 'casco.program.1', amount: 1_400_000 }, { label: 'casco.price.discount', amount: -490_000 }],
    });
  });

  it('builds the constructor: the base, each risk on the value, the liability risks on their chosen sums', () => {
    const price = quoteCasco(cover(100_000_000, 4, { windscreen: true, liability: true, accident: true }, { liability: 50_000_000, accident: 10_000_000 }), cascoTariff);
    expect(price?.lines).toEqual([
      { label: 'casco.price.base', amount: 1_000_000 },
      { label: 'casco.risk.liability', amount: 150_000 },
      { label: 'casco.risk.accident', amount: 50_000 },
      { label: 'casco.risk.windscreen', amount: 300_000 },
      { label: 'casco.price.discount', amount: -525_000 },
    ]);
    expect(price?.total).toBe(975_000);
    // A dearer liability value costs more; an added car risk costs its rate on the value.
    const dearer = quoteCasco(cover(100_000_000, 4, { liability: true }, { liability: 100_000_000 }), cascoTariff)?.total ?? 0;
    const cheaper = quoteCasco(cover(100_000_000, 4, { liability: true }, { liability: 1_000_000 }), cascoTariff)?.total ?? 0;
    expect(dearer - cheaper).toBe(Math.round(297_000 * 0.65));
  });

  it('packs Comfort as the base with the windscreen and roadside help, and Premium below the built price of every car risk', () => {
    const comfort = quoteCasco(cover(100_000_000, 2), cascoTariff)?.total;
    expect(quoteCasco(cover(100_000_000, 4, { windscreen: true, roadside_help: true }), cascoTariff)?.total).toBe(comfort);
    const built = quoteCasco(cover(100_000_000, 4, Object.fromEntries(cascoTariff.programs[2]?.risks.map((r) => [r, true]) ?? [])), cascoTariff)?.total ?? 0;
    expect(quoteCasco(cover(100_000_000, 3), cascoTariff)?.total).toBeLessThan(built);
  });

  it('applies the 35 % discount only while the tariff has it active; the 8 March getter answers 0', () => {
    expect(discountPercent(cascoTariff)).toBe(35);
    expect(marchEighthDiscount(cascoTariff)).toBe(0);
    const inactive: CascoTariff = { ...cascoTariff, discount: { percent: 35, active: false } };
    expect(discountPercent(inactive)).toBe(0);
    expect(quoteCasco(cover(120_000_000, 1), inactive)).toEqual({ total: 1_200_000, lines: [{ label: 'casco.program.1', amount: 1_200_000 }] });
    // Were the 8 March discount ever set, it would add to the other.
    expect(quoteCasco(cover(120_000_000, 1), { ...cascoTariff, marchEighthPercent: 10 })?.total).toBe(660_000);
  });

  it('refuses a program the tariff does not have', () => {
    expect(quoteCasco({ value: 1, program: 3, risks: [], sums: {} }, { ...cascoTariff, programs: [] })).toBeNull();
  });

  it('shows the lowest program\'s price "from …" before a program is chosen, and nothing before the car', () => {
    const chosenCar = { ...sampleCobaltComfort, program: { ...sampleCobaltComfort.program, tariffId: undefined } };
    const value = sampleCobaltComfort.car.value ?? 0;
    expect(casco.pricing(chosenCar, catalog)).toEqual({ total: Math.round(value * 0.01) - Math.round(value * 0.01 * 0.35), lines: [{ label: 'casco.price.from', amount: Math.round(value * 0.01) - Math.round(value * 0.01 * 0.35) }], lowest: true });
    expect(casco.pricing(casco.initialData, catalog)).toBeNull();
  });

  it('holds the card\'s "from" price to the seeded price list and tariff', () => {
    expect(manifest.fromPrice).toBe(lowestPremium(carCatalogue, cascoTariff));
  });
});

describe('casco price list', () => {
  it('holds at least 15 brands sold in Uzbekistan, each model with positions, ids fixed by their parents', () => {
    expect(carCatalogue.brands.length).toBeGreaterThanOrEqual(15);
    const ids = (list: { id: number }[]) => new Set(list.map((x) => x.id)).size === list.length;
    expect(ids(carCatalogue.brands) && ids(carCatalogue.models) && ids(carCatalogue.positions)).toBe(true);
    for (const model of carCatalogue.models) {
      expect(Math.floor(model.id / 100), model.name).toBe(model.brand_id);
      expect(carCatalogue.positions.some((p) => p.model_id === model.id), model.name).toBe(true);
    }
    for (const position of carCatalogue.positions) {
      expect(Math.floor(position.id / 100), position.name).toBe(position.model_id);
      expect(Number.isInteger(position.price) && position.price >= 50_000_000 && position.price < 5_000_000_000, position.name).toBe(true);
    }
    expect(carCatalogue.positions.length).toBeGreaterThan(150);
  });

  it('has the sandbox registry\'s cars, so each can be bought', () => {
    const name = (model: string) => carCatalogue.models.find((m) => m.name === model);
    for (const [registry, model] of [['Chevrolet Cobalt', 'Cobalt'], ['Chevrolet Spark', 'Spark'], ['Hyundai Elantra', 'Elantra'], ['Kia K5', 'K5'], ['Chevrolet Nexia 3', 'Nexia 3']]) {
      expect(name(model as string), model).toBeDefined();
      expect(vehicleMismatch({ model: registry as string, issueYear: 2022 }, { model: model as string, year: 2022 })).toBeNull();
    }
  });
});

describe('casco rules', () => {
  const { syncCar, checkValue, syncPeriod } = casco.machine.actions;
  if (!syncCar || !checkValue || !syncPeriod) throw new Error('casco actions missing');
  const fresh: CascoData = structuredClone(casco.initialData);
  const withCar = (car: CascoData['car']): CascoData => ({ ...fresh, car });

  it('computes the value for the position and year, and offers each list filtered by the choice before it', () => {
    const chosen = syncCar(withCar({ brand: 1, model: 103, position: 10302, year: year - 4 }), fresh, catalog).data;
    expect(chosen.car).toMatchObject({ marketValue: 120_000_000, value: 120_000_000 });
    const lists = casco.options?.(catalog, chosen) ?? {};
    expect(lists.models?.map((m) => m.label)).toEqual(['Spark', 'Nexia 3', 'Cobalt', 'Lacetti', 'Onix', 'Tracker 2', 'Monza', 'Malibu 2', 'Captiva 5', 'Equinox', 'Trailblazer', 'Traverse', 'Tahoe', 'Damas', 'Labo']);
    expect(lists.positions).toEqual([
      { value: 10301, label: '1.5 LS MT', text: '1.5 LS MT', details: [{ label: 'casco.field.new_price', value: { uzs: 138_000_000 } }] },
      { value: 10302, label: '1.5 LTZ AT', text: '1.5 LTZ AT', details: [{ label: 'casco.field.new_price', value: { uzs: 150_000_000 } }] },
      { value: 10303, label: 'GS-Style AT Plus', text: 'GS-Style AT Plus', details: [{ label: 'casco.field.new_price', value: { uzs: 150_000_000 } }] },
      { value: 10304, label: 'Midnight AT', text: 'Midnight AT', details: [{ label: 'casco.field.new_price', value: { uzs: 155_200_000 } }] },
    ]);
    expect(lists.years?.map((y) => y.value)).toEqual(insurableYears(year, cascoTariff));
    expect(lists.programs?.map((p) => [p.value, p.price])).toEqual([[1, 780_000], [2, 1_170_000], [3, 1_950_000], [4, 780_000]]);
    expect(lists.risks?.find((r) => r.value === 'windscreen')?.price).toBe(360_000);
  });

  it('clears the model and position of another brand, the position of another model, and the value with them', () => {
    const cobalt = syncCar(withCar({ brand: 1, model: 103, position: 10302, year: year - 4 }), fresh, catalog).data;
    const hyundai = syncCar({ ...cobalt, car: { ...cobalt.car, brand: 4 } }, cobalt, catalog).data;
    expect(hyundai.car).toEqual({ brand: 4, model: undefined, position: undefined, year: year - 4, marketValue: undefined, value: undefined });
    const spark = syncCar({ ...cobalt, car: { ...cobalt.car, model: 101 } }, cobalt, catalog).data;
    expect(spark.car).toMatchObject({ brand: 1, model: 101, position: undefined, value: undefined });
  });

  it('values a car anew when its year changes, so a correction made for another car does not carry over', () => {
    const cobalt = syncCar(withCar({ brand: 1, model: 103, position: 10302, year: year - 4 }), fresh, catalog).data;
    const corrected = { ...cobalt, car: { ...cobalt.car, value: 130_000_000 } };
    const older = syncCar({ ...corrected, car: { ...corrected.car, year: year - 6 } }, corrected, catalog).data;
    expect(older.car).toMatchObject({ marketValue: 105_000_000, value: 105_000_000 });
  });

  it('refuses an insured value more than 20 % from the computed one', () => {
    const cobalt = syncCar(withCar({ brand: 1, model: 103, position: 10302, year: year - 4 }), fresh, catalog).data;
    const at = (value: number) => checkValue({ ...cobalt, car: { ...cobalt.car, value } }, cobalt, catalog).errors;
    expect(at(96_000_000)).toBeUndefined();
    expect(at(144_000_000)).toBeUndefined();
    // The message gives the range to type.
    const refused = { car: { '/value': { id: 'casco.error.value_range', values: { min: '96 000 000', max: '144 000 000', share: 20 } } } };
    expect(at(95_999_999)).toEqual(refused);
    expect(at(144_000_001)).toEqual(refused);
  });

  it('prices no cover for a value the form refuses: no total, no card or risk prices', () => {
    const cobalt = syncCar(withCar({ brand: 1, model: 103, position: 10302, year: year - 4 }), fresh, catalog).data;
    const withValue = (value: number): CascoData => ({ ...cobalt, car: { ...cobalt.car, value }, program: { ...cobalt.program, tariffId: 2 } });
    expect(casco.pricing(withValue(144_000_000), catalog)?.total).toBeGreaterThan(0);
    for (const refused of [95_999_999, 144_000_001]) {
      expect(casco.pricing(withValue(refused), catalog)).toBeNull();
      const lists = casco.options?.(catalog, withValue(refused)) ?? {};
      expect([...(lists.programs ?? []), ...(lists.risks ?? [])].map((option) => option.price)).toEqual(Array(13).fill(undefined));
    }
  });

  it('prices no constructor whose liability value the form refuses, nor that risk, while the other risks keep theirs', () => {
    const cobalt = syncCar(withCar({ brand: 1, model: 103, position: 10302, year: year - 4 }), fresh, catalog).data;
    const withSum = (liabilitySum: number): CascoData => ({ ...cobalt, program: { ...cobalt.program, tariffId: 4, risks: { liability: true, windscreen: true }, liabilitySum } });
    expect(casco.pricing(withSum(100_000_000), catalog)?.total).toBeGreaterThan(0);
    for (const refused of [200_000_000, 500_000, 1_050_050]) {
      expect(casco.pricing(withSum(refused), catalog), String(refused)).toBeNull();
      const risks = casco.options?.(catalog, withSum(refused)).risks ?? [];
      expect(risks.find((risk) => risk.value === 'liability')?.price).toBeUndefined();
      expect(risks.find((risk) => risk.value === 'windscreen')?.price).toBeGreaterThan(0);
      expect(casco.options?.(catalog, withSum(refused)).programs?.find((program) => program.value === 4)?.price).toBeUndefined();
    }
  });

  // The file runs on the samples' day, 15.06.2030.
  describe('the cover\'s period', () => {
    it('lasts a year from a first day between today and 60 days on', () => {
      const at = (beginDate: string) => syncPeriod({ ...fresh, program: { ...fresh.program, beginDate } }, fresh, catalog);
      expect(at('2030-07-01').data.program.endDate).toBe('2031-06-30');
      expect(at('2030-06-15').errors).toBeUndefined();
      expect(at('2030-06-14').errors).toEqual({ program: { '/beginDate': 'casco.error.begin_past' } });
      expect(at('2030-08-14').errors).toBeUndefined();
      expect(at('2030-08-15').errors).toEqual({ program: { '/beginDate': 'casco.error.begin_late' } });
    });
  });

  it('offers the clear-car action on every step after the first, naming the chosen car', () => {
    expect(casco.reset?.steps).toEqual(['program', 'vehicle', 'personal']);
    expect(casco.reset?.subject?.(sampleCobaltComfort, catalog)).toBe('Chevrolet Cobalt 1.5 LTZ AT, 2022');
    expect(casco.reset?.subject?.(casco.initialData, catalog)).toBeNull();
  });
});

const juridik = {
  juridik: 0, name: 'RAHIMOV AZIZ', pinfl: null, inn: null, modelName: 'Hyundai Elantra', vehicleTypeId: 1, issueYear: 2021, seats: 5, yoqilgi_type: 'petrol', restricted: false,
};

describe('casco binding', () => {
  const vehicleLookup = casco.binding.lookups?.find((lookup) => lookup.step === 'vehicle');
  if (!vehicleLookup) throw new Error('no vehicle lookup');

  it('loads the price list and the tariff together', async () => {
    const api = fakeApi((c) => ok(c.path === manifest.calls.cars ? carCatalogue : catalog.tariff));
    expect(await casco.binding.load(api)).toEqual(catalog);
    expect(api.calls.map((c) => `${c.method} ${c.path}`).sort()).toEqual(['GET /kasko-neo/get-tarif', 'GET /sayt/kasko/cars']);
  });

  it('fills the registry\'s model, year and owner (the OSAGO vehicle lookup), read-only until corrected', async () => {
    const api = fakeApi(() => ok(juridik));
    const found = await vehicleLookup.run(api, { plate: '01F224LC', techPassport: 'AAF2242242' }, catalog);
    expect(found).toEqual({ model: 'Hyundai Elantra', issueYear: 2021, ownerName: 'RAHIMOV AZIZ', found: true, edit: false });
    expect(api.calls[0]).toEqual({ method: 'POST', path: '/osago-neo/osago-juridik', body: { gos_number: '01F224LC', tech_sery: 'AAF', tech_number: '2242242' } });
    expect(vehicleLookup.key({ plate: '01F224L', techPassport: 'AAF2242242' })).toBeNull();
  });

  it('says at the plate when the registry does not know the car, or its model is not sold online', async () => {
    const car = { plate: '01X000XX', techPassport: 'AAA0000000' };
    await expect(vehicleLookup.run(fakeApi(() => notOk(1, 'vehicle_not_found')), car, catalog))
      .rejects.toMatchObject({ messageId: 'casco.error.vehicle_not_found', field: { step: 'vehicle', path: '/plate' } });
    await expect(vehicleLookup.run(fakeApi(() => ok({ ...juridik, modelName: 'Lamborghini Urus', restricted: true })), car, catalog))
      .rejects.toMatchObject({ messageId: 'casco.error.restricted_model', field: { step: 'vehicle', path: '/plate' } });
  });

  it('refuses, on leaving car info, a registry car of another year or model than the one chosen', async () => {
    const checkVehicle = casco.binding.calls?.checkVehicle;
    if (!checkVehicle) throw new Error('no checkVehicle');
    expect(await checkVehicle(fakeApi(() => ok(juridik)), sampleElantraConstructor, catalog)).toEqual({});
    await expect(checkVehicle(fakeApi(() => ok({ ...juridik, issueYear: 2019 })), sampleElantraConstructor, catalog))
      .rejects.toMatchObject({ messageId: 'casco.error.vehicle_year', field: { step: 'vehicle', path: '/plate' } });
    await expect(checkVehicle(fakeApi(() => ok({ ...juridik, modelName: 'Chevrolet Cobalt' })), sampleElantraConstructor, catalog))
      .rejects.toMatchObject({ messageId: 'casco.error.vehicle_model', field: { step: 'vehicle', path: '/plate' } });
    // Another model of another year is another car: not a year to go back and correct.
    await expect(checkVehicle(fakeApi(() => ok({ ...juridik, modelName: 'Chevrolet Cobalt', issueYear: 2019 })), sampleElantraConstructor, catalog))
      .rejects.toMatchObject({ messageId: 'casco.error.vehicle_model' });
  });

  it('asks the calculator for the chosen program\'s price and shows its own lines when the figures agree', async () => {
    const quote = casco.binding.quote;
    if (!quote) throw new Error('no quote');
    expect(quote.key({ ...sampleCobaltComfort, program: { ...sampleCobaltComfort.program, tariffId: undefined } })).toBeNull();
    const cover = coverOf(sampleElantraConstructor);
    if (!cover) throw new Error('no cover');
    const body = calculateRequest(cover);
    expect(body).toEqual({
      price: sampleElantraConstructor.car.value,
      risks: { liability: 1, accident: 1, drunk_driving: 0, railway_crossing: 0, red_light: 0, wrong_way: 0, windscreen: 1, roadside_help: 1, taxi_rental: 0 },
      liability: { person: 25_000_000, accident: 5_000_000 },
    });
    expect(apiSchema('casco/calculate.request')(body)).toEqual([]);
    const answer = calculateAnswer(body, cascoTariff);
    expect(apiSchema('casco/calculate.response')(answer)).toEqual([]);
    const api = fakeApi(() => ok(answer));
    expect(await quote.run(api, sampleElantraConstructor, catalog)).toEqual(casco.pricing(sampleElantraConstructor, catalog));
    const other = await quote.run(fakeApi(() => ok({ ...answer, custom: { ...answer.custom, amount: 1 } })), sampleElantraConstructor, catalog);
    expect(other).toEqual({ total: 1, lines: [{ label: 'casco.price.total', amount: 1 }] });
    expect(calculateRequest({ value: 1_000_000, program: 2, risks: [], sums: {} })).toEqual({ price: 1_000_000 });
  });

  it('saves the car, the program, the payer and the premium, dates DD-MM-YYYY', async () => {
    const saved = { contract_id: 'K-1', order_id: '100001', amount: 1, url: 'https://my.click.uz/x', payme_url: 'https://checkout.paycom.uz/y' };
    const price = casco.pricing(sampleElantraConstructor, catalog);
    if (!price) throw new Error('no price');
    const api = fakeApi(() => ok({ ...saved, amount: price.total }));
    const payment = await casco.binding.save(api, sampleElantraConstructor, price, saveContext);
    const { beginDate } = sampleElantraConstructor.program;
    expect(api.calls[0]).toEqual({
      method: 'POST',
      path: '/takoful/kasko-neo/save',
      body: {
        car: { number: '01F224LC', tech_sery: 'AAF', tech_number: '2242242', position_id: 40301, year: 2021, price: sampleElantraConstructor.car.value, model: 'Hyundai Elantra', owner: 'RAHIMOV AZIZ' },
        tariff_id: 4,
        tariff_type: 1,
        risks: { liability: 1, accident: 1, drunk_driving: 0, railway_crossing: 0, red_light: 0, wrong_way: 0, windscreen: 1, roadside_help: 1, taxi_rental: 0 },
        liability: { person: 25_000_000, accident: 5_000_000 },
        begin_date: isoToDmy(beginDate ?? '', '-'),
        payer: { passport_seria: 'AE', passport_number: '1234567', birthday: '12-09-1995', phone: '998901234567' },
        premium: price.total,
        return_url: saveContext.returnPath,
      },
    });
    expect(apiSchema('casco/save.request')(api.calls[0]?.body)).toEqual([]);
    expect(payment).toEqual({ contractId: 'K-1', orderId: '100001', price: price.total, links: { click: saved.url, payme: saved.payme_url } } satisfies PaymentDetails);
    // A fixed program sends neither risks nor liability values.
    const fixed = cascoSaveRequest(sampleCobaltComfort, { total: 1, lines: [] });
    expect(fixed).toMatchObject({ tariff_id: 2, tariff_type: 0, payer: { pinfl: '31505900000011' } });
    expect('risks' in fixed || 'liability' in fixed).toBe(false);
    // The constructor without liability risks sends no liability values.
    expect('liability' in cascoSaveRequest(sampleKiaCorrected, { total: 1, lines: [] })).toBe(false);
  });

  it('opens the error dialog for a save answered with HTTP 500, and says maybe-data-is-incorrect on the page for any other failure (requirements §8)', async () => {
    const price = { total: 1, lines: [] };
    const failing = (answer: ReturnType<typeof apiFailure> | Envelope<unknown>) => casco.binding.save(fakeApi(() => answer), sampleCobaltComfort, price, saveContext);
    await expect(failing(apiFailure(500, notOk(500, 'Internal Server Error')))).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect', modal: true });
    for (const status of [400, 422, 502, 503]) {
      const error = await failing(apiFailure(status, notOk(status, 'datas_not_found'))).catch((e: unknown) => e);
      expect(error, `HTTP ${status}`).toMatchObject({ messageId: 'maybe-data-is-incorrect' });
      expect((error as { modal?: boolean }).modal, `HTTP ${status}`).toBeUndefined();
    }
    await expect(failing(notOk(3, 'refused'))).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
    await expect(failing(apiFailure(null))).rejects.toMatchObject({ messageId: 'network_error' });
    // An answer without what a save must answer is no save either.
    await expect(failing(ok({ contract_id: 'K-1' }))).rejects.toMatchObject({ messageId: 'maybe-data-is-incorrect' });
  });

  it('checks payment at /takoful/kasko-neo/check: the policy from `check` and its address, null while unpaid', async () => {
    const payment: PaymentDetails = { contractId: 'K-1', orderId: '1', price: 1, links: {} };
    const paid = fakeApi(() => ok(samples.answers[manifest.calls.check]));
    expect(await casco.binding.check(paid, payment)).toEqual({ policyNumber: 'ENK 2026000001', policyUrl: 'https://shop.example.uz/policies/K-1.pdf' });
    expect(paid.calls[0]).toEqual({ method: 'POST', path: '/takoful/kasko-neo/check', body: { contract_id: 'K-1' } });
    expect(await casco.binding.check(fakeApi(() => notOk(1, 'payment_not_made')), payment)).toBeNull();
  });
});

describe('casco sale', () => {
  const vali: RegistryPerson = { pinfl: '31505900000011', firstName: 'Vali', lastName: 'Aliyev', firstNameCyr: 'Вали', lastNameCyr: 'Алиев', birthday: '1990-05-15' };
  const owner = { kind: 'person' as const, name: 'ALIYEV VALI', pinfl: vali.pinfl, passportSeria: 'AA', passportNumber: '1234567', birthday: vali.birthday };
  const vehicles: RegistryVehicle[] = [
    { plate: '01A123BC', techSeria: 'AAF', techNumber: '0390422', model: 'Chevrolet Cobalt', vehicleType: 1, issueYear: 2022, seats: 5, fuel: 'petrol', owner, policyEnd: null },
  ];
  const today = `${year}-06-15`;
  const context: SaleContext<CascoTariff> = {
    tariffs: cascoTariff,
    today,
    findPerson: async (query) => (query.passportSeria === 'AA' && query.passportNumber === '1234567' && query.birthday === vali.birthday ? vali : null),
    citizenPassport: async () => false,
    registries: memoryRegistries({ vehicles, catalogue: carCatalogue }),
    words: policyWords(),
  };
  const value = carValue(150_000_000, 2022, year, cascoTariff) ?? 0;
  const price = (data: CascoData) => casco.pricing(data, catalog) ?? { total: 0, lines: [] };
  const comfort: CascoData = { ...sampleCobaltComfort, car: { ...sampleCobaltComfort.car, value }, program: { ...sampleCobaltComfort.program, beginDate: addDays(today, 1) } };
  const request = cascoSaveRequest(comfort, price(comfort));

  it('values the car itself and prices the cover the request states, for a year from its first day', async () => {
    const quoted = await sale.quote(request, context);
    expect(quoted.price).toEqual(price(comfort));
    expect(quoted.terms).toMatchObject({
      holder: 'Vali Aliyev', insured: [], beginDate: addDays(today, 1), endDate: `${year + 1}-06-15`, sumInsured: value, currency: 'UZS', programName: 'Komfort / Комфорт',
    });
    expect(quoted.terms.subject).toBe('Chevrolet Cobalt 2022, 01 A 123 BC (Chevrolet Cobalt 1.5 LTZ AT); egasi / владелец: ALIYEV VALI');
    const built = cascoSaveRequest({ ...comfort, program: { ...comfort.program, tariffId: 4, risks: { liability: true, windscreen: true }, liabilitySum: 10_000_000 } }, { total: 0, lines: [] });
    const custom = await sale.quote(built, context);
    // The page's words: the risks as the constructor lists them, a sum as the summary states it.
    expect(custom.terms.programName).toBe('Konstruktor / Конструктор; Boshqa shaxslar oldidagi javobgarlik, limit 10 000 000 soʻm / Ответственность перед другими людьми, лимит 10 000 000 сум; Old oyna / Лобовое стекло');
    expect(custom.price.total).toBe(Math.round((Math.round(value * 0.01) + 30_000 + Math.round(value * 0.003)) * 0.65));
  });

  it('takes a corrected value within 20 % and refuses one beyond it', async () => {
    const { min, max } = valueLimits(value, cascoTariff);
    for (const ok of [min, max]) await expect(sale.quote({ ...request, car: { ...request.car, price: ok } }, context)).resolves.toBeDefined();
    for (const bad of [min - 1, max + 1]) await expect(sale.quote({ ...request, car: { ...request.car, price: bad } }, context)).rejects.toMatchObject({ status: 422, field: '/car/price' });
  });

  it('refuses what cannot be sold, naming the field', async () => {
    const refused = async (body: typeof request, status: number, field: string) => expect(sale.quote(body, context), field).rejects.toMatchObject({ status, field });
    await refused({ ...request, begin_date: isoToDmy(addDays(today, -1), '-') }, 400, '/begin_date');
    await refused({ ...request, begin_date: isoToDmy(addDays(today, 61), '-') }, 400, '/begin_date');
    await refused({ ...request, begin_date: '31-06-2030' }, 400, '/begin_date');
    await refused({ ...request, tariff_type: 1 }, 400, '/tariff_type');
    await refused({ ...request, tariff_id: 4, tariff_type: 0 }, 400, '/tariff_type');
    await refused({ ...request, risks: { windscreen: 1 } }, 400, '/risks');
    await refused({ ...request, car: { ...request.car, position_id: 99999 } }, 422, '/car/position_id');
    await refused({ ...request, car: { ...request.car, year: year - 11 } }, 422, '/car/year');
    await refused({ ...request, car: { ...request.car, year: year + 1 } }, 422, '/car/year');
    await refused({ ...request, car: { ...request.car, number: '01X000XX' } }, 422, '/car/number');
    // Valued as a 2023 car, but the registry's is of 2022; a Spark's price for the Cobalt.
    await refused({ ...request, car: { ...request.car, year: 2023, price: carValue(150_000_000, 2023, year, cascoTariff) ?? 0 } }, 422, '/car/year');
    await refused({ ...request, car: { ...request.car, position_id: 10102, price: carValue(145_000_000, 2022, year, cascoTariff) ?? 0 } }, 422, '/car/position_id');
    await refused({ ...request, payer: { ...request.payer, passport_number: '7654321' } }, 422, '/payer');
    // A model on the insurer's restricted list, refused at the plate on the page, is refused here too.
    const restricted = { ...context, registries: memoryRegistries({ vehicles, catalogue: carCatalogue, restrictedModels: ['chevrolet cobalt'] }) };
    await expect(sale.quote(request, restricted)).rejects.toMatchObject({ status: 422, field: '/car/number' });
    const custom = { ...request, tariff_id: 4 as const, tariff_type: 1 as const, risks: { liability: 1 as const } };
    await refused(custom, 400, '/liability/person');
    await refused({ ...custom, liability: { person: 100_000_100 } }, 400, '/liability/person');
    await refused({ ...custom, liability: { person: 1_050_050 } }, 400, '/liability/person');
    await refused({ ...custom, risks: { accident: 1 }, liability: { accident: 60_000_000 } }, 400, '/liability/accident');
  });

  it('answers the tariff with the year ages count to, and the calculator for any value', async () => {
    const [cars, tariff, calculate] = sale.calls ?? [];
    if (!cars || !tariff || !calculate) throw new Error('no calls');
    expect(await cars.answer(undefined, context)).toEqual(carCatalogue);
    expect(await tariff.answer(undefined, context)).toEqual({ ...cascoTariff, valuationYear: year });
    const answered = await calculate.answer({ price: 140_000_000 }, context);
    expect(answered).toMatchObject({
      price: 140_000_000,
      discount_percent: 35,
      programs: [
        { tariff_id: 1, tariff_type: 0, name: 'Basic', rate: 0.01, premium: 1_400_000, amount: 910_000 },
        { tariff_id: 2, tariff_type: 0, name: 'Comfort', rate: 0.015, premium: 2_100_000, amount: 1_365_000 },
        { tariff_id: 3, tariff_type: 0, name: 'Premium', rate: 0.025, premium: 3_500_000, amount: 2_275_000 },
      ],
      custom: { tariff_id: 4, tariff_type: 1, base_rate: 0.01, base_premium: 1_400_000, risks: [], premium: 1_400_000, amount: 910_000 },
    });
    // The constructor with a liability risk but no value prices it at its default, 1 000 000.
    expect(await calculate.answer({ price: 140_000_000, risks: { liability: 1 } }, context)).toMatchObject({ custom: { risks: [{ risk: 'liability', rate: 0.003, premium: 3_000 }], premium: 1_403_000 } });
    await expect(async () => calculate.answer({ price: 140_000_000, risks: { accident: 1 }, liability: { accident: 1 } }, context)).rejects.toMatchObject({ status: 400, field: '/liability/accident' });
  });
});

describe('casco on the server', () => {
  let app: FastifyInstance;
  // Migrating and seeding a fresh database takes a while on a busy machine.
  beforeAll(async () => {
    app = await createTestApp();
  }, 60_000);
  afterAll(() => app.close());

  const purchase = (extra: Partial<CascoData['program']> = {}): CascoData => ({ ...sampleCobaltComfort, program: { ...sampleCobaltComfort.program, beginDate: inDays(2), ...extra } });
  const body = (data: CascoData = purchase()) => cascoSaveRequest(data, casco.pricing(data, catalog) ?? { total: 0, lines: [] });

  it('answers the price list from the seeded tables, quickly once kept', async () => {
    const first = await get(app, '/api/sayt/kasko/cars');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: true, error: 0, message: expect.any(String), response: carCatalogue });
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) expect((await get(app, '/api/sayt/kasko/cars')).statusCode).toBe(200);
    expect((performance.now() - started) / 20).toBeLessThan(50);
    expect((await get(app, '/api/kasko-neo/get-tarif')).json()).toMatchObject({ result: true, response: { valuationYear: year, discount: { percent: 35, active: true } } });
  });

  it('values a car with car_price_cal as the page and the save value it: every position, every age insured', async () => {
    // The page's catalog, as the binding loads it from this server.
    const page = { cars: (await get(app, '/api/sayt/kasko/cars')).json().response, tariff: (await get(app, '/api/kasko-neo/get-tarif')).json().response };
    const years = insurableYears(page.tariff.valuationYear, page.tariff);
    const asked = [
      ...page.cars.positions.map((position: { id: number }, i: number) => ({ position: position.id, year: years[i % years.length] as number })),
      ...years.map((y) => ({ position: 10302, year: y })),
    ];
    for (const { position, year: made } of asked) {
      const res = await post(app, '/api/takoful/kasko-neo/car_price_cal', { car_position_id: position, year: made });
      expect(res.statusCode, `${position} ${made}`).toBe(200);
      const answer = res.json().response;
      const shown = marketValueOf({ position, year: made }, page);
      expect(answer.price, `${position} ${made}`).toBe(shown);
      expect({ min: answer.min_price, max: answer.max_price }).toEqual(valueLimits(answer.price, page.tariff));
    }
    // The calculator prices that value, and the save takes it and its limits, not a sum beyond them.
    const cobalt = (await post(app, '/api/takoful/kasko-neo/car_price_cal', { car_position_id: 10302, year: 2022 })).json().response;
    expect(cobalt).toMatchObject({ brand: 'Chevrolet', model: 'Cobalt', position: '1.5 LTZ AT', new_price: 150_000_000, price: carValue(150_000_000, 2022, year, cascoTariff) });
    expect((await post(app, '/api/takoful/kasko-neo/hisoblash', { price: cobalt.price })).json().response.price).toBe(cobalt.price);
    for (const value of [cobalt.price, cobalt.min_price, cobalt.max_price]) {
      const data = purchase();
      expect((await post(app, '/api/takoful/kasko-neo/save', body({ ...data, car: { ...data.car, value } }))).statusCode, String(value)).toBe(200);
    }
    for (const value of [cobalt.min_price - 1, cobalt.max_price + 1]) {
      const right = body();
      const res = await post(app, '/api/takoful/kasko-neo/save', { ...right, car: { ...right.car, price: value } });
      expect(res.statusCode, String(value)).toBe(422);
      expect(res.json().response.field).toBe('/car/price');
    }
  });

  it('refuses car_price_cal for a car the price list or the tariff does not insure, naming the field', async () => {
    const expectField = async (payload: unknown, status: number, field: string) => {
      const res = await post(app, '/api/takoful/kasko-neo/car_price_cal', payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(status);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ result: false, response: { field } });
    };
    await expectField({ car_position_id: 99999, year: 2022 }, 422, '/car_position_id');
    await expectField({ car_position_id: 10302, year: year - 11 }, 422, '/year');
    await expectField({ car_position_id: 10302, year: year + 1 }, 422, '/year');
    await expectField({ car_position_id: '10302.5', year: 2022 }, 400, '/car_position_id');
    await expectField({ car_position_id: 10302 }, 400, '/year');
    // As partners send it: digits as strings, under camelCase names.
    expect((await post(app, '/api/takoful/kasko-neo/car_price_cal', { carPositionId: '10302', year: '2022' })).json().response.price).toBe(carValue(150_000_000, 2022, year, cascoTariff));
  });

  it('reads the restricted models from the list OSAGO\'s references serve, as the registry names them', async () => {
    expect(await app.registries.restrictedModel(' Lamborghini Urus')).toBe(true);
    expect(await app.registries.restrictedModel('Chevrolet Cobalt')).toBe(false);
  });

  it('refuses a control character in the car\'s model or owner as the request names them, naming the field', async () => {
    const right = body();
    for (const field of ['model', 'owner'] as const) {
      for (const control of ['\u0007', '\u001b[31m', '\u007f', '\u0085']) {
        const res = await post(app, '/api/takoful/kasko-neo/save', { ...right, car: { ...right.car, [field]: `${right.car[field]}${control}` } });
        expect(res.statusCode, `${field} ${JSON.stringify(control)}`).toBe(400);
        expect(res.json().response.field).toBe(`/car/${field}`);
      }
    }
  });

  it('re-prices the save and refuses another premium, answering its own', async () => {
    const right = body();
    const cheaper = await post(app, '/api/takoful/kasko-neo/save', { ...right, premium: right.premium - 1000 });
    expect(cheaper.statusCode).toBe(422);
    expect(cheaper.json()).toMatchObject({ result: false, response: { amount: right.premium, field: '/premium' } });
    const saved = await post(app, '/api/takoful/kasko-neo/save', right);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ result: true, response: { amount: right.premium } });
  });

  it('issues the paid policy: the check answers an ENK number and its address, the PDF names the car, the bot hears of it without personal data', async () => {
    const request = { ...body(), return_url: '/uz/kasko?step=payment' };
    const saved = (await post(app, '/api/takoful/kasko-neo/save', request)).json<{ response: { contract_id: string; payme_url: string } }>().response;
    expect((await post(app, '/api/takoful/kasko-neo/check', { contract_id: saved.contract_id })).json()).toMatchObject({ result: false, error: 1, message: 'payment_not_made' });
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    const checked = (await post(app, '/api/takoful/kasko-neo/check', { contract_id: saved.contract_id })).json<{ response: { check: boolean; url: string; policy_number: string } }>().response;
    expect(checked.check).toBe(true);
    expect(checked.policy_number).toMatch(/^ENK \d{10}$/);
    const pdf = await app.inject(new URL(checked.url).pathname);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const printed = pdfText(pdf.rawPayload);
    expect(printed).toContain(checked.policy_number);
    expect(printed).toContain('01 A 123 BC');
    expect(printed).toContain('Vali Aliyev');
    const messages = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'purchase').execute();
    const message = messages.map((m) => m.text).find((text) => text.includes(checked.policy_number));
    expect(message).toContain('casco');
    for (const secret of ['1234567', '998901234567', '31505900000011']) expect(message).not.toContain(secret);
  });

  it('answers bad input with 4xx naming the field', async () => {
    const expectField = async (payload: unknown, status: number, field: string) => {
      const res = await post(app, '/api/takoful/kasko-neo/save', payload);
      expect(res.statusCode, field).toBe(status);
      expect(res.json(), field).toMatchObject({ result: false, response: { field } });
    };
    const right = body();
    await expectField({ ...right, car: { ...right.car, number: '01 A 123' } }, 400, '/car/number');
    await expectField({ ...right, tariff_id: 5 }, 400, '/tariff_id');
    await expectField({ ...right, begin_date: isoToDmy(inDays(-1), '-') }, 400, '/begin_date');
    await expectField({ ...right, car: { ...right.car, price: right.car.price * 2 } }, 422, '/car/price');
    // The registry's Isuzu truck of 2019 is not the Cobalt of the request: another model is said first.
    await expectField({ ...right, car: { ...right.car, number: '10B456CD', tech_sery: 'AAG', tech_number: '1234567' } }, 422, '/car/position_id');
    const calc = await post(app, '/api/takoful/kasko-neo/hisoblash', { price: 'many' });
    expect(calc.statusCode).toBe(400);
    expect(calc.json()).toMatchObject({ response: { field: '/price' } });
  });
});
