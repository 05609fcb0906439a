import { sandboxCountries, sandboxTravelPrograms, sandboxTravelPurposes, sandboxTravelTariffs } from './tariffs';
import type { GetCountryResponse } from './api';
import type { TravelCatalog, TravelData } from './definition';

/**
 * Sample flows and answers for tests and stories. People are the sandbox person registry's
 * (schemas/api/README.md), dates lie in 2030 so "not in the past" rules hold for years.
 */

/** What the sandbox server answers to get_country. */
export const sampleGetCountryAnswer: GetCountryResponse = {
  purpose: sandboxTravelPurposes.map((p) => ({ ...p })),
  country: sandboxCountries.map((code, i) => ({ id: i + 1, code })),
  program: sandboxTravelPrograms.map((p) => ({
    ...p,
    sum_insured_usd: sandboxTravelTariffs.programs.find((t) => t.id === p.id)?.sumInsuredUsd ?? 0,
  })),
  tariffs: sandboxTravelTariffs,
};

export const sampleTravelCatalog: TravelCatalog = {
  purposes: sampleGetCountryAnswer.purpose,
  countries: sampleGetCountryAnswer.country,
  programs: sampleGetCountryAnswer.program.map((p) => ({ id: p.id, name: p.name, sumInsuredUsd: p.sum_insured_usd })),
  tariffs: sandboxTravelTariffs,
};

const noRisks = { luggage: { on: false }, accident: { on: false }, cancel_travel: { on: false }, person_respon: { on: false }, delay_travel: { on: false } };

const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'VALI', lastName: 'ALIYEV', foreign: false, pinfl: '31505900000011' };
const timur = { passport: 'AC1111111', birthday: '2020-03-20', firstName: 'TIMUR', lastName: 'ALIYEV', foreign: false, pinfl: '32003120000033' };

/**
 * Single tourism trip, 1–10 July 2030, Turkey and the UK, Comfort, a father (payer, 40) and his
 * son (10), with luggage and accident cover.
 */
export const sampleSingleTrip: TravelData = {
  trip: { purpose: 1, reusable: false, spendDays: 30, isFamily: false, hasCovid: false },
  dates: { countries: ['TR', 'GB'], beginDate: '2030-07-01', endDate: '2030-07-10' },
  tourists: {
    payer: { ...vali, phone: '998901234567' },
    tourists: [
      { ...vali, phone: '998901234567', isPayer: true, canPay: true },
      { ...timur, isPayer: false, canPay: false },
    ],
  },
  program: { programId: 2, risks: { ...noRisks, luggage: { on: true }, accident: { on: true } } },
};

/** A work stay of 60 days in Germany from 1 September 2030, Basic, COVID cover, one traveller aged 70; a foreign payer. */
export const sampleWorkStay: TravelData = {
  trip: { purpose: 5, reusable: false, spendDays: 60, isFamily: false, hasCovid: true },
  dates: { countries: ['DE'], beginDate: '2030-09-01', endDate: '2030-10-30' },
  tourists: {
    payer: { passport: 'FR1234567', birthday: '1985-11-02', firstName: 'ANNA', lastName: 'MULLER', foreign: true, country: 'DE', phone: '998935550011' },
    tourists: [
      { passport: 'AD2222222', birthday: '1960-01-10', firstName: 'RUSTAM', lastName: 'NAZAROV', foreign: false, isPayer: false, canPay: true },
    ],
  },
  program: { programId: 1, risks: noRisks },
};

/** A multi-trip policy (45 days abroad) from 1 July 2030, Comfort, Kazakhstan, one adult. */
export const sampleMultiTrip: TravelData = {
  trip: { purpose: 1, reusable: true, spendDays: 45, isFamily: false, hasCovid: false },
  dates: { countries: ['KZ'], beginDate: '2030-07-01', endDate: '2031-06-30' },
  tourists: {
    payer: { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'DILNOZA', lastName: 'KARIMOVA', foreign: false, pinfl: '41102850000022', phone: '998935550011' },
    tourists: [
      { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'DILNOZA', lastName: 'KARIMOVA', foreign: false, pinfl: '41102850000022', phone: '998935550011', isPayer: true, canPay: true },
    ],
  },
  program: { programId: 2, risks: noRisks },
};

/** A family policy: 8 days in the USA, 1–8 August 2030, Premium, three travellers. */
export const sampleFamilyTrip: TravelData = {
  ...sampleSingleTrip,
  trip: { ...sampleSingleTrip.trip, isFamily: true },
  dates: { countries: ['US'], beginDate: '2030-08-01', endDate: '2030-08-08' },
  tourists: {
    ...sampleSingleTrip.tourists,
    tourists: [
      ...sampleSingleTrip.tourists.tourists,
      { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'DILNOZA', lastName: 'KARIMOVA', foreign: false, isPayer: false, canPay: true },
    ],
  },
  program: { programId: 3, risks: noRisks },
};

/** A group of five (four adults, one child): 10 days in Turkey, 1–10 July 2030, Basic. */
export const sampleGroupTrip: TravelData = {
  ...sampleSingleTrip,
  dates: { countries: ['TR'], beginDate: '2030-07-01', endDate: '2030-07-10' },
  tourists: {
    ...sampleSingleTrip.tourists,
    tourists: [
      { ...vali, isPayer: true, canPay: true, phone: '998901234567' },
      { ...timur, isPayer: false, canPay: false },
      { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'DILNOZA', lastName: 'KARIMOVA', foreign: false, isPayer: false, canPay: true },
      { passport: 'AD2222222', birthday: '1980-01-10', firstName: 'RUSTAM', lastName: 'NAZAROV', foreign: false, isPayer: false, canPay: true },
      { passport: 'AE3333333', birthday: '1992-06-01', firstName: "SHAHLO", lastName: "O'LMASOVA", foreign: false, isPayer: false, canPay: true },
    ],
  },
  program: { programId: 1, risks: noRisks },
};
