import type { FileRef } from '../../engine/definition';
import { addDays, oneYearFrom } from '../kit/api/api-format';
import { defineSamples, samplesDay } from '../kit/define/define';
import { programsAnswer } from './sale';
import { petsTariff } from './pricing';
import manifest from './product';
import type { PetsData } from './rules';

/**
 * A pet's cover starts soon after the samples' day and its vaccination is recent then: the sandbox
 * sells only such a cover (a vaccination older than a year is refused). The pets' ages are whole
 * years from that month.
 */
const today = samplesDay;
const beginDate = addDays(today, 7);
const thisYear = Number(today.slice(0, 4));
const thisMonth = today.slice(5, 7);

/** The sample photos of tests/fixtures (their names and sizes): what stories and tests upload. */
export const samplePhotos = {
  face: { id: '0f1e2d3c4b5a69788796a5b4c3d2e1f0', name: 'pet-face.jpg', type: 'image/jpeg', size: 25_537 },
  body: { id: '1a2b3c4d5e6f70819293a4b5c6d7e8f9', name: 'pet-side.jpg', type: 'image/jpeg', size: 24_329 },
} satisfies Record<string, FileRef>;

const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011', phone: '998901234567' };

/** Mosh, a three-year-old cat, on the Standard program. */
export const sampleCat: PetsData = {
  program: { petType: 'cat', programId: 2, beginDate, endDate: oneYearFrom(beginDate) },
  pet: { nickname: 'Mosh', birthMonth: `${thisYear - 3}-${thisMonth}`, vaccinatedOn: addDays(today, -60), photoFace: samplePhotos.face, photoBody: samplePhotos.body },
  owner: vali,
};

/** Rex, a dog of eight (a senior: half as much again), on the Premium program. */
export const sampleSeniorDog: PetsData = {
  ...sampleCat,
  program: { ...sampleCat.program, petType: 'dog', programId: 3 },
  pet: { ...sampleCat.pet, nickname: 'Rex', birthMonth: `${thisYear - 8}-${thisMonth}` },
};

export default defineSamples({
  catalog: structuredClone(petsTariff),
  flows: [
    { name: 'a cat', data: sampleCat },
    { name: 'a senior dog', data: sampleSeniorDog },
  ],
  // The tariff (README.md): the program's premium for the kind of pet, ×1.5 from 7 years old.
  prices: [
    { name: 'Standard, a cat of 3', data: sampleCat, total: 220_000 },
    { name: 'Premium, a dog of 8 (senior)', data: sampleSeniorDog, total: 750_000 },
    { name: 'Basic, a dog of 3', data: { ...sampleCat, program: { ...sampleCat.program, petType: 'dog', programId: 1 } }, total: 150_000 },
    { name: 'Basic, a cat of 8 (senior)', data: { ...sampleSeniorDog, program: { ...sampleSeniorDog.program, petType: 'cat', programId: 1 } }, total: 180_000 },
  ],
  purchase: sampleCat,
  answers: {
    [manifest.calls.programs]: programsAnswer(petsTariff),
    [manifest.calls.check]: { policy_number: 'PET 2026000001', pdf_url: 'https://shop.example.uz/policies/P-1.pdf' },
  },
});
