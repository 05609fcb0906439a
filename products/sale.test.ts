import { describe, expect, it } from 'vitest';
import { requireDistinctPeople, requireOfAge } from './sale';

describe('the people a policy names', () => {
  it('takes a policyholder from their 18th birthday', () => {
    expect(() => requireOfAge('2008-06-15', '2026-06-15', '/payer/birthday')).not.toThrow();
    expect(() => requireOfAge('2008-06-16', '2026-06-15', '/payer/birthday')).toThrow(expect.objectContaining({ status: 422, field: '/payer/birthday' }));
  });

  it('names the second entry of a person already on the policy, at the list\'s own number field', () => {
    expect(() => requireDistinctPeople(['AA1234567', 'AB7654321'], '/insureds')).not.toThrow();
    expect(() => requireDistinctPeople(['AA1234567', 'AB7654321', 'AA1234567'], '/insureds')).toThrow(expect.objectContaining({ status: 400, field: '/insureds/2/passport_number' }));
    expect(() => requireDistinctPeople(['AA1234567', 'AA1234567'], '/drivers', 'passport__number')).toThrow(expect.objectContaining({ field: '/drivers/1/passport__number' }));
  });
});
