import type { HomeData } from './definition';

/** A home flow for tests and stories: the sandbox registry's Vali Aliyev insures a Samarkand apartment. */
export const sampleHome: HomeData = {
  program: { programId: 3 },
  applicant: { passport: 'AA1234567', birthday: '1990-05-15', phone: '998901234567' },
  address: { houseType: 'apartment', regionId: 11, address: 'Registon ko‘chasi 12, 34-xonadon', beginDate: '2030-07-01' },
};

/** The same visitor with each of the six programs. */
export const sampleHomeWithProgram = (programId: number): HomeData => ({ ...sampleHome, program: { programId } });
