import { defineSamples } from '../kit/define/define';
import type { GetCountryResponse } from './api.generated';
import { calculatorRequest, type TravelCatalog } from './binding';
import manifest from './product';
import type { TravelData } from './rules';
import { getCountryAnswer } from './sale';
import { sandboxTravelReference } from './tariffs';

/**
 * Sample flows and answers for tests and stories. People are the sandbox person registry's
 * (schemas/api/README.md); covers start in the summer of 2030, within the start window of the day
 * the samples are told on (`samplesDay`, on which every test that uses them runs).
 */

/** What the sandbox server answers to get_country. */
export const sampleGetCountryAnswer: GetCountryResponse = getCountryAnswer(sandboxTravelReference);

export const sampleTravelCatalog: TravelCatalog = {
  purposes: sampleGetCountryAnswer.purpose,
  countries: sampleGetCountryAnswer.country,
  programs: sampleGetCountryAnswer.program.map((p) => ({ id: p.id, name: p.name, sumInsuredUsd: p.sum_insured_usd })),
  tariffs: sampleGetCountryAnswer.tariffs,
};

const noRisks = { luggage: { on: false }, accident: { on: false }, cancel_travel: { on: false }, person_respon: { on: false }, delay_travel: { on: false } };

const vali = { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', lastName: 'Aliyev', foreign: false, pinfl: '31505900000011' };
const kamron = { passport: 'AC2020202', birthday: '2020-03-20', firstName: 'Kamron', lastName: 'Aliyev', foreign: false, pinfl: '52003200000066' };
const timur = { passport: 'AC1111111', birthday: '2012-03-20', firstName: 'Timur', lastName: 'Aliyev', foreign: false, pinfl: '32003120000033' };

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
      { ...kamron, isPayer: false, canPay: false },
    ],
  },
  program: { programId: 2, risks: { ...noRisks, luggage: { on: true }, accident: { on: true } } },
};

/** A work stay of 60 days in Germany from 1 September 2030, Basic, COVID cover, one traveller aged 70; a foreign payer. */
export const sampleWorkStay: TravelData = {
  trip: { purpose: 5, reusable: false, spendDays: 60, isFamily: false, hasCovid: true },
  dates: { countries: ['DE'], beginDate: '2030-09-01', endDate: '2030-10-30' },
  tourists: {
    payer: { foreignPassport: 'C01X00T47', birthday: '1985-11-02', firstName: 'ANNA', lastName: 'MULLER', foreign: true, country: 'DE', phone: '998935550011' },
    tourists: [
      { passport: 'AD3333333', birthday: '1960-01-10', firstName: 'BAHODIR', lastName: 'YUSUPOV', foreign: false, isPayer: false, canPay: true },
    ],
  },
  program: { programId: 1, risks: noRisks },
};

/**
 * The work stay with the foreign payer travelling too, and a foreign colleague: foreign tourist rows
 * (citizenship, no PINFL), the payer's mirrored from the payer and locked, the colleague's typed.
 */
export const sampleForeignTraveller: TravelData = {
  ...sampleWorkStay,
  tourists: {
    ...sampleWorkStay.tourists,
    tourists: [
      ...sampleWorkStay.tourists.tourists,
      { foreignPassport: 'C01X00T47', birthday: '1985-11-02', firstName: 'ANNA', lastName: 'MULLER', foreign: true, country: 'DE', phone: '998935550011', isPayer: true, canPay: true },
      { foreignPassport: 'CF7K9L2M1', birthday: '1979-04-12', firstName: 'JONAS', lastName: 'WEBER', foreign: true, country: 'DE', isPayer: false, canPay: true },
    ],
  },
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
      { ...kamron, isPayer: false, canPay: false },
      { passport: 'AB7654321', birthday: '1985-11-02', firstName: 'DILNOZA', lastName: 'KARIMOVA', foreign: false, isPayer: false, canPay: true },
      { passport: 'AD4444444', birthday: '1980-01-10', firstName: 'SARDOR', lastName: 'QODIROV', foreign: false, isPayer: false, canPay: true },
      { passport: 'AE3333333', birthday: '1992-06-01', firstName: "SHAHLO", lastName: "O'LMASOVA", foreign: false, isPayer: false, canPay: true },
    ],
  },
  program: { programId: 1, risks: noRisks },
};

/**
 * What a visitor buys in the sandbox: the sample trip with the registry's people as they are
 * (Timur, born in 2012, in place of his little brother), as e2e purchases type them.
 */
export const samplePurchase: TravelData = {
  ...sampleSingleTrip,
  tourists: {
    ...sampleSingleTrip.tourists,
    tourists: [sampleSingleTrip.tourists.tourists[0] as TravelData['tourists']['tourists'][number], { ...timur, isPayer: false, canPay: true }],
  },
};

export default defineSamples<TravelData, TravelCatalog>({
  catalog: sampleTravelCatalog,
  flows: [
    { name: 'single trip', data: sampleSingleTrip },
    { name: 'work stay', data: sampleWorkStay },
    { name: 'multi-trip', data: sampleMultiTrip },
    { name: 'family', data: sampleFamilyTrip },
    { name: 'group of five', data: sampleGroupTrip },
    { name: 'foreign traveller', data: sampleForeignTraveller },
  ],
  // Before anything is told, "from": Basic 0.9 USD × one day × tourism 1 × a child's 0.8 = 0.72 USD.
  initialTotal: 9_108,
  // Worked by hand from the sandbox tariff (usdRate 12 650); README.md shows the same sums.
  prices: [
    // Comfort 1.3 USD × 10 days × GB 1.5 = 19.5 USD; ages 40 (×1) + 10 (×0.8) = 1.8 → 35.10 USD
    // = 444 015 UZS; luggage 25 000 × 2 + accident 40 000 × 2 = 130 000.
    { name: 'single trip', data: sampleSingleTrip, total: 574_015 },
    // Basic 0.9 × 60 days × work 1.5 × covid 1.25 = 101.25 USD; age 70 ×2 → 202.50 USD.
    { name: 'work stay', data: sampleWorkStay, total: 2_561_625 },
    // Comfort 1.3 × 45 days × multi-trip 1 = 58.50 USD.
    { name: 'multi-trip', data: sampleMultiTrip, total: 740_025 },
    // Premium 1.9 × 8 days × US 1.5 = 22.8 USD; family ×2.5 whatever the count → 57 USD.
    { name: 'family', data: sampleFamilyTrip, total: 721_050 },
    // Basic 0.9 × 10 = 9 USD; four adults in full, the child (0.8) fifth at ×0.85: 4.68 → 42.12 USD.
    { name: 'group of five', data: sampleGroupTrip, total: 532_818 },
  ],
  purchase: samplePurchase,
  answers: {
    [manifest.calls.countries]: sampleGetCountryAnswer,
    [manifest.calls.check]: { check: true, url: 'https://shop.example.uz/policies/T-1001.pdf', polis_seria: 'TRV', polis_number: '2026000001' },
  },
  // The page prices in the browser; partners ask the calculator.
  partnerRequests: { [manifest.calls.calculator]: calculatorRequest(samplePurchase) },
});
