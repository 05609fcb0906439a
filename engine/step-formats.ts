/**
 * The string formats step forms use, as precompiled validators call them (engine/validator-options.ts
 * points ajv's generated code here): `date` alone, so a flow page does not carry ajv-formats' whole
 * table of formats (2.6 KB gzip) to check one. Same answers as ajv-formats' `date` (step-formats.test.ts).
 */

const rfc3339Date = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const daysInMonth = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

const isLeapYear = (year: number) => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

/** RFC 3339 full-date (`2026-02-29` is not one). */
function isDate(value: string): boolean {
  const parts = rfc3339Date.exec(value);
  if (!parts) return false;
  const year = Number(parts[1]);
  const month = Number(parts[2]);
  const day = Number(parts[3]);
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : (daysInMonth[month] ?? 0));
}

export const stepFormats = { date: { validate: isDate } };
