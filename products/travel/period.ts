import { addDays, daysBetween, isIsoDate, oneYearFrom } from '../kit/api/api-format';

/**
 * The covered period of a trip, shared by the page (flow data) and the server (requests), so the
 * days a premium is priced by and the dates the policy states come from one computation.
 */

export type TravelMode = 'single' | 'multi' | 'stay';

/** Multi-trip (reusable) policies and study/work stays are priced by chosen days, other trips by their dates. */
export function travelMode(trip: { purpose: number; reusable: boolean }): TravelMode {
  if (trip.reusable) return 'multi';
  return trip.purpose === 4 || trip.purpose === 5 ? 'stay' : 'single';
}

/** Requirements §9: spend-days options of study/work stays and of multi-trip policies. */
export const stayDayOptions: readonly number[] = [30, 60, 90, 180, 365];
export const multiTripDayOptions: readonly number[] = [15, 30, 45, 90, 180];
export const defaultSpendDays = 30;
/** A single trip longer than a year is not sold. */
export const maxTripDays = 365;

export function spendDayOptions(mode: TravelMode): readonly number[] {
  if (mode === 'multi') return multiTripDayOptions;
  return mode === 'stay' ? stayDayOptions : [];
}

export interface CoverPeriod {
  /** ISO dates, first and last covered day. */
  beginDate: string;
  endDate: string;
  /** The days the premium is priced by: the trip's length, or the days abroad a stay or multi-trip policy allows. */
  days: number;
}

/**
 * The cover of a trip: a single trip covers begin to end (days = end − begin + 1, at most a year);
 * a stay covers `spendDays` days from begin; a multi-trip policy covers a year from begin with
 * `spendDays` days abroad, `spendDays` one of the mode's options. Null while the inputs do not make a period.
 */
export function coverPeriod(mode: TravelMode, beginDate: string | undefined, endDate: string | undefined, spendDays: number | undefined): CoverPeriod | null {
  if (!isIsoDate(beginDate)) return null;
  if (mode === 'single') {
    if (!isIsoDate(endDate)) return null;
    const days = daysBetween(beginDate, endDate);
    return days >= 1 && days <= maxTripDays ? { beginDate, endDate, days } : null;
  }
  // Only the days the tariff offers: a multi-trip year for one day abroad would cost a tenth of the least it sells.
  if (spendDays === undefined || !spendDayOptions(mode).includes(spendDays)) return null;
  return { beginDate, endDate: mode === 'multi' ? oneYearFrom(beginDate) : addDays(beginDate, spendDays - 1), days: spendDays };
}
