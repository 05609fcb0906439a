import { addDays, oneYearFrom } from '../kit/api/api-format';
import { defineSamples, samplesDay } from '../kit/define/define';
import { carCatalogue } from './car-catalogue';
import { carValue, cascoTariff, type CascoCatalog } from './pricing';
import manifest from './product';
import type { CascoData } from './rules';
import { calculateAnswer } from './sale';

/*
 * Cars, owners and people of the sandbox registries (README.md "Buying with the sandbox"), told on
 * the samples' day (`samplesDay`): the cars' values are computed for its year, as the page computes
 * them on that day (the Elantra of 2021, the oldest, is still young enough then).
 */
const valuationYear = Number(samplesDay.slice(0, 4));

const valued = (newPrice: number, year: number): number => {
  const value = carValue(newPrice, year, valuationYear, cascoTariff);
  if (value === null) throw new Error(`a ${year} car is too old for the casco samples in ${valuationYear}`);
  return value;
};

const begin = addDays(samplesDay, 3);
const period = { beginDate: begin, endDate: oneYearFrom(begin) };
const defaultSums = { liabilitySum: 1_000_000, accidentSum: 1_000_000 };
const phone = '998901234567';

const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011', phone };
const aziz = { passport: 'AE1234567', birthday: '1995-09-12', firstName: 'Aziz', lastName: 'Rahimov', phone };
const dilnoza = { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'Dilnoza', lastName: 'Karimova', pinfl: '41102850000022', phone };

/** Vali Aliyev's Chevrolet Cobalt 1.5 LTZ AT of 2022 (150 mln new) at its computed value, Comfort. */
const cobaltValue = valued(150_000_000, 2022);
export const sampleCobaltComfort: CascoData = {
  car: { brand: 1, model: 103, position: 10302, year: 2022, marketValue: cobaltValue, value: cobaltValue },
  program: { tariffId: 2, risks: {}, ...defaultSums, ...period },
  vehicle: { plate: '01A123BC', techPassport: 'AAF0390422', model: 'Chevrolet Cobalt', issueYear: 2022, ownerName: 'ALIYEV VALI', found: true, edit: false },
  personal: vali,
};

/** Aziz Rahimov's Hyundai Elantra of 2021 (340 mln new), valued 10 % up, built with both liability risks at his own values. */
const elantraValue = valued(340_000_000, 2021);
export const sampleElantraConstructor: CascoData = {
  car: { brand: 4, model: 403, position: 40301, year: 2021, marketValue: elantraValue, value: Math.round((elantraValue * 1.1) / 100_000) * 100_000 },
  program: {
    tariffId: 4,
    risks: { liability: true, accident: true, windscreen: true, roadside_help: true },
    liabilitySum: 25_000_000,
    accidentSum: 5_000_000,
    ...period,
  },
  vehicle: { plate: '01F224LC', techPassport: 'AAF2242242', model: 'Hyundai Elantra', issueYear: 2021, ownerName: 'RAHIMOV AZIZ', found: true, edit: false },
  personal: aziz,
};

/** The Kia K5 Comfort of 2023 of "NEO LOGISTIKA" MChJ, insured by Dilnoza Karimova: the constructor without liability, the registry's model corrected. */
const kiaValue = valued(379_900_000, 2023);
export const sampleKiaCorrected: CascoData = {
  car: { brand: 3, model: 306, position: 30601, year: 2023, marketValue: kiaValue, value: kiaValue },
  program: { tariffId: 4, risks: { drunk_driving: true, red_light: true, windscreen: true }, ...defaultSums, ...period },
  vehicle: { plate: '01123ABC', techPassport: 'AAF1111111', model: 'Kia K5 2.0 Comfort', issueYear: 2023, ownerName: '"NEO LOGISTIKA" MChJ', found: true, edit: true },
  personal: dilnoza,
};

export const sampleCascoCatalog: CascoCatalog = { cars: carCatalogue, tariff: { ...cascoTariff, valuationYear } };

/** Priced data: only the value and the program's answers count. */
const priced = (value: number, program: CascoData['program']): CascoData => ({ ...sampleCobaltComfort, car: { ...sampleCobaltComfort.car, marketValue: value, value }, program });
const everything = { liability: true, accident: true, drunk_driving: true, railway_crossing: true, red_light: true, wrong_way: true, windscreen: true, roadside_help: true, taxi_rental: true };

export default defineSamples({
  catalog: sampleCascoCatalog,
  flows: [
    { name: 'a Cobalt, Comfort', data: sampleCobaltComfort },
    { name: 'an Elantra, the constructor with both liability risks', data: sampleElantraConstructor },
    { name: 'a company\'s Kia K5, the constructor without liability, model corrected', data: sampleKiaCorrected },
  ],
  // README.md "Tariff": the program's rate (or the constructor's base and risks) on the value, less 35 %.
  prices: [
    { name: 'Basic, 120 000 000: 1 200 000 − 35 %', data: priced(120_000_000, { tariffId: 1, risks: {}, ...defaultSums, ...period }), total: 780_000 },
    { name: 'Comfort, 120 000 000: 1 800 000 − 35 %', data: priced(120_000_000, { tariffId: 2, risks: {}, ...defaultSums, ...period }), total: 1_170_000 },
    { name: 'Premium, 120 000 000: 3 000 000 − 35 %', data: priced(120_000_000, { tariffId: 3, risks: {}, ...defaultSums, ...period }), total: 1_950_000 },
    { name: 'the constructor\'s base alone, 100 000 000: 1 000 000 − 35 %', data: priced(100_000_000, { tariffId: 4, risks: {}, ...defaultSums, ...period }), total: 650_000 },
    {
      name: 'the constructor with every risk, 140 000 000 (NEO\'s example), liability values 1 000 000: 4 068 000 − 35 %',
      data: priced(140_000_000, { tariffId: 4, risks: everything, ...defaultSums, ...period }),
      total: 2_644_200,
    },
    {
      name: 'the constructor, 200 000 000, liability 25 000 000 and accident 5 000 000, windscreen: 2 000 000 + 75 000 + 25 000 + 600 000 − 35 %',
      data: priced(200_000_000, { tariffId: 4, risks: { liability: true, accident: true, windscreen: true }, liabilitySum: 25_000_000, accidentSum: 5_000_000, ...period }),
      total: 1_755_000,
    },
  ],
  purchase: sampleCobaltComfort,
  answers: {
    [manifest.calls.cars]: carCatalogue,
    [manifest.calls.tariff]: sampleCascoCatalog.tariff,
    [manifest.calls.calculate]: calculateAnswer({ price: cobaltValue }, cascoTariff),
    // The registry's answer for the purchase sample's car (stories answer every plate with it).
    '/osago-neo/osago-juridik': {
      juridik: 0, name: 'ALIYEV VALI', pinfl: '31505900000011', inn: null, modelName: 'Chevrolet Cobalt', vehicleTypeId: 1, issueYear: 2022, seats: 5, yoqilgi_type: 'petrol', restricted: false,
    },
    [manifest.calls.check]: {
      check: true, policy_number: 'ENK 2026000001', polis_seria: 'ENK', polis_number: '2026000001',
      pdf_url: 'https://shop.example.uz/policies/K-1.pdf', url: 'https://shop.example.uz/policies/K-1.pdf',
    },
  },
  // Partners ask the server for a car's value; the page computes it from the price list it loaded.
  partnerRequests: { [manifest.calls.carPrice]: { car_position_id: sampleCobaltComfort.car.position, year: sampleCobaltComfort.car.year } },
});
