import { defineSamples } from '../kit/define/define';
import osagoSamples from '../osago/samples';
import osago from '../osago/product';
import { quickCascoTariff } from './pricing';
import manifest from './product';
import type { QuickCascoData } from './rules';

/*
 * Vehicles and people of the sandbox registries (README.md "Sandbox"); first days in 2030 so
 * "from tomorrow" holds for years. Together the flows take a citizen and a foreigner (each show and
 * lock rule both ways).
 */

/** Vali Aliyev covers his own Tashkent Cobalt with Optimal for a year from 1 July 2030: 900 000. */
export const sampleCitizenOptimal: QuickCascoData = {
  program: { programId: 2, beginDate: '2030-07-01' },
  car: { plate: '01A123BC', techPassport: 'AAF0390422', model: 'Chevrolet Cobalt', issueYear: 2022, ownerName: 'ALIYEV VALI' },
  applicant: { foreign: false, passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011', phone: '998901234567' },
};

/** Anna Muller, a foreigner (passport series of 3 letters, requirements §5), covers the Spark she drives with Start: 300 000. */
export const sampleForeignerStart: QuickCascoData = {
  program: { programId: 1, beginDate: '2030-08-15' },
  car: { plate: '30C789DE', techPassport: 'AAL7654321', model: 'Chevrolet Spark', issueYear: 2018, ownerName: 'KARIMOVA DILNOZA' },
  applicant: { foreign: true, foreignPassport: 'FRA1234567', birthday: '1985-11-02', firstName: 'Anna', lastName: 'Muller', phone: '998935550011' },
};

/** Aziz Rahimov covers his Elantra with Maximum, theft included: 2 500 000. */
export const sampleCitizenMaximum: QuickCascoData = {
  program: { programId: 3, beginDate: '2030-09-01' },
  car: { plate: '01F224LC', techPassport: 'AAF2242242', model: 'Hyundai Elantra', issueYear: 2021, ownerName: 'RAHIMOV AZIZ' },
  applicant: { foreign: false, passport: 'AE1234567', birthday: '1995-09-12', firstName: 'Aziz', lastName: 'Rahimov', pinfl: '31209950000055', phone: '998977770707' },
};

export default defineSamples({
  catalog: quickCascoTariff,
  flows: [
    { name: 'a citizen, Optimal', data: sampleCitizenOptimal },
    { name: 'a foreigner, Start', data: sampleForeignerStart },
    { name: 'a citizen, Maximum', data: sampleCitizenMaximum },
  ],
  // README.md "Programs": the premium is the price.
  prices: [
    { name: 'Start', data: sampleForeignerStart, total: 300_000 },
    { name: 'Optimal', data: sampleCitizenOptimal, total: 900_000 },
    { name: 'Maximum', data: sampleCitizenMaximum, total: 2_500_000 },
  ],
  purchase: sampleCitizenOptimal,
  // The sandbox's answers for the purchase (Vali Aliyev's Cobalt, an individual owner).
  answers: {
    [manifest.calls.programs]: quickCascoTariff,
    [osago.calls.vehicle]: osagoSamples.answers[osago.calls.vehicle],
    [manifest.calls.check]: { policy_number: 'TKS 2026000001', pdf_url: 'https://shop.example.uz/policies/TK-1.pdf' },
  },
});
