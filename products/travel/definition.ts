import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type {
  ApiPort, CatalogOption, EffectResult, Envelope, LookupBinding, MessageId, PaymentDetails,
  PolicyResult, Price, ProductDefinition,
  SaveContext,
} from '../../engine/definition';
import tripSchema from '../../schemas/products/travel/trip.json';
import tripUi from '../../schemas/products/travel/trip.ui.json';
import datesSchema from '../../schemas/products/travel/dates.json';
import datesUi from '../../schemas/products/travel/dates.ui.json';
import touristsSchema from '../../schemas/products/travel/tourists.json';
import touristsUi from '../../schemas/products/travel/tourists.ui.json';
import programSchema from '../../schemas/products/travel/program.json';
import programUi from '../../schemas/products/travel/program.ui.json';
import { addDays, isIsoDate, isoToDmy, paymentDetailsFrom, phoneDigits, todayIso, type SaveAnswer } from '../api-format';
import { envelopeFailure, ProductBindingFailure, requireFields, toFailure } from '../binding-failure';
import {
  flag, personFields, type CalculatorRequest, type CheckPolisResponse, type GetCountryResponse, type GetPersonRequest,
  type GetPersonResponse, type Risklar, type SavePolisRequest,
} from './api';
import { ageOn, daysBetween, quoteTravel, riskIds, type RiskId, type TravelQuoteInput, type TravelTariffs } from './pricing';

// ---------------------------------------------------------------- data

export type TravelTrip = {
  /** 1 travel, 3 sport, 4 education, 5 work. */
  purpose: number;
  /** Multi-trip policy (kop_martali). */
  reusable: boolean;
  /** Insured days of multi-trip policies and study/work stays. */
  spendDays: number;
  isFamily: boolean;
  hasCovid: boolean;
};

export type TravelDates = {
  countries: string[];
  beginDate?: string;
  /** Chosen for single trips; derived from beginDate and spendDays otherwise. */
  endDate?: string;
};

type TravelPerson = {
  passport?: string;
  birthday?: string;
  firstName?: string;
  lastName?: string;
  foreign: boolean;
  /** ISO-2 citizenship of a foreigner. */
  country?: string;
  pinfl?: string;
  phone?: string;
};

export type TravelPayer = TravelPerson;

export type Tourist = TravelPerson & {
  /** This traveller is the payer: the row mirrors the payer's data. */
  isPayer: boolean;
  /** Adult on the day of purchase, so may be the payer. */
  canPay: boolean;
};

export type TravelTourists = { payer: TravelPayer; tourists: Tourist[] };

export type TravelProgram = { programId?: number; risks: Record<RiskId, { on: boolean }> };

export type TravelData = {
  trip: TravelTrip;
  dates: TravelDates;
  tourists: TravelTourists;
  program: TravelProgram;
};

export interface TravelCatalog {
  purposes: { id: number; name: string }[];
  countries: { id: number; code: string }[];
  programs: { id: number; name: string; sumInsuredUsd: number }[];
  tariffs: TravelTariffs;
}

// ---------------------------------------------------------------- rules

export type TravelMode = 'single' | 'multi' | 'stay';

/** Multi-trip (reusable) policies and study/work stays are priced by chosen days, other trips by their dates. */
export function travelMode(trip: Pick<TravelTrip, 'purpose' | 'reusable'>): TravelMode {
  if (trip.reusable) return 'multi';
  return trip.purpose === 4 || trip.purpose === 5 ? 'stay' : 'single';
}

/** Spec §9: spend-days options of study/work stays and of multi-trip policies. */
export const stayDayOptions: readonly number[] = [30, 60, 90, 180, 365];
export const multiTripDayOptions: readonly number[] = [15, 30, 45, 90, 180];
export const defaultSpendDays = 30;
/** A single trip longer than a year is not sold. */
export const maxTripDays = 365;

export function spendDayOptions(mode: TravelMode): readonly number[] {
  if (mode === 'multi') return multiTripDayOptions;
  return mode === 'stay' ? stayDayOptions : [];
}

/** Last insured day: chosen for single trips; begin + days − 1 for stays; one year for multi-trip policies. */
export function derivedEndDate(trip: TravelTrip, beginDate: string): string {
  if (travelMode(trip) === 'multi') {
    const date = new Date(`${beginDate}T00:00:00Z`);
    date.setUTCFullYear(date.getUTCFullYear() + 1);
    return addDays(date.toISOString().slice(0, 10), -1);
  }
  return addDays(beginDate, trip.spendDays - 1);
}

/** Insured days: end − begin + 1 for single trips, the chosen spend days otherwise; null while unknown. */
export function travelDays(data: TravelData): number | null {
  if (travelMode(data.trip) !== 'single') return data.trip.spendDays > 0 ? data.trip.spendDays : null;
  const { beginDate, endDate } = data.dates;
  if (!isIsoDate(beginDate) || !isIsoDate(endDate)) return null;
  const days = daysBetween(beginDate, endDate);
  return days > 0 ? days : null;
}

const cyrillic = /[\u0400-\u04FF]/;
const adultAge = 18;

function syncDates(next: TravelData): EffectResult<TravelData> {
  const dates = { ...next.dates };
  const errors: Record<string, MessageId> = {};
  const mode = travelMode(next.trip);
  if (isIsoDate(dates.beginDate)) {
    if (dates.beginDate < todayIso()) errors['/beginDate'] = 'travel.error.begin_date_past';
    if (mode !== 'single') dates.endDate = derivedEndDate(next.trip, dates.beginDate);
    else if (isIsoDate(dates.endDate)) {
      const days = daysBetween(dates.beginDate, dates.endDate);
      if (days < 1) errors['/endDate'] = 'startdate_cant_be_more_than_enddate';
      else if (days > maxTripDays) errors['/endDate'] = 'travel.error.trip_too_long';
    }
  }
  const data = { ...next, dates };
  return Object.keys(errors).length > 0 ? { data, errors: { dates: errors } } : { data };
}

function resetSpendDays(next: TravelData): EffectResult<TravelData> {
  return syncDates({ ...next, trip: { ...next.trip, spendDays: defaultSpendDays, reusable: false } });
}

function clampSpendDays(next: TravelData): EffectResult<TravelData> {
  const allowed = spendDayOptions(travelMode(next.trip));
  const spendDays = allowed.length === 0 || allowed.includes(next.trip.spendDays) ? next.trip.spendDays : defaultSpendDays;
  return syncDates({ ...next, trip: { ...next.trip, spendDays } });
}

/** Clears Cyrillic names (spec §5) and reports where. */
function latinOnly<P extends TravelPerson>(person: P, path: string, errors: Record<string, MessageId>): P {
  const copy = { ...person };
  for (const key of ['firstName', 'lastName'] as const) {
    const value = copy[key];
    if (typeof value === 'string' && cyrillic.test(value)) {
      delete copy[key];
      errors[`${path}/${key}`] = 'use_latin_alphabet';
    }
  }
  return copy;
}

const mirroredFields = ['passport', 'birthday', 'firstName', 'lastName', 'foreign', 'country', 'pinfl', 'phone'] as const;

function mirrorPayer(row: Tourist, payer: TravelPayer): Tourist {
  const copy: Tourist = { ...row };
  for (const key of mirroredFields) {
    if (payer[key] === undefined) delete copy[key];
    else (copy as Record<string, unknown>)[key] = payer[key];
  }
  return copy;
}

const isAdult = (birthday: unknown, today: string) => isIsoDate(birthday) && ageOn(birthday, today) >= adultAge;

/** Keeps the tourists step consistent: Latin names, one payer row mirroring the payer, canPay flags. */
function syncTourists(next: TravelData, previous: TravelData): EffectResult<TravelData> {
  const errors: Record<string, MessageId> = {};
  const today = todayIso();
  const payer = latinOnly(next.tourists.payer ?? { foreign: false }, '/payer', errors);
  const previousPayerRow = (previous.tourists?.tourists ?? []).findIndex((t) => t.isPayer);
  const marked = (next.tourists.tourists ?? []).map((t, i) => (t.isPayer ? i : -1)).filter((i) => i >= 0);
  // A newly ticked row takes over from the previous payer row.
  const payerRow = marked.find((i) => i !== previousPayerRow) ?? marked[0] ?? -1;
  const tourists = (next.tourists.tourists ?? []).map((row, i) => {
    let copy = latinOnly(row, `/tourists/${i}`, errors);
    copy = i === payerRow ? mirrorPayer({ ...copy, isPayer: true }, payer) : { ...copy, isPayer: false };
    return { ...copy, canPay: isAdult(copy.birthday, today) };
  });
  if (isIsoDate(payer.birthday) && !isAdult(payer.birthday, today)) errors['/payer/birthday'] = 'travel.error.payer_adult';
  const data = { ...next, tourists: { ...next.tourists, payer, tourists } };
  return Object.keys(errors).length > 0 ? { data, errors: { tourists: errors } } : { data };
}

// ---------------------------------------------------------------- pricing

/** Flow data as the input of `quoteTravel`, optionally for another program; null while incomplete. */
export function travelQuoteInput(data: TravelData, programId = data.program.programId): TravelQuoteInput | null {
  const days = travelDays(data);
  const { beginDate, countries } = data.dates;
  const birthdays = (data.tourists.tourists ?? []).map((t) => t.birthday);
  if (programId === undefined || days === null || !isIsoDate(beginDate) || countries.length === 0) return null;
  if (birthdays.length === 0 || !birthdays.every(isIsoDate)) return null;
  return {
    purposeId: data.trip.purpose,
    programId,
    days,
    multiTrip: data.trip.reusable,
    isFamily: data.trip.isFamily,
    hasCovid: data.trip.hasCovid,
    countries,
    birthdays: birthdays as string[],
    beginDate,
    risks: Object.fromEntries(riskIds.map((r) => [r, data.program.risks?.[r]?.on === true])),
  };
}

function price(data: TravelData, tariffs: TravelTariffs, programId?: number): Price | null {
  const input = travelQuoteInput(data, programId);
  const quote = input && quoteTravel(input, tariffs);
  return quote ? { total: quote.total, lines: quote.lines } : null;
}

const groupUsd = (n: number) => n.toLocaleString('en-US').replace(/,/g, ' ');

function options(catalog: TravelCatalog, data: TravelData): Record<string, CatalogOption[]> {
  const travellers = Math.max(1, data.tourists.tourists?.length ?? 0);
  const knownPurposes = [1, 3, 4, 5];
  return {
    purposes: catalog.purposes.map((p) => ({
      value: p.id,
      label: knownPurposes.includes(p.id) ? `travel.purpose.${p.id}` : p.name,
    })),
    spendDays: spendDayOptions(travelMode(data.trip)).map((days) => ({ value: days, label: `travel.days.${days}` })),
    // Country names come from the browser (Intl.DisplayNames) by ISO code, in the page's language.
    countries: catalog.countries.map((c) => ({ value: c.code, label: `region.${c.code}` })),
    programs: catalog.programs.map((p) => {
      const option: CatalogOption = {
        value: p.id,
        label: [1, 2, 3].includes(p.id) ? `travel.program.${p.id}` : p.name,
        details: [{ label: 'travel.program.sum_insured', value: groupUsd(p.sumInsuredUsd) }],
      };
      const total = price(data, catalog.tariffs, p.id)?.total;
      return total === undefined ? option : { ...option, price: total };
    }),
    risks: riskIds.map((r) => ({ value: r, label: `travel.risk.${r}`, price: catalog.tariffs.risks[r] * travellers })),
  };
}

// ---------------------------------------------------------------- binding

const paths = {
  countries: '/takoful/travel-neo/get_country',
  getPerson: '/takoful/travel-neo/getPerson',
  save: '/takoful/travel-neo/save-polis',
  check: '/takoful/travel-neo/checkPolis',
} as const;

const passportPattern = /^[A-Z]{2}[0-9]{7}$/;

async function call<T>(request: () => Promise<Envelope<T>>, options: { modal?: boolean; field?: { step: string; path: string } } = {}) {
  try {
    return await request();
  } catch (error) {
    throw toFailure(error, options);
  }
}

/** The getPerson request for a person of flow data, or null while passport or birthday is incomplete. */
export function getPersonRequest(person: Record<string, unknown>): GetPersonRequest | null {
  const { passport, birthday, pinfl, foreign } = person;
  // Foreign passports are not in the Uzbek person registry.
  if (foreign === true || typeof passport !== 'string' || !passportPattern.test(passport) || !isIsoDate(birthday)) return null;
  const fields = personFields({ passport, birthday, pinfl: typeof pinfl === 'string' ? pinfl : undefined });
  return {
    passportSeria: fields.passport_seria,
    passportNumber: fields.passport_number,
    birthday: fields.birthday,
    ...(fields.pinfl ? { pinfl: fields.pinfl } : {}),
  };
}

async function lookupPerson(api: ApiPort, request: GetPersonRequest, field?: { step: string; path: string }) {
  const envelope = await call(() => api.post<GetPersonResponse>(paths.getPerson, request), field ? { field } : {});
  if (!envelope.result) throw envelopeFailure(envelope, 'datas_not_found', field ? { field } : {});
  const person = requireFields<GetPersonResponse>(envelope.response, ['ism_eng', 'familya_eng'], 'getPerson');
  return {
    firstName: person.ism_eng,
    lastName: person.familya_eng,
    ...(person.pinfl ? { pinfl: person.pinfl } : {}),
  };
}

const lookupKey = (row: Record<string, unknown>) => {
  const request = getPersonRequest(row);
  return request ? `${request.passportSeria}${request.passportNumber}|${request.birthday}` : null;
};

const lookups: LookupBinding[] = [
  {
    // The payer is an object inside the step: key and merge go through `payer`.
    step: 'tourists',
    key: (step) => lookupKey((step.payer ?? {}) as Record<string, unknown>),
    run: async (api, step) => {
      const payer = (step.payer ?? {}) as TravelPayer;
      const request = getPersonRequest(payer);
      if (!request) throw new ProductBindingFailure('datas_not_found', { detail: 'payer passport or birthday incomplete' });
      const found = await lookupPerson(api, request, { step: 'tourists', path: '/payer/passport' });
      const merged: TravelPayer = { ...payer, ...found };
      const rows = (step.tourists ?? []) as Tourist[];
      return { payer: merged, tourists: rows.map((row) => (row.isPayer ? mirrorPayer(row, merged) : row)) };
    },
  },
  {
    step: 'tourists',
    rows: 'tourists',
    // A payer row mirrors the payer, whose own lookup fills it.
    key: (row) => (row.isPayer === true ? null : lookupKey(row)),
    run: async (api, row) => {
      const request = getPersonRequest(row);
      if (!request) throw new ProductBindingFailure('datas_not_found', { detail: 'tourist passport or birthday incomplete' });
      return lookupPerson(api, request);
    },
  },
];

const required = <T>(value: T | undefined | null, what: string): T => {
  if (value === undefined || value === null || value === '') {
    throw new ProductBindingFailure('maybe-data-is-incorrect', { modal: true, detail: `${what} is missing` });
  }
  return value;
};

const risklar = (data: TravelData): Risklar =>
  Object.fromEntries(riskIds.map((r) => [r, flag(data.program.risks?.[r]?.on === true)])) as Risklar;

/** The calculator request of spec §7 for flow data (end_date for single trips, days otherwise). */
export function calculatorRequest(data: TravelData): CalculatorRequest {
  const days = required(travelDays(data), 'days');
  const beginDate = required(data.dates.beginDate, 'beginDate');
  return {
    begin_date: isoToDmy(beginDate, '-'),
    ...(travelMode(data.trip) === 'single'
      ? { end_date: isoToDmy(required(data.dates.endDate, 'endDate'), '-') }
      : { days }),
    countries: data.dates.countries,
    purpose_id: data.trip.purpose,
    kop_martali: flag(data.trip.reusable),
    is_family: flag(data.trip.isFamily),
    has_covid: flag(data.trip.hasCovid),
    travelers: data.tourists.tourists.map((t) => ({ birthday: isoToDmy(required(t.birthday, 'birthday'), '-') })),
    risklar: risklar(data),
  };
}

const personOf = (person: TravelPerson) => personFields({
  passport: required(person.passport, 'passport'),
  birthday: required(person.birthday, 'birthday'),
  pinfl: person.pinfl,
});

/** The save-polis request for flow data and the price the visitor was shown. */
export function savePolisRequest(data: TravelData, total: number): SavePolisRequest {
  const beginDate = required(data.dates.beginDate, 'beginDate');
  const endDate = travelMode(data.trip) === 'single'
    ? required(data.dates.endDate, 'endDate')
    : derivedEndDate(data.trip, beginDate);
  const payer = data.tourists.payer;
  const foreignPayer = payer.foreign === true;
  return {
    begin_date: isoToDmy(beginDate, '-'),
    end_date: isoToDmy(endDate, '-'),
    days: required(travelDays(data), 'days'),
    countries: data.dates.countries,
    purpose_id: data.trip.purpose,
    kop_martali: flag(data.trip.reusable),
    is_family: flag(data.trip.isFamily),
    has_covid: flag(data.trip.hasCovid),
    risklar: risklar(data),
    summa_all: total,
    program_id: required(data.program.programId, 'programId'),
    sugurtalovchi: {
      type: foreignPayer ? 2 : 0,
      ...(() => {
        const { pinfl, ...fields } = personOf(payer);
        return foreignPayer ? fields : { ...fields, ...(pinfl ? { pinfl } : {}) };
      })(),
      ...(foreignPayer ? { country_id: required(payer.country, 'payer country') } : {}),
      phone: phoneDigits(required(payer.phone, 'payer phone')),
      name: required(payer.firstName, 'payer firstName'),
      surname: required(payer.lastName, 'payer lastName'),
    },
    travelers: data.tourists.tourists.map((t) => {
      const { pinfl, ...fields } = personOf(t);
      return {
        ...fields,
        ...(t.foreign ? { country_id: required(t.country, 'tourist country') } : pinfl ? { pinfl } : {}),
        name: required(t.firstName, 'tourist firstName'),
        surname: required(t.lastName, 'tourist lastName'),
        foreign: t.foreign === true,
        is_payer: t.isPayer === true,
      };
    }),
  };
}

async function load(api: ApiPort): Promise<TravelCatalog> {
  const envelope = await call(() => api.get<GetCountryResponse>(paths.countries));
  if (!envelope.result) throw envelopeFailure(envelope, 'maybe-data-is-incorrect');
  const answer = requireFields<GetCountryResponse>(envelope.response, ['purpose', 'country', 'program', 'tariffs'], 'get_country');
  return {
    purposes: answer.purpose.map((p) => ({ id: p.id, name: p.name })),
    countries: answer.country.map((c) => ({ id: c.id, code: c.code })),
    programs: answer.program.map((p) => ({ id: p.id, name: p.name, sumInsuredUsd: p.sum_insured_usd })),
    tariffs: answer.tariffs,
  };
}

async function save(api: ApiPort, data: TravelData, shown: Price, context: SaveContext): Promise<PaymentDetails> {
  let request: SavePolisRequest;
  try {
    request = { ...savePolisRequest(data, shown.total), return_url: context.returnPath };
  } catch (error) {
    throw toFailure(error, { modal: true });
  }
  const envelope = await call(() => api.post<SaveAnswer>(paths.save, request), { modal: true });
  if (!envelope.result) {
    throw new ProductBindingFailure('maybe-data-is-incorrect', { modal: true, detail: `save-polis: ${envelope.message}` });
  }
  try {
    return paymentDetailsFrom(requireFields<SaveAnswer>(envelope.response, ['contract_id', 'order_id', 'amount', 'url', 'payme_url'], 'save-polis'));
  } catch (error) {
    throw toFailure(error, { modal: true });
  }
}

/** Unpaid contracts answer `result: false` with error 1 (`payment_not_made`). */
async function check(api: ApiPort, payment: PaymentDetails): Promise<PolicyResult | null> {
  const envelope = await call(() => api.post<CheckPolisResponse>(paths.check, { contract_id: payment.contractId }));
  if (!envelope.result) {
    if (envelope.error === 1 || envelope.message === 'payment_not_made') return null;
    throw envelopeFailure(envelope, 'maybe-data-is-incorrect');
  }
  const answer = requireFields<CheckPolisResponse>(envelope.response, ['check', 'url', 'polis_seria', 'polis_number'], 'checkPolis');
  if (answer.check !== true) return null;
  return { policyNumber: `${answer.polis_seria} ${answer.polis_number}`, policyUrl: answer.url };
}

// ---------------------------------------------------------------- definition

const noRisks = Object.fromEntries(riskIds.map((r) => [r, { on: false }])) as Record<RiskId, { on: boolean }>;

export const travel: ProductDefinition<TravelData, TravelCatalog> = {
  id: 'travel',
  version: 1,
  title: 'travel.title',
  kind: 'travel',
  steps: [
    { id: 'trip', title: 'travel.step.trip', schema: tripSchema as RJSFSchema, uiSchema: tripUi as UiSchema },
    { id: 'dates', title: 'travel.step.dates', schema: datesSchema as RJSFSchema, uiSchema: datesUi as UiSchema },
    { id: 'tourists', title: 'travel.step.tourists', schema: touristsSchema as RJSFSchema, uiSchema: touristsUi as UiSchema },
    { id: 'program', title: 'travel.step.program', schema: programSchema as RJSFSchema, uiSchema: programUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'travel.step.payment', component: 'payment' },
    { id: 'download', title: 'travel.step.download', component: 'download', hidden: true },
  ],
  initialData: {
    trip: { purpose: 1, reusable: false, spendDays: defaultSpendDays, isFamily: false, hasCovid: false },
    dates: { countries: [] },
    tourists: { payer: { foreign: false }, tourists: [{ isPayer: false, canPay: false, foreign: false }] },
    program: { risks: noRisks },
  },
  machine: {
    onChange: {
      'trip.purpose': 'resetSpendDays',
      'trip.reusable': 'clampSpendDays',
      'trip.spendDays': 'syncDates',
      'dates.beginDate': 'syncDates',
      'dates.endDate': 'syncDates',
      'tourists.payer': 'syncTourists',
      'tourists.tourists': 'syncTourists',
    },
    show: {
      'trip.spendDays': 'choosesSpendDays',
      'dates.endDate': 'choosesEndDate',
      'tourists.payer.country': 'payerIsForeign',
      'tourists.payer.pinfl': 'payerIsCitizen',
      'tourists.tourists[].country': 'touristIsForeign',
      'tourists.tourists[].pinfl': 'touristIsCitizen',
    },
    guards: {
      // Spend days price multi-trip policies and study/work stays; single trips are priced by their dates.
      choosesSpendDays: (data) => travelMode(data.trip) !== 'single',
      choosesEndDate: (data) => travelMode(data.trip) === 'single',
      // Citizenship is asked of foreigners only; the PINFL (from the Uzbek registry) of citizens only.
      payerIsForeign: (data) => data.tourists.payer?.foreign === true,
      payerIsCitizen: (data) => data.tourists.payer?.foreign !== true,
      touristIsForeign: (_data, row) => row?.foreign === true,
      touristIsCitizen: (_data, row) => row?.foreign !== true,
    },
    actions: { resetSpendDays, clampSpendDays, syncDates, syncTourists },
  },
  pricing: (data, catalog) => price(data, catalog.tariffs),
  options,
  binding: { load, lookups, save, check },
};
