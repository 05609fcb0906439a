import { defineSamples } from '../kit/define/define';
import manifest from './product';
import { sandboxTravelUzbTariff } from './pricing';
import { tarifsAnswer } from './sale';
import type { TravelUzbData, TravelUzbTourist } from './rules';

/** People of the sandbox person registry (schemas/api/README.md); the Kazakh tourist is a foreigner, typed by hand. */
const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011' };
const dilnoza = { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'Dilnoza', lastName: 'Karimova', pinfl: '41102850000022' };
const citizen = (person: typeof vali): TravelUzbTourist => ({ ...person, foreign: false });
const aigerim: TravelUzbTourist = { foreignPassport: 'N12345678', birthday: '1994-04-12', firstName: 'Aigerim', lastName: 'Nurlanova', foreign: true, country: 'KZ' };

/** Vali and Dilnoza, Standart, 1–3 August 2030 (3 days). */
export const sampleCouple: TravelUzbData = {
  trip: { beginDate: '2030-08-01', endDate: '2030-08-03', days: 3, programId: 2 },
  applicant: { ...vali, phone: '998901234567' },
  tourists: { tourists: [citizen(vali), citizen(dilnoza)] },
};

/** Vali alone for one day (begin = end), Ekonom. */
export const sampleDayTrip: TravelUzbData = {
  trip: { beginDate: '2030-08-01', endDate: '2030-08-01', days: 1, programId: 1 },
  applicant: { ...vali, phone: '998901234567' },
  tourists: { tourists: [citizen(vali)] },
};

/** Dilnoza buys for a guest from Kazakhstan, herself and Vali: Premium, 1–10 September 2030 (10 days). */
export const sampleWithGuest: TravelUzbData = {
  trip: { beginDate: '2030-09-01', endDate: '2030-09-10', days: 10, programId: 3 },
  applicant: { ...dilnoza, phone: '998935550011' },
  tourists: { tourists: [aigerim, citizen(dilnoza), citizen(vali)] },
};

/** What the sandbox sells end to end: Vali and his Kazakh guest, Standart, three days. */
export const samplePurchase: TravelUzbData = {
  trip: { beginDate: '2030-08-01', endDate: '2030-08-03', days: 3, programId: 2 },
  applicant: { ...vali, phone: '998901234567' },
  tourists: { tourists: [citizen(vali), aigerim] },
};

export default defineSamples({
  catalog: sandboxTravelUzbTariff,
  flows: [
    { name: 'a couple, three days', data: sampleCouple },
    { name: 'one day', data: sampleDayTrip },
    { name: 'with a foreign guest', data: sampleWithGuest },
  ],
  // Requirements §9: premium × tourists × days, days = end − begin + 1; premiums of README.md's tariff.
  prices: [
    { name: 'Standart 4 000 × 2 tourists × 3 days', data: sampleCouple, total: 24_000 },
    { name: 'Ekonom 2 000 × 1 tourist × 1 day', data: sampleDayTrip, total: 2_000 },
    { name: 'Premium 7 000 × 3 tourists × 10 days', data: sampleWithGuest, total: 210_000 },
    { name: 'Standart 4 000 × 2 tourists × 3 days, one a foreigner', data: samplePurchase, total: 24_000 },
  ],
  purchase: samplePurchase,
  answers: {
    [manifest.calls.tariffs]: tarifsAnswer(sandboxTravelUzbTariff),
    [manifest.calls.check]: { policy_number: 'UZT 2026000001', pdf_url: 'https://shop.example.uz/policies/U-1.pdf' },
  },
});
