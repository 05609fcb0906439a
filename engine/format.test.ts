import { describe, expect, it } from 'vitest';
import { applyDiscount, formatPrice } from './format';

describe('format', () => {
  it('groups thousands with spaces', () => {
    expect(formatPrice(1234567)).toBe('1 234 567');
    expect(formatPrice(999)).toBe('999');
    expect(formatPrice(0)).toBe('0');
    expect(formatPrice(1000.6)).toBe('1 001');
  });

  it('takes a percentage off', () => {
    expect(applyDiscount(200_000, 10)).toBe(180_000);
    expect(applyDiscount(99_999, 15)).toBe(84_999);
    expect(applyDiscount(5000, 0)).toBe(5000);
  });
});
