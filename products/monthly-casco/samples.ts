import { defineSamples } from '../kit/define/define';
import miniCascoSamples, { sampleBasicElantra, sampleComfortCobalt, samplePremiumSpark } from '../mini-casco/samples';
import type { MiniCascoData } from '../mini-casco/rules';
import manifest from './product';

/** Mini-casco's samples for a month (the variant's preset holds in each). */
const monthly = (data: MiniCascoData): MiniCascoData => ({ ...data, program: { ...data.program, months: 1 } });

export const sampleMonthlyComfortCobalt = monthly(sampleComfortCobalt);
const premium = monthly(samplePremiumSpark);
const basic = monthly(sampleBasicElantra);

export default defineSamples({
  catalog: miniCascoSamples.catalog,
  flows: [
    { name: 'Comfort, Cobalt, a month', data: sampleMonthlyComfortCobalt },
    { name: 'Premium, Spark, a month', data: premium },
    { name: 'Basic, Elantra, a month', data: basic },
  ],
  // The year's premium ÷ 12, rounded up to whole UZS (README.md).
  prices: [
    { name: 'Basic, a month: 60 000 / 12', data: basic, total: 5_000 },
    { name: 'Comfort, a month: 90 000 / 12', data: sampleMonthlyComfortCobalt, total: 7_500 },
    { name: 'Premium, a month: 110 000 / 12 = 9 166.67, rounded up', data: premium, total: 9_167 },
  ],
  purchase: sampleMonthlyComfortCobalt,
  answers: {
    ...miniCascoSamples.answers,
    [manifest.calls.check]: { policy_number: 'MKM 2026000001', pdf_url: 'https://shop.example.uz/policies/MM-1.pdf' },
  },
});
