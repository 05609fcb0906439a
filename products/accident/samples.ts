import { defineSamples } from '../kit/define/define';
import { accidentTariff } from './pricing';
import manifest from './product';
import type { AccidentData } from './rules';

/** People of the sandbox person registry (schemas/api/README.md). */
const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011' };
const dilnoza = { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'Dilnoza', lastName: 'Karimova', pinfl: '41102850000022' };

/** Vali insures himself for the default sum from 1 July 2030. */
export const sampleAlone: AccidentData = {
  period: { beginDate: '2030-07-01', endDate: '2031-06-30' },
  sum: { amount: 1_000_000 },
  insureds: { persons: [vali], phone: '998901234567' },
};

/** Vali and Dilnoza, 5 000 000 each. */
export const sampleCouple: AccidentData = {
  ...sampleAlone,
  sum: { amount: 5_000_000 },
  insureds: { persons: [vali, dilnoza], phone: '998901234567' },
};

export default defineSamples({
  catalog: { ...accidentTariff },
  flows: [
    { name: 'one person', data: sampleAlone },
    { name: 'two persons', data: sampleCouple },
  ],
  // Requirements §9: premium = sum × insureds × 0.5 %.
  prices: [
    { name: 'one person, 1 000 000', data: sampleAlone, total: 5_000 },
    { name: 'two persons, 5 000 000 each', data: sampleCouple, total: 50_000 },
    { name: 'three persons, 20 000 000 each', data: { ...sampleCouple, sum: { amount: 20_000_000 }, insureds: { persons: [vali, dilnoza, vali], phone: '998901234567' } }, total: 300_000 },
  ],
  // Requirements §9: the initial total is 5 000.
  initialTotal: 5_000,
  purchase: sampleCouple,
  answers: {
    [manifest.calls.check]: { policy_number: 'ACC 2026000001', pdf_url: 'https://shop.example.uz/policies/A-1.pdf' },
  },
});
