import { expect, test } from 'vitest';
import { defined } from './request-reader';

test('defined drops undefined members only, keeping the others in their order', () => {
  const read = defined({ a: 1, b: undefined, c: null, d: 0, e: '', f: false });
  expect(read).toEqual({ a: 1, c: null, d: 0, e: '', f: false });
  expect(Object.keys(read)).toEqual(['a', 'c', 'd', 'e', 'f']);
  expect('b' in read).toBe(false);
});
