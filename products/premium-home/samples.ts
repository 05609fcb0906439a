import { defineSamples } from '../kit/define/define';
import type { HomeData } from '../home/rules';
import { premiumHomePrograms } from './pricing';
import manifest from './product';

/** Dilnoza Karimova (sandbox registry) insures a house in Tashkent. */
export const samplePremiumHome: HomeData = {
  program: { programId: 2 },
  applicant: { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'Dilnoza', lastName: 'Karimova', phone: '998935550011' },
  address: { houseType: 'house', regionId: 1, address: 'Toshkent, Yunusobod 4-mavze, 12-uy', beginDate: '2030-07-01' },
};

const withProgram = (programId: number): HomeData => ({ ...samplePremiumHome, program: { programId } });

export default defineSamples({
  catalog: { programs: [...premiumHomePrograms] },
  flows: [1, 2, 3, 4].map((id) => ({ name: `program ${id}`, data: withProgram(id) })),
  // Requirements §9 "Premium home": the premium is the price.
  prices: [
    { name: 'Comfort', data: withProgram(1), total: 2_500_000 },
    { name: 'Lux', data: withProgram(2), total: 5_500_000 },
    { name: 'Prestige', data: withProgram(3), total: 10_000_000 },
    { name: 'VIP', data: withProgram(4), total: 18_000_000 },
  ],
  purchase: samplePremiumHome,
  answers: {
    [manifest.calls.check]: { policy_number: 'PRM 2026000001', pdf_url: 'https://shop.example.uz/policies/P-1.pdf' },
  },
});
