import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('format', () => {
  it('groups thousands with spaces', () => {
    expect(formatPrice(1234567)).toBe('1 234 567');
    expect(formatPrice(999)).toBe('999');
    expect(formatPrice(0)).toBe('0');
    expect(formatPrice(1000.6)).toBe('1 001');
  });

  it('answers what Intl.NumberFormat answers for whole amounts, negative ones too', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    for (const amount of [1, 12, 123, 1234, 12345, 123456, 1234567, 98765432109, -5, -1234, -1234567, 999.5, 1e15]) {
      expect(formatPrice(amount), String(amount)).toBe(intl.format(Math.round(amount)).replace(/,/g, ' ').replace('-', '\u2212'));
    }
  });

  it('writes a discount with a minus sign, not a hyphen', () => {
    expect(formatPrice(-168_000)).toBe('\u2212168 000');
    expect(formatPrice(-0.4)).toBe('0');
  });

});
