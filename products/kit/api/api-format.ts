/**
 * Conversions between flow data (ISO dates, one-string passports) and the site API's field
 * formats (schemas/api/README.md). Pure, shared by every product binding.
 */

import { citizenPassportShape } from './passport-shapes';

const isoDate = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `2026-07-01` → `01-07-2026` (separator `-`, travel) or `01.07.2026` (separator `.`, /sayt/*). */
export function isoToDmy(iso: string, separator: '-' | '.'): string {
  const match = isoDate.exec(iso);
  if (!match) throw new Error(`not an ISO date: "${iso}"`);
  return [match[3], match[2], match[1]].join(separator);
}

/** `01-07-2026` or `01.07.2026` → `2026-07-01`. */
export function dmyToIso(dmy: string): string {
  // Every date of every priced request comes through here: character codes, not a regular expression.
  if (dmy.length !== 10 || !isDateSeparator(dmy.charCodeAt(2)) || !isDateSeparator(dmy.charCodeAt(5)) || !digitsAt(dmy, 0, 2) || !digitsAt(dmy, 3, 2) || !digitsAt(dmy, 6, 4)) {
    throw new Error(`not a DD-MM-YYYY date: "${dmy}"`);
  }
  return `${dmy.slice(6)}-${dmy.slice(3, 5)}-${dmy.slice(0, 2)}`;
}

const isDateSeparator = (code: number) => code === 45 /* - */ || code === 46; /* . */

/** Whether `text` holds `count` ASCII digits from `start`. */
function digitsAt(text: string, start: number, count: number): boolean {
  for (let i = start; i < start + count; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 48 || code > 57) return false;
  }
  return true;
}

/** The number the ASCII digits of `text` from `start` write (`digitsAt` checked them). */
function numberAt(text: string, start: number, count: number): number {
  let value = 0;
  for (let i = start; i < start + count; i += 1) value = value * 10 + text.charCodeAt(i) - 48;
  return value;
}

/** `AA1234567` → `{ seria: 'AA', number: '1234567' }`. */
export function splitPassport(passport: string): { seria: string; number: string } {
  const normalized = passport.replace(/\s+/g, '').toUpperCase();
  const match = citizenPassportShape.exec(normalized);
  if (!match) throw new Error(`not a passport series and number: "${passport}"`);
  return { seria: match[1] as string, number: match[2] as string };
}

/** `+998 90 123 45 67` → `998901234567`. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/** Today's date in ISO form, in the visitor's (or server's) local time. */
export function todayIso(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** ISO date shifted by whole days. */
export function addDays(iso: string, days: number): string {
  // Integer arithmetic on the day's number, not a Date and its toISOString (about 0.7 µs): every
  // priced request shifts a few dates (its latest start day, its last day of cover).
  return isoOfDayNumber(dayNumber(iso) + days);
}

/** Inclusive day count between two ISO dates (requirements §5: the difference + 1, so a trip of one day counts 1). */
export function daysBetween(beginDate: string, endDate: string): number {
  return dayNumber(endDate) - dayNumber(beginDate) + 1;
}

/**
 * Days from 1970-01-01 to an ISO date of the proleptic Gregorian calendar (Howard Hinnant's
 * `days_from_civil`): the year is counted from March, so a leap day is the last day of its year.
 */
function dayNumber(iso: string): number {
  const month = numberAt(iso, 5, 2);
  const year = numberAt(iso, 0, 4) - (month <= 2 ? 1 : 0);
  const era = Math.floor(year / 400);
  const yearOfEra = year - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + numberAt(iso, 8, 2) - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}

/** The ISO date of a day number (`dayNumber`'s inverse, Hinnant's `civil_from_days`), for years 0 to 9999. */
function isoOfDayNumber(days: number): string {
  const shifted = days + 719_468;
  const era = Math.floor(shifted / 146_097);
  const dayOfEra = shifted - era * 146_097;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  const monthFromMarch = Math.floor((5 * dayOfYear + 2) / 153);
  const day = dayOfYear - Math.floor((153 * monthFromMarch + 2) / 5) + 1;
  const month = monthFromMarch < 10 ? monthFromMarch + 3 : monthFromMarch - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, '0')}-${month < 10 ? '0' : ''}${month}-${day < 10 ? '0' : ''}${day}`;
}

/** Whether a string is a real ISO calendar date (not 2026-02-30). */
export function isIsoDate(value: unknown): value is string {
  if (typeof value !== 'string' || value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  if (!digitsAt(value, 0, 4) || !digitsAt(value, 5, 2) || !digitsAt(value, 8, 2)) return false;
  // Checked on every date of every priced request: arithmetic on character codes, not a Date and strings per call.
  const year = numberAt(value, 0, 4);
  const month = numberAt(value, 5, 2);
  const day = numberAt(value, 8, 2);
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Whole years between an ISO birthday and an ISO date. */
export function ageOn(birthday: string, on: string): number {
  // Priced for every traveller of every quote: the digits read in place, no strings cut.
  const beforeBirthday = numberAt(on, 5, 2) * 100 + numberAt(on, 8, 2) < numberAt(birthday, 5, 2) * 100 + numberAt(birthday, 8, 2);
  return numberAt(on, 0, 4) - numberAt(birthday, 0, 4) - (beforeBirthday ? 1 : 0);
}

/** The last day of a cover of `months` from its first day `start` (ISO): the same day that many months later (clamped to that month's end), less one day. */
export function coverEnd(start: string, months: number): string {
  const [y, m, d] = start.split('-').map(Number) as [number, number, number];
  const monthIndex = m - 1 + months;
  const year = y + Math.floor(monthIndex / 12);
  const month = (monthIndex % 12) + 1;
  const pad = (n: number) => String(n).padStart(2, '0');
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return addDays(`${year}-${pad(month)}-${pad(Math.min(d, lastDay))}`, -1);
}

/** Last day of a cover that starts on `iso` and lasts a year. */
export function oneYearFrom(iso: string): string {
  const [y, m, d] = iso.split('-');
  return addDays(`${Number(y) + 1}-${m}-${d}`, -1);
}

/**
 * `1234567` → `1 234 567` (requirements §9: US grouping with spaces), a negative amount with a minus sign
 * (`−168 000`). The engine's `formatPrice` is its twin for the pages (products and the server use no
 * engine code); neither builds an Intl.NumberFormat, whose first use on a page costs a phone tens of
 * milliseconds.
 */
export function groupDigits(n: number): string {
  const rounded = Math.round(n);
  const grouped = String(Math.abs(rounded)).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return rounded < 0 ? `\u2212${grouped}` : grouped;
}

/** A fraction as Uzbek and Russian write it, with a decimal comma: `1.5` → `1,5`. */
export function decimalComma(n: number): string {
  return String(n).replace('.', ',');
}
