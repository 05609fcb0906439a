import { dmyToIso, isoToDmy, phoneDigits, splitPassport } from '../api-format';
import { daysBetween, riskIds, type RiskId, type TravelQuoteInput, type TravelTariffs } from './pricing';

/**
 * Shapes of the travel site API (schemas/api/travel/*.json; the contract test validates every
 * value built here against them) and the pure mappings between them and flow data that both the
 * page's binding and the server use.
 */

export type Flag = 0 | 1;
export type Risklar = Record<RiskId, Flag>;

export interface GetCountryResponse {
  purpose: { id: number; name: string }[];
  country: { id: number; code: string }[];
  program: { id: number; name: string; sum_insured_usd: number }[];
  tariffs: TravelTariffs;
}

interface TripFields {
  begin_date: string;
  end_date?: string;
  days?: number;
  countries: string[];
  purpose_id: number;
  kop_martali: Flag;
  is_family: Flag;
  has_covid: Flag;
  risklar: Risklar;
}

export interface CalculatorRequest extends TripFields {
  travelers: { birthday: string }[];
}

export interface CalculatorAnswerRow {
  program_id: number;
  program_name: string;
  prem_usd: number;
  prem_uzs: number;
  kurs_cbu: number;
}

export interface GetPersonRequest {
  passportSeria: string;
  passportNumber: string;
  birthday: string;
  pinfl?: string;
}

export interface GetPersonResponse {
  ism: string;
  familya: string;
  ism_eng: string;
  familya_eng: string;
  pinfl: string;
}

export interface SavePolisPayer {
  type: 0 | 2;
  passport_seria: string;
  passport_number: string;
  birthday: string;
  pinfl?: string;
  country_id?: string;
  phone: string;
  name: string;
  surname: string;
}

export interface SavePolisTraveller {
  passport_seria: string;
  passport_number: string;
  birthday: string;
  pinfl?: string;
  name: string;
  surname: string;
  foreign: boolean;
  country_id?: string;
  is_payer: boolean;
}

export interface SavePolisRequest extends TripFields {
  end_date: string;
  days: number;
  travelers: SavePolisTraveller[];
  summa_all: number;
  program_id: number;
  sugurtalovchi: SavePolisPayer;
  return_url?: string;
}

export interface CheckPolisRequest {
  contract_id: string;
}

export interface CheckPolisResponse {
  check: boolean;
  url: string;
  polis_seria: string;
  polis_number: string;
}

export const flag = (on: boolean): Flag => (on ? 1 : 0);

/** A person of flow data as the API's passport/birthday/pinfl fields. */
export function personFields(person: { passport: string; birthday: string; pinfl?: string }) {
  const { seria, number } = splitPassport(person.passport);
  return {
    passport_seria: seria,
    passport_number: number,
    birthday: isoToDmy(person.birthday, '-'),
    ...(person.pinfl && /^[0-9]{14}$/.test(person.pinfl) ? { pinfl: person.pinfl } : {}),
  };
}

export { phoneDigits };

/**
 * What the server prices: a calculator or save-polis request as the input of `quoteTravel`.
 * `days` wins when present (multi-trip and long stays); a single trip without it counts
 * end − begin + 1. Travellers are priced by their birthdays on the begin date.
 */
export function travelQuoteInputFromRequest(request: CalculatorRequest | SavePolisRequest, programId: number): TravelQuoteInput {
  const beginDate = dmyToIso(request.begin_date);
  const days = request.days ?? (request.end_date ? daysBetween(beginDate, dmyToIso(request.end_date)) : 0);
  return {
    purposeId: request.purpose_id,
    programId,
    days,
    multiTrip: request.kop_martali === 1,
    isFamily: request.is_family === 1,
    hasCovid: request.has_covid === 1,
    countries: request.countries,
    birthdays: request.travelers.map((t) => dmyToIso(t.birthday)),
    beginDate,
    risks: Object.fromEntries(riskIds.map((r) => [r, request.risklar[r] === 1])),
  };
}
