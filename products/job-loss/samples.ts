import type { FileRef } from '../../engine/definition';
import { defineSamples } from '../kit/define/define';
import { jobLossTariff } from './pricing';
import manifest from './product';
import type { JobLossData } from './rules';

/** The sample documents of tests/fixtures (their names and sizes): a photo of the work book's page and a PDF certificate. */
export const sampleDocuments = {
  workBook: { id: '2b3c4d5e6f708192a3b4c5d6e7f80910', name: 'work-book.jpg', type: 'image/jpeg', size: 54_958 },
  salaryCertificate: { id: '3c4d5e6f708192a3b4c5d6e7f8091021', name: 'salary-certificate.pdf', type: 'application/pdf', size: 35_127 },
} satisfies Record<string, FileRef>;

/** "NEO LOGISTIKA" MChJ of the sandbox tax registry. */
const neo = {
  inn: '301234567',
  companyName: '"NEO LOGISTIKA" MChJ',
  director: 'Karimova Dilnoza',
  address: 'Toshkent sh., Yunusobod tumani, Amir Temur shoh koʻchasi, 108',
  oked: '49410',
  mfo: '00014',
  bank: 'Milliy bank',
  account: '20208000900100001010',
};

/** Vali Aliyev, chief accountant at NEO LOGISTIKA in Tashkent on 6 000 000 a month, three months of benefit from 1 July 2030. */
export const sampleAccountant: JobLossData = {
  job: { salary: 6_000_000, jobTitle: 'Bosh buxgalter', ...neo, regionId: 1, months: 3, beginDate: '2030-07-01', endDate: '2031-06-30' },
  personal: { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011', phone: '998901234567' },
  documents: sampleDocuments,
};

/** Dilnoza Karimova, director on 25 000 000 (the benefit is capped at 10 000 000), six months, Samarkand. */
export const sampleDirector: JobLossData = {
  job: { ...sampleAccountant.job, salary: 25_000_000, jobTitle: 'Direktor', regionId: 11, months: 6 },
  personal: { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'Dilnoza', lastName: 'Karimova', pinfl: '41102850000022', phone: '998901234567' },
  documents: sampleDocuments,
};

export default defineSamples({
  catalog: structuredClone(jobLossTariff),
  flows: [
    { name: 'an accountant, three months', data: sampleAccountant },
    { name: 'a director over the cap, six months', data: sampleDirector },
  ],
  // README.md: premium = min(salary, 10 000 000) × months × 2 %.
  prices: [
    { name: '6 000 000 × 3 months', data: sampleAccountant, total: 360_000 },
    { name: '6 000 000 × 6 months', data: { ...sampleAccountant, job: { ...sampleAccountant.job, months: 6 } }, total: 720_000 },
    { name: '25 000 000, capped at 10 000 000, × 6 months', data: sampleDirector, total: 1_200_000 },
    { name: 'the smallest salary, 1 000 000 × 3 months', data: { ...sampleAccountant, job: { ...sampleAccountant.job, salary: 1_000_000 } }, total: 60_000 },
  ],
  purchase: sampleAccountant,
  answers: {
    [manifest.calls.check]: { policy_number: 'JOB 2026000001', pdf_url: 'https://shop.example.uz/policies/J-1.pdf' },
  },
});
