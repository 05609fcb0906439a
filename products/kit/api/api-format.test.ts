import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { formatPrice } from '../../../engine/format';
import { addDays, ageOn, coverEnd, daysBetween, dmyToIso, groupDigits, isIsoDate } from './api-format';

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

// Dates written as requests write them, and text that only looks like one (other digits, other lengths).
const separator = fc.constantFrom('-', '.', '/', ' ', '_', ':');
const digitGroups = (...lengths: number[]) => fc.tuple(...lengths.map((length) => fc.stringMatching(new RegExp(`^\\d{${length}}$`))), separator, separator);
const dateLikeText = fc.oneof(
  digitGroups(2, 2, 4).map(([day, month, year, a, b]) => `${day}${a}${month}${b}${year}`),
  digitGroups(4, 2, 2).map(([year, month, day, a, b]) => `${year}${a}${month}${b}${day}`),
  fc.stringMatching(/^\d{2}[-.]\d{2}[-.]\d{4}$/),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  fc.array(fc.constantFrom('0', '1', '2', '9', '-', '.', '/', ' ', '٣', '１', 'a'), { maxLength: 12 }).map((chars) => chars.join('')),
  fc.string({ maxLength: 12 }),
);

describe('dmyToIso', () => {
  test('turns DD-MM-YYYY and DD.MM.YYYY into ISO, and refuses anything else as the pattern it stands for does', () => {
    expect(dmyToIso('15-05-1990')).toBe('1990-05-15');
    expect(dmyToIso('01.07.2026')).toBe('2026-07-01');
    const shape = /^(\d{2})[-.](\d{2})[-.](\d{4})$/;
    fc.assert(fc.property(dateLikeText, (text) => {
      const match = shape.exec(text);
      if (match) expect(dmyToIso(text)).toBe(`${match[3]}-${match[2]}-${match[1]}`);
      else expect(() => dmyToIso(text)).toThrow('not a DD-MM-YYYY date');
    }), { numRuns: 5000 });
  });
});

describe('isIsoDate on any text', () => {
  test('is true exactly for YYYY-MM-DD naming a day the calendar has', () => {
    const calendarDay = (text: string) => {
      const time = Date.parse(`${text}T00:00:00Z`);
      return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(time) && new Date(time).toISOString().startsWith(text);
    };
    fc.assert(fc.property(dateLikeText, (text) => {
      expect(isIsoDate(text), text).toBe(calendarDay(text));
    }), { numRuns: 5000 });
  });
});

describe('ageOn', () => {
  test('counts the whole years the calendar counts, a birthday on 29 February included', () => {
    const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
    const byDate = (birthday: string, on: string) => {
      const [by, bm, bd] = birthday.split('-').map(Number) as [number, number, number];
      const [y, m, d] = on.split('-').map(Number) as [number, number, number];
      return y - by - (m < bm || (m === bm && d < bd) ? 1 : 0);
    };
    fc.assert(fc.property(day, day, (birthday, on) => {
      expect(ageOn(birthday, on)).toBe(byDate(birthday, on));
    }), { numRuns: 5000 });
    expect(ageOn('2008-02-29', '2026-02-28')).toBe(17);
    expect(ageOn('2008-02-29', '2026-03-01')).toBe(18);
    expect(ageOn('1990-05-15', '2026-05-15')).toBe(36);
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
      expect(groupDigits(amount), String(amount)).toBe(intl.format(Math.round(amount)).replace(/,/g, ' ').replace('-', '\u2212'));
      expect(groupDigits(amount), String(amount)).toBe(formatPrice(amount));
    }
  });
});
