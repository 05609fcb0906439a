import { describe, expect, it } from 'vitest';
import { policyPassport } from './passport-text';

describe('a passport on a policy', () => {
  it('sets the series apart as the field shows it, a citizen\'s and a foreigner\'s, and leaves another foreign number as printed', () => {
    expect(policyPassport('AA1234567')).toBe('AA 1234567');
    expect(policyPassport('FRA1234567')).toBe('FRA 1234567');
    expect(policyPassport('C01X00T47')).toBe('C01X00T47');
    expect(policyPassport('721234567')).toBe('721234567');
  });
});
