import { defineSamples } from '../kit/define/define';
import { miniCascoTariff } from '../kit/cars/mini-casco-programs';
import manifest from './product';
import type { MiniCascoApplicant, MiniCascoCar, MiniCascoData } from './rules';

/*
 * Vehicles and people of the sandbox registries (README.md "Sandbox"); first days in 2030 so
 * "from tomorrow" holds for years.
 */

export const cobalt: MiniCascoCar = { plate: '01A123BC', techPassport: 'AAF0390422', model: 'Chevrolet Cobalt', issueYear: 2022 };
const spark: MiniCascoCar = { plate: '30C789DE', techPassport: 'AAL7654321', model: 'Chevrolet Spark', issueYear: 2018 };
const elantra: MiniCascoCar = { plate: '01F224LC', techPassport: 'AAF2242242', model: 'Hyundai Elantra', issueYear: 2021 };

export const vali: MiniCascoApplicant = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011', phone: '998901234567' };
const dilnoza: MiniCascoApplicant = { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'Dilnoza', lastName: 'Karimova', pinfl: '41102850000022', phone: '998935550011' };
const aziz: MiniCascoApplicant = { passport: 'AE1234567', birthday: '1995-09-12', firstName: 'Aziz', lastName: 'Rahimov', pinfl: '31209950000055', phone: '998977770707' };

/** Vali Aliyev covers his Tashkent Cobalt with Comfort for a year from 1 July 2030: 90 000. */
export const sampleComfortCobalt: MiniCascoData = {
  program: { programId: 2, months: 12, beginDate: '2030-07-01' },
  car: cobalt,
  applicant: vali,
};

/** Dilnoza Karimova covers her Samarkand Spark with Premium: 110 000. */
export const samplePremiumSpark: MiniCascoData = {
  program: { programId: 3, months: 12, beginDate: '2030-08-15' },
  car: spark,
  applicant: dilnoza,
};

/** Aziz Rahimov covers his Elantra with Basic: 60 000. */
export const sampleBasicElantra: MiniCascoData = {
  program: { programId: 1, months: 12, beginDate: '2030-09-01' },
  car: elantra,
  applicant: aziz,
};

export default defineSamples({
  catalog: miniCascoTariff.seed,
  flows: [
    { name: 'Comfort, Cobalt', data: sampleComfortCobalt },
    { name: 'Premium, Spark', data: samplePremiumSpark },
    { name: 'Basic, Elantra', data: sampleBasicElantra },
  ],
  // docs/partner-api.md §2 "Mini-casco": the premium of a year is the price.
  prices: [
    { name: 'Basic, a year', data: sampleBasicElantra, total: 60_000 },
    { name: 'Comfort, a year', data: sampleComfortCobalt, total: 90_000 },
    { name: 'Premium, a year', data: samplePremiumSpark, total: 110_000 },
  ],
  purchase: sampleComfortCobalt,
  // The sandbox's answers for the purchase (Vali Aliyev's Cobalt).
  answers: {
    [manifest.calls.tariffs]: miniCascoTariff.seed,
    [manifest.calls.checkCar]: { gos_number: '01A123BC', model: 'Chevrolet Cobalt', issue_year: 2022, vehicleTypeId: 1, applicant: false },
    [manifest.calls.check]: { policy_number: 'MKS 2026000001', pdf_url: 'https://shop.example.uz/policies/MK-1.pdf' },
  },
});
