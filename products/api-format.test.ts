import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatPrice } from '../engine/format';
import { addDays, coverEnd, daysBetween, groupDigits, isIsoDate } from './api-format';

describe('isIsoDate', () => {
  test('accepts real calendar dates only', () => {
    for (const date of ['2026-01-31', '2024-02-29', '2000-02-29', '2026-12-31', '1958-07-01']) expect(isIsoDate(date), date).toBe(true);
    for (const date of ['2026-02-29', '1900-02-29', '2026-04-31', '2026-13-01', '2026-00-10', '2026-01-00', '2026-1-01', '26-01-01', '2026-01-01T00:00', 20260101, null]) {
      expect(isIsoDate(date), String(date)).toBe(false);
    }
  });

  test('agrees with the calendar on every day of four years', () => {
    for (let day = 0, date = '2023-01-01'; day < 4 * 366; day += 1, date = addDays(date, 1)) expect(isIsoDate(date), date).toBe(true);
  });
});

describe('addDays and daysBetween', () => {
  // The calendar's own answer: a Date at UTC midnight, shifted by whole days.
  const byDate = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  const anyDate = fc.date({ min: new Date('1800-01-01T00:00:00Z'), max: new Date('2200-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));

  test('shift a date as the calendar does, across months, leap days and centuries', () => {
    fc.assert(fc.property(anyDate, fc.integer({ min: -40_000, max: 40_000 }), (iso, days) => {
      expect(addDays(iso, days)).toBe(byDate(iso, days));
      expect(daysBetween(iso, addDays(iso, days))).toBe(days + 1);
    }), { numRuns: 5000 });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2100-02-28', 1)).toBe('2100-03-01');
    expect(addDays('2000-03-01', -1)).toBe('2000-02-29');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(daysBetween('2026-07-01', '2026-07-01')).toBe(1);
  });
});

describe('coverEnd', () => {
  test('ends the day before the same date the months later, clamped to a shorter month', () => {
    expect(coverEnd('2030-07-01', 12)).toBe('2031-06-30');
    expect(coverEnd('2030-07-01', 6)).toBe('2030-12-31');
    expect(coverEnd('2030-07-15', 1)).toBe('2030-08-14');
    expect(coverEnd('2030-12-20', 1)).toBe('2031-01-19');
    // 31 January + a month has no 31 February: the cover runs to the day before its last day.
    expect(coverEnd('2031-01-31', 1)).toBe('2031-02-27');
  });
});

describe('groupDigits', () => {
  test('groups as Intl.NumberFormat does, and as the pages do (the engine’s formatPrice)', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const amount of [0, 7, 999, 1000, 1000.6, 54321, 1234567, -1234567, 98765432109]) {
      expect(groupDigits(amount), String(amount)).toBe(intl.format(Math.round(amount)).replace(/,/g, ' '));
      expect(groupDigits(amount), String(amount)).toBe(formatPrice(amount));
    }
  });
});
