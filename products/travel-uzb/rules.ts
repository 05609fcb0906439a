import type { EffectResult, MessageId } from '../../engine/definition';
import { daysBetween, isIsoDate, todayIso } from '../kit/api/api-format';
import { defineRules, type FlowPerson, type PersonStep } from '../kit/define/define';
import { passportOfCitizenship } from '../kit/api/passport-shapes';
import { judgingPolicyholderAge, policyholderAgeCheck } from '../kit/rules/policyholder-age';
import { latinOnly } from '../kit/rules/tourist-names';
import { maxTripDays } from './pricing';

export type TravelUzbTrip = {
  beginDate?: string;
  endDate?: string;
  /** Derived: the end date less the begin date, plus one (requirements §5). */
  days?: number;
  programId?: number;
};

export type TravelUzbTourist = FlowPerson & {
  /** A foreigner's passport number as printed: no one format holds. */
  foreignPassport?: string;
  /** Not a citizen of Uzbekistan: names typed by hand, citizenship asked. */
  foreign: boolean;
  /** ISO-2 citizenship of a foreigner. */
  country?: string;
};

export type TravelUzbData = {
  trip: TravelUzbTrip;
  applicant: PersonStep;
  tourists: { tourists: TravelUzbTourist[] };
};

/**
 * The insured days of a period (requirements §5: the difference + 1), or the error the end date shows: the
 * begin date may not be after the end date (`startdate_cant_be_more_than_enddate`), and a trip lasts
 * at most `maxTripDays`. The page and the server count them with this one function.
 */
export function tripDays(beginDate: string, endDate: string): number | MessageId {
  const days = daysBetween(beginDate, endDate);
  if (days < 1) return 'startdate_cant_be_more_than_enddate';
  return days > maxTripDays ? 'travel-uzb.error.trip_too_long' : days;
}

/** Days follow the dates; a begin date in the past or after the end date is said at its field. */
function syncDays(next: TravelUzbData): EffectResult<TravelUzbData> {
  const { beginDate, endDate } = next.trip;
  const errors: Record<string, MessageId> = {};
  let days: number | undefined;
  if (isIsoDate(beginDate) && beginDate < todayIso()) errors['/beginDate'] = 'travel-uzb.error.begin_date_past';
  if (isIsoDate(beginDate) && isIsoDate(endDate)) {
    const counted = tripDays(beginDate, endDate);
    if (typeof counted === 'number') days = counted;
    else errors['/endDate'] = counted;
  }
  const trip = { ...next.trip };
  if (days === undefined) delete trip.days;
  else trip.days = days;
  const data = { ...next, trip };
  return Object.keys(errors).length > 0 ? { data, errors: { trip: errors } } : { data };
}

/**
 * Tourists' names in Latin letters (requirements §5); a foreigner has no PINFL and no passport of Uzbekistan's,
 * a citizen no citizenship to name and no foreign passport.
 */
function syncTourists(next: TravelUzbData): EffectResult<TravelUzbData> {
  const errors: Record<string, MessageId> = {};
  const tourists = (next.tourists.tourists ?? []).map((row, i) => {
    const copy = passportOfCitizenship(latinOnly(row, `/tourists/${i}`, errors));
    if (copy.foreign) delete copy.pinfl;
    else delete copy.country;
    return copy;
  });
  const data = { ...next, tourists: { ...next.tourists, tourists } };
  return Object.keys(errors).length > 0 ? { data, errors: { tourists: errors } } : { data };
}

/** The policyholder's age, said at the birthday as it is typed and whenever the first day of cover moves; the save's refusal of it is said there too (binding.ts). */
export const checkPolicyholderAge = policyholderAgeCheck<TravelUzbData>('applicant', (d) => d.applicant.birthday, (d) => d.trip.beginDate);

export const travelUzbRules = defineRules<TravelUzbData>()({
  onChange: {
    'trip.beginDate': 'syncDays',
    'trip.endDate': 'syncDays',
    'tourists.tourists': 'syncTourists',
    'applicant.birthday': 'checkPolicyholderAge',
  },
  show: {
    'tourists.tourists[].passport': 'touristIsCitizen',
    'tourists.tourists[].foreignPassport': 'touristIsForeign',
    'tourists.tourists[].country': 'touristIsForeign',
  },
  // A citizen's names are the person registry's (the lookup fills them); a foreigner types them.
  lock: {
    'tourists.tourists[].firstName': 'touristIsCitizen',
    'tourists.tourists[].lastName': 'touristIsCitizen',
  },
  guards: {
    touristIsForeign: (_data, row) => row?.foreign === true,
    touristIsCitizen: (_data, row) => row?.foreign !== true,
  },
  actions: { syncDays: judgingPolicyholderAge(syncDays, checkPolicyholderAge), syncTourists, checkPolicyholderAge },
});
