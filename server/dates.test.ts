import { afterEach, expect, test, vi } from 'vitest';
import { tashkentHour, tashkentMidnight, todayInTashkent } from './dates';

afterEach(() => vi.useRealTimers());

test("Tashkent's day turns at 19:00 UTC", () => {
  expect(todayInTashkent(new Date('2026-11-24T18:59:59.999Z'))).toBe('2026-11-24');
  expect(todayInTashkent(new Date('2026-11-24T19:00:00.000Z'))).toBe('2026-11-25');
  expect(todayInTashkent(new Date('2026-12-31T19:00:00.000Z'))).toBe('2027-01-01');
});

test("Tashkent's hour, and the moment its day begins", () => {
  expect(tashkentHour(new Date('2026-11-24T03:59:59Z'))).toBe(8);
  expect(tashkentHour(new Date('2026-11-24T04:00:00Z'))).toBe(9);
  expect(tashkentHour(new Date('2026-11-24T19:30:00Z'))).toBe(0);
  expect(tashkentMidnight('2026-11-25').toISOString()).toBe('2026-11-24T19:00:00.000Z');
  expect(tashkentMidnight('2027-01-01').toISOString()).toBe('2026-12-31T19:00:00.000Z');
});

test('the kept day follows the clock across midnight, forwards and back', () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  const at = (iso: string) => {
    vi.setSystemTime(new Date(iso));
    return todayInTashkent();
  };
  expect(at('2026-11-24T12:00:00.000Z')).toBe('2026-11-24');
  expect(at('2026-11-24T18:59:59.999Z')).toBe('2026-11-24');
  expect(at('2026-11-24T19:00:00.000Z')).toBe('2026-11-25');
  expect(at('2026-11-25T18:59:59.999Z')).toBe('2026-11-25');
  expect(at('2026-11-24T18:59:59.999Z')).toBe('2026-11-24');
  expect(at('1969-12-31T23:00:00.000Z')).toBe('1970-01-01');
  expect(at('1969-12-31T18:00:00.000Z')).toBe('1969-12-31');
});
