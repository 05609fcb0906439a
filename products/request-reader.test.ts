import { expect, test } from 'vitest';
import { defined, either, latinName, money } from './request-reader';

test('defined drops what was not sent (undefined, null), keeping the others in their order', () => {
  const read = defined({ a: 1, b: undefined, c: null, d: 0, e: '', f: false });
  expect(read).toEqual({ a: 1, d: 0, e: '', f: false });
  expect(Object.keys(read)).toEqual(['a', 'd', 'e', 'f']);
  expect('b' in read || 'c' in read).toBe(false);
});

test('either takes the first name a field is sent under, an empty string or null being not sent', () => {
  expect(either({ a: '', b: null, c: 'x' }, 'a', 'b', 'c')).toBe('x');
  expect(either({ a: '' }, 'a')).toBeUndefined();
  expect(either({ a: 0 }, 'a')).toBe(0);
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
