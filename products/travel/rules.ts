import type { EffectResult, FieldMessage, MessageId } from '../../engine/definition';
import { ageOn, daysBetween, isIsoDate, todayIso } from '../kit/api/api-format';
import { defineRules, type PersonStep } from '../kit/define/define';
import { citizenPassportShape, foreignPassportShape, passportOfCitizenship } from '../kit/api/passport-shapes';
import { latinOnly } from '../kit/rules/tourist-names';
import type { GetCountryResponse } from './api.generated';
import { adultAge, familyAdultMaxAge, familyMisfits } from './family';
import { coverPeriod, defaultSpendDays, maxTripDays, spendDayOptions, travelMode } from './period';

// ---------------------------------------------------------------- flow data

export type RiskId = 'luggage' | 'accident' | 'cancel_travel' | 'person_respon' | 'delay_travel';
export const riskIds: readonly RiskId[] = ['luggage', 'accident', 'cancel_travel', 'person_respon', 'delay_travel'];

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

export type TravelPerson = PersonStep & {
  /** A foreigner's passport number as printed: no one format holds. */
  foreignPassport?: string;
  foreign: boolean;
  /** ISO-2 citizenship of a foreigner. */
  country?: string;
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

/** The cover the flow's answers make (null while incomplete). */
export const travelCover = (data: TravelData) =>
  coverPeriod(travelMode(data.trip), data.dates.beginDate, data.dates.endDate, data.trip.spendDays);

// ---------------------------------------------------------------- field effects


function syncDates(next: TravelData, _previous?: TravelData, catalog?: FamilyCatalog): EffectResult<TravelData> {
  const dates = { ...next.dates };
  const errors: Record<string, MessageId> = {};
  const mode = travelMode(next.trip);
  if (isIsoDate(dates.beginDate)) {
    if (dates.beginDate < todayIso()) errors['/beginDate'] = 'travel.error.begin_date_past';
    if (mode !== 'single') dates.endDate = coverPeriod(mode, dates.beginDate, undefined, next.trip.spendDays)?.endDate;
    else if (isIsoDate(dates.endDate)) {
      const days = daysBetween(dates.beginDate, dates.endDate);
      if (days < 1) errors['/endDate'] = 'startdate_cant_be_more_than_enddate';
      else if (days > maxTripDays) errors['/endDate'] = 'travel.error.trip_too_long';
    }
  }
  const data = { ...next, dates };
  // Ages are a family's on the first day of cover: a new one can make a child an adult, or an adult too old.
  const family = familyMessages(data, catalog);
  const said = { ...(Object.keys(family.errors.tourists ?? {}).length > 0 ? family.errors : {}), ...(Object.keys(errors).length > 0 ? { dates: errors } : {}) };
  return { data, ...(Object.keys(said).length > 0 ? { errors: said } : {}), withdrawn: family.withdrawn };
}

function resetSpendDays(next: TravelData, previous?: TravelData, catalog?: FamilyCatalog): EffectResult<TravelData> {
  return syncDates({ ...next, trip: { ...next.trip, spendDays: defaultSpendDays, reusable: false } }, previous, catalog);
}

function clampSpendDays(next: TravelData, previous?: TravelData, catalog?: FamilyCatalog): EffectResult<TravelData> {
  const allowed = spendDayOptions(travelMode(next.trip));
  const spendDays = allowed.length === 0 || allowed.includes(next.trip.spendDays) ? next.trip.spendDays : defaultSpendDays;
  return syncDates({ ...next, trip: { ...next.trip, spendDays } }, previous, catalog);
}

const mirroredFields = ['passport', 'foreignPassport', 'birthday', 'firstName', 'lastName', 'foreign', 'country', 'pinfl', 'phone'] as const;

/** A tourist row that is the payer carries the payer's data. */
export function mirrorPayer(row: Tourist, payer: TravelPayer): Tourist {
  const copy: Tourist = { ...row };
  for (const key of mirroredFields) {
    if (payer[key] === undefined) delete copy[key];
    else (copy as Record<string, unknown>)[key] = payer[key];
  }
  return copy;
}

const isAdult = (birthday: unknown, today: string) => isIsoDate(birthday) && ageOn(birthday, today) >= adultAge;

/** What the family rule reads of the flow's catalog: the tariff's age bands. */
type FamilyCatalog = { tariffs: GetCountryResponse['tariffs'] };

/**
 * A family policy's travellers who are not of a family (`familyMisfits`: past its adults' age, a
 * third adult, children alone) are told so at their birthday; the message goes once they fit, or
 * the flag is off.
 */
function familyMessages(data: TravelData, catalog: FamilyCatalog | undefined): Required<Pick<EffectResult<TravelData>, 'errors' | 'withdrawn'>> {
  const tourists = data.tourists.tourists ?? [];
  const on = isIsoDate(data.dates.beginDate) ? data.dates.beginDate : todayIso();
  const misfits = new Set(data.trip.isFamily && catalog ? familyMisfits(tourists.map((t) => t.birthday), on, catalog.tariffs) : []);
  const said: Record<string, FieldMessage> = {};
  const withdrawn: Record<string, MessageId> = {};
  tourists.forEach((_, i) => {
    const path = `/tourists/${i}/birthday`;
    if (misfits.has(i) && catalog) said[path] = { id: notFamilyMessage, values: { age: familyAdultMaxAge(catalog.tariffs) } };
    else withdrawn[path] = notFamilyMessage;
  });
  return { errors: { tourists: said }, withdrawn: { tourists: withdrawn } };
}

const notFamilyMessage = 'travel.error.not_family';

/** The family flag changed: its travellers are judged again. */
function judgeFamily(next: TravelData, _previous: TravelData, catalog?: FamilyCatalog): EffectResult<TravelData> {
  return { data: next, ...familyMessages(next, catalog) };
}

/** Keeps the tourists step consistent: Latin names, one passport per citizenship, one payer row mirroring the payer, canPay flags, a family of a family's ages. */
function syncTourists(next: TravelData, previous: TravelData, catalog?: FamilyCatalog): EffectResult<TravelData> {
  const errors: Record<string, MessageId> = {};
  const today = todayIso();
  const payer = passportOfCitizenship(latinOnly(next.tourists.payer ?? { foreign: false }, '/payer', errors));
  const previousPayerRow = (previous.tourists?.tourists ?? []).findIndex((t) => t.isPayer);
  const marked = (next.tourists.tourists ?? []).map((t, i) => (t.isPayer ? i : -1)).filter((i) => i >= 0);
  // A newly ticked row takes over from the previous payer row.
  const payerRow = marked.find((i) => i !== previousPayerRow) ?? marked[0] ?? -1;
  const tourists = (next.tourists.tourists ?? []).map((row, i) => {
    let copy = passportOfCitizenship(latinOnly(row, `/tourists/${i}`, errors));
    copy = i === payerRow ? mirrorPayer({ ...copy, isPayer: true }, payer) : { ...copy, isPayer: false };
    return { ...copy, canPay: isAdult(copy.birthday, today) };
  });
  // A birthday after today is the date field's own message ("cannot be after …"), not an age.
  if (isIsoDate(payer.birthday) && payer.birthday <= today && !isAdult(payer.birthday, today)) errors['/payer/birthday'] = 'travel.error.payer_adult';
  const data = { ...next, tourists: { ...next.tourists, payer, tourists } };
  const family = familyMessages(data, catalog);
  const twice = samePersonMessages(tourists);
  const said = { ...errors, ...family.errors.tourists, ...twice.said };
  return { data, ...(Object.keys(said).length > 0 ? { errors: { tourists: said } } : {}), withdrawn: { tourists: { ...family.withdrawn.tourists, ...twice.withdrawn } } };
}

const samePersonMessage = 'travel.error.same_person';

/** A traveller whose passport an earlier row has is told so at that passport (the save insures a person once); the message goes once it differs. */
function samePersonMessages(tourists: readonly Tourist[]): { said: Record<string, MessageId>; withdrawn: Record<string, MessageId> } {
  const seen = new Set<string>();
  const said: Record<string, MessageId> = {};
  const withdrawn: Record<string, MessageId> = {};
  tourists.forEach((tourist, i) => {
    const [field, other] = tourist.foreign ? (['foreignPassport', 'passport'] as const) : (['passport', 'foreignPassport'] as const);
    const path = `/tourists/${i}/${field}`;
    const typed = tourist[field];
    const passport = typeof typed === 'string' && (tourist.foreign ? foreignPassportShape : citizenPassportShape).test(typed) ? typed : undefined;
    if (passport !== undefined && seen.has(passport)) said[path] = samePersonMessage;
    else withdrawn[path] = samePersonMessage;
    withdrawn[`/tourists/${i}/${other}`] = samePersonMessage;
    if (passport !== undefined) seen.add(passport);
  });
  return { said, withdrawn };
}

// ---------------------------------------------------------------- rules

export const travelRules = defineRules<TravelData, FamilyCatalog>()({
  onChange: {
    'trip.purpose': 'resetSpendDays',
    'trip.reusable': 'clampSpendDays',
    'trip.isFamily': 'judgeFamily',
    'trip.spendDays': 'syncDates',
    'dates.beginDate': 'syncDates',
    'dates.endDate': 'syncDates',
    'tourists.payer': 'syncTourists',
    'tourists.tourists': 'syncTourists',
  },
  show: {
    'trip.spendDays': 'choosesSpendDays',
    'dates.endDate': 'choosesEndDate',
    'tourists.payer.passport': 'payerIsCitizen',
    'tourists.payer.foreignPassport': 'payerIsForeign',
    'tourists.payer.country': 'payerIsForeign',
    'tourists.payer.pinfl': 'payerIsCitizen',
    'tourists.tourists[].passport': 'touristIsCitizen',
    'tourists.tourists[].foreignPassport': 'touristIsForeign',
    'tourists.tourists[].country': 'touristIsForeign',
    'tourists.tourists[].pinfl': 'touristIsCitizen',
  },
  // The payer's own row is the payer's card mirrored (syncTourists): it is edited there, not here.
  lock: {
    'tourists.tourists[].foreign': 'touristIsPayer',
    'tourists.tourists[].country': 'touristIsPayer',
    'tourists.tourists[].passport': 'touristIsPayer',
    'tourists.tourists[].foreignPassport': 'touristIsPayer',
    'tourists.tourists[].birthday': 'touristIsPayer',
    'tourists.tourists[].firstName': 'touristIsPayer',
    'tourists.tourists[].lastName': 'touristIsPayer',
    'tourists.tourists[].phone': 'touristIsPayer',
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
    touristIsPayer: (_data, row) => row?.isPayer === true,
  },
  actions: { resetSpendDays, clampSpendDays, syncDates, syncTourists, judgeFamily },
});
