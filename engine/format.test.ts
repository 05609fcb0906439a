import { describe, expect, it } from 'vitest';
import { formatPrice } from './format';

describe('format', () => {
  it('groups thousands with spaces', () => {
    expect(formatPrice(1234567)).toBe('1 234 567');
    expect(formatPrice(999)).toBe('999');
    expect(formatPrice(0)).toBe('0');
    expect(formatPrice(1000.6)).toBe('1 001');
  });

});
