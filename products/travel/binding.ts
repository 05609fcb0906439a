import type { ApiPort, Price } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { envelopeFailure, requireFields } from '../kit/binding/binding-failure';
import { call, personLookup, requestPerson, required, saleBinding } from '../kit/binding/binding-kit';
import type { CheckResponse } from '../kit/api/common-api.generated';
import type { CalculatorRequest, GetCountryResponse, SavePolisRequest } from './api.generated';
import { travelMode } from './period';
import type { TravelTariffs } from './pricing';
import manifest from './product';
import { mirrorPayer, riskIds, travelCover, type TravelData, type TravelPayer, type TravelPerson, type Tourist } from './rules';

/** What the flow works with: `get_country` as the page keeps it. */
export interface TravelCatalog {
  purposes: { id: number; name: string }[];
  countries: { id: number; code: string }[];
  programs: { id: number; name: string; sumInsuredUsd: number }[];
  tariffs: TravelTariffs;
}

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

const risklar = (data: TravelData) =>
  Object.fromEntries(riskIds.map((r) => [r, flag(data.program.risks?.[r]?.on === true)])) as SavePolisRequest['risklar'];

const cover = (data: TravelData) => required(travelCover(data), 'trip period');

const tripFields = (data: TravelData) => ({
  countries: data.dates.countries,
  purpose_id: data.trip.purpose as SavePolisRequest['purpose_id'],
  kop_martali: flag(data.trip.reusable),
  is_family: flag(data.trip.isFamily),
  has_covid: flag(data.trip.hasCovid),
  risklar: risklar(data),
});

/** The calculator request of requirements §7 for flow data (end_date for single trips, days otherwise). */
export function calculatorRequest(data: TravelData): CalculatorRequest {
  const { beginDate, endDate, days } = cover(data);
  return {
    begin_date: isoToDmy(beginDate, '-'),
    ...(travelMode(data.trip) === 'single' ? { end_date: isoToDmy(endDate, '-') } : { days }),
    ...tripFields(data),
    travelers: data.tourists.tourists.map((t) => ({ birthday: isoToDmy(required(t.birthday, 'birthday'), '-') })),
  };
}

/**
 * A person of flow data as the API's passport, birthday and PINFL fields: a citizen by the registry's
 * passport (series and number) and PINFL, a foreigner by their passport's number as printed, whole.
 */
function personFields(person: TravelPerson) {
  if (person.foreign) return { passport_number: required(person.foreignPassport, 'foreign passport'), birthday: isoToDmy(required(person.birthday, 'birthday'), '-') };
  return requestPerson(person, '-');
}

/** The save-polis request for flow data and the price the visitor was shown: the period as dates and as days. */
export function savePolisRequest(data: TravelData, price: Price): SavePolisRequest {
  const { beginDate, endDate, days } = cover(data);
  const payer = data.tourists.payer;
  return {
    begin_date: isoToDmy(beginDate, '-'),
    end_date: isoToDmy(endDate, '-'),
    days,
    ...tripFields(data),
    summa_all: price.total,
    program_id: required(data.program.programId, 'programId') as SavePolisRequest['program_id'],
    sugurtalovchi: {
      type: payer.foreign ? 2 : 0,
      ...personFields(payer),
      ...(payer.foreign ? { country_id: required(payer.country, 'payer country') } : {}),
      phone: phoneDigits(required(payer.phone, 'payer phone')),
      name: required(payer.firstName, 'payer firstName'),
      surname: required(payer.lastName, 'payer lastName'),
    },
    travelers: data.tourists.tourists.map((t) => ({
      ...personFields(t),
      ...(t.foreign ? { country_id: required(t.country, 'tourist country') } : {}),
      name: required(t.firstName, 'tourist firstName'),
      surname: required(t.lastName, 'tourist lastName'),
      foreign: t.foreign === true,
      is_payer: t.isPayer === true,
    })),
  };
}

async function load(api: ApiPort): Promise<TravelCatalog> {
  const envelope = await call(() => api.get<GetCountryResponse>(manifest.calls.countries));
  if (!envelope.result) throw envelopeFailure(envelope, 'maybe-data-is-incorrect');
  const answer = requireFields<GetCountryResponse>(envelope.response, ['purpose', 'country', 'program', 'tariffs'], manifest.calls.countries);
  return {
    purposes: answer.purpose.map((p) => ({ id: p.id, name: p.name })),
    countries: answer.country.map((c) => ({ id: c.id, code: c.code })),
    programs: answer.program.map((p) => ({ id: p.id, name: p.name, sumInsuredUsd: p.sum_insured_usd })),
    tariffs: answer.tariffs,
  };
}

export const travelBinding = saleBinding<TravelData, TravelCatalog>({
  calls: manifest.calls,
  load,
  lookups: [
    // The payer is an object inside the step; a found payer also fills the row that mirrors them.
    personLookup({
      call: manifest.calls.getPerson,
      dateSeparator: '-',
      step: 'tourists',
      at: 'payer',
      withPinfl: true,
      merge: (step, found) => {
        const payer: TravelPayer = { ...(step.payer as TravelPayer), ...found };
        const rows = (step.tourists ?? []) as Tourist[];
        return { ...step, payer, tourists: rows.map((row) => (row.isPayer ? mirrorPayer(row, payer) : row)) };
      },
    }),
    // A payer row mirrors the payer, whose own lookup fills it.
    personLookup({ call: manifest.calls.getPerson, dateSeparator: '-', step: 'tourists', rows: 'tourists', withPinfl: true, skip: (row) => row.isPayer === true }),
  ],
  saveRequest: savePolisRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  // Requirements §8: a refused travel save says maybe-data-is-incorrect and opens the error dialog.
  saveFailure: 'modal',
  policy: {
    fields: ['check', 'url', 'polis_seria', 'polis_number'],
    read: (answer) => {
      const paid = answer as unknown as CheckResponse;
      return paid.check === true ? { policyNumber: `${paid.polis_seria} ${paid.polis_number}`, policyUrl: paid.url } : null;
    },
  },
});
