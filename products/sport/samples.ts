import { defineSamples } from '../kit/define/define';
import { sandboxSportTariff } from './pricing';
import manifest from './product';
import type { SportData } from './rules';
import { typesAnswer } from './sale';

/** People of the sandbox person registry (schemas/api/README.md). */
const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', pinfl: '31505900000011', phone: '998901234567' };
const dilnoza = { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'Dilnoza', lastName: 'Karimova', pinfl: '41102850000022', phone: '998935550011' };

/** Vali boxes: 10 000 000 from 1 July 2030. */
export const sampleBoxer: SportData = {
  sport: { sportTypeId: 2, beginDate: '2030-07-01', endDate: '2031-06-30' },
  insured: vali,
  sum: { amount: 10_000_000 },
};

/** Dilnoza swims: the lowest sum, from 1 September 2030. */
export const sampleSwimmer: SportData = {
  sport: { sportTypeId: 6, beginDate: '2030-09-01', endDate: '2031-08-31' },
  insured: dilnoza,
  sum: { amount: 1_000_000 },
};

export default defineSamples({
  catalog: sandboxSportTariff,
  flows: [
    { name: 'boxer', data: sampleBoxer },
    { name: 'swimmer', data: sampleSwimmer },
  ],
  // Requirements §9: amount = insurance_amount × limit ÷ 100; limits of README.md's sport types.
  prices: [
    { name: 'boxing 3 % of 10 000 000', data: sampleBoxer, total: 300_000 },
    { name: 'swimming 1 % of 1 000 000', data: sampleSwimmer, total: 10_000 },
    { name: 'football 1.5 % of 5 000 000', data: { ...sampleBoxer, sport: { ...sampleBoxer.sport, sportTypeId: 1 }, sum: { amount: 5_000_000 } }, total: 75_000 },
    { name: 'volleyball 1.2 % of 2 500 000', data: { ...sampleSwimmer, sport: { ...sampleSwimmer.sport, sportTypeId: 9 }, sum: { amount: 2_500_000 } }, total: 30_000 },
    { name: 'chess 0.5 % of 50 000 000', data: { ...sampleSwimmer, sport: { ...sampleSwimmer.sport, sportTypeId: 15 }, sum: { amount: 50_000_000 } }, total: 250_000 },
  ],
  purchase: sampleBoxer,
  answers: {
    [manifest.calls.types]: typesAnswer(sandboxSportTariff),
    [manifest.calls.check]: { policy_number: 'SPT 2026000001', pdf_url: 'https://shop.example.uz/policies/S-1.pdf' },
  },
});
