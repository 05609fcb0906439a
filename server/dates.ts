import { addDays, dmyToIso, isIsoDate } from '../products/api-format';
import { AppError } from './envelope';

/** Uzbekistan has one time zone (UTC+5, no daylight saving); "today" on a policy means Tashkent's day. */
export function todayInTashkent(now: Date = new Date()): string {
  return new Date(now.getTime() + 5 * 3_600_000).toISOString().slice(0, 10);
}

/**
 * A schema-valid `DD-MM-YYYY` / `DD.MM.YYYY` value as an ISO date; 400 naming the field when it
 * is not a calendar day (the schema pattern lets 31-02-2026 through).
 */
export function isoDateField(value: string, field: string): string {
  const iso = dmyToIso(value);
  if (!isIsoDate(iso)) throw new AppError(400, `body${field} is not a calendar date`, { field }, 400);
  return iso;
}

/** 400 unless the ISO date is today or later in Tashkent. */
export function requireNotPast(iso: string, field: string, now: Date = new Date()): void {
  if (iso < todayInTashkent(now)) throw new AppError(400, `body${field} must be today or later`, { field }, 400);
}

/** Last day of a cover that starts on `iso` and lasts a year. */
export function oneYearFrom(iso: string): string {
  const [y, m, d] = iso.split('-');
  return addDays(`${Number(y) + 1}-${m}-${d}`, -1);
}
