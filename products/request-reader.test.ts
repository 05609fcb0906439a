import { expect, test } from 'vitest';
import { defined, latinName, money } from './request-reader';

test('defined drops undefined members only, keeping the others in their order', () => {
  const read = defined({ a: 1, b: undefined, c: null, d: 0, e: '', f: false });
  expect(read).toEqual({ a: 1, c: null, d: 0, e: '', f: false });
  expect(Object.keys(read)).toEqual(['a', 'c', 'd', 'e', 'f']);
  expect('b' in read).toBe(false);
});

test('money reads whole sums sent as decimal strings exactly, and leaves every other form to the schema', () => {
  expect(money('113850')).toBe(113850);
  expect(money('113850.00')).toBe(113850);
  expect(money('113850.0')).toBe(113850);
  expect(money(113850)).toBe(113850);
  for (const unread of ['113850.50', '113 850', '1e5', '-100', '', ' 100', '0x10', '1234567890123456']) expect(money(unread)).toBe(unread);
});

test('latinName writes Uzbek and typographic apostrophes as the passport’s ASCII one', () => {
  expect(latinName('Gʻulomov')).toBe("G'ulomov");
  expect(latinName('O‘ktamov')).toBe("O'ktamov");
  expect(latinName('Ma’rufov')).toBe("Ma'rufov");
  expect(latinName('Qurʼon')).toBe("Qur'on");
  expect(latinName(7)).toBe(7);
});
