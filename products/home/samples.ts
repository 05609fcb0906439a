import { defineSamples } from '../kit/define/define';
import { homePrograms } from './pricing';
import manifest from './product';
import type { HomeData } from './rules';

/** A home flow for tests and stories: the sandbox registry's Vali Aliyev insures a Samarkand apartment. */
export const sampleHome: HomeData = {
  program: { programId: 3 },
  applicant: { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', phone: '998901234567' },
  address: { houseType: 'apartment', regionId: 11, address: 'Registon ko‘chasi 12, 34-xonadon', beginDate: '2030-07-01' },
};

/** The same visitor with each of the six programs. */
export const sampleHomeWithProgram = (programId: number): HomeData => ({ ...sampleHome, program: { programId } });

export default defineSamples({
  catalog: { programs: [...homePrograms] },
  flows: [1, 2, 3, 4, 5, 6].map((id) => ({ name: `program ${id}`, data: sampleHomeWithProgram(id) })),
  // Requirements §9 "Home programs": the premium is the price.
  prices: [
    { name: 'Mini', data: sampleHomeWithProgram(1), total: 70_000 },
    { name: 'Standart', data: sampleHomeWithProgram(2), total: 140_000 },
    { name: 'Optima', data: sampleHomeWithProgram(3), total: 320_000 },
    { name: 'Maxi', data: sampleHomeWithProgram(4), total: 500_000 },
    { name: 'Deluxe', data: sampleHomeWithProgram(5), total: 840_000 },
    { name: 'Exclusive', data: sampleHomeWithProgram(6), total: 1_100_000 },
  ],
  purchase: { ...sampleHome, program: { programId: 1 } },
  answers: {
    [manifest.calls.check]: { policy_number: 'HOM 2026000001', pdf_url: 'https://shop.example.uz/policies/H-77.pdf' },
  },
});
