import { describe, expect, it } from 'vitest';
import type { PolicyTerms } from '../../products/kit/sale/sale';
import { unprintableInPolicy } from './printable-terms';

const terms: PolicyTerms = {
  holder: 'Vali Aliyev',
  insured: [{ name: 'Vali Aliyev', passport: 'AA1234567', birthday: '1990-05-15' }],
  beginDate: '2030-07-01',
  endDate: '2031-06-30',
  sumInsured: 12_000_000,
  currency: 'UZS',
  programName: 'Premium / Премиум',
  subject: 'Mushuk / Кошка «Barsik», 03.2024',
};

describe('a policy that could not print a character', () => {
  it('prints whole policies in both alphabets', () => {
    expect(unprintableInPolicy(terms, { nickname: 'Barsik' })).toBeNull();
  });

  it('names the request field the character came from', () => {
    const request = { owner: { name: 'Vali' }, pet: { nickname: 'Barsik 🐱' } };
    expect(unprintableInPolicy({ ...terms, subject: 'Mushuk / Кошка «Barsik 🐱», 03.2024' }, request)).toEqual({ char: '🐱', field: '/pet/nickname' });
  });

  it('names no field when the request never held it (a registry answered it)', () => {
    expect(unprintableInPolicy({ ...terms, holder: 'Vali 王' }, { nickname: 'Barsik' })).toEqual({ char: '王', field: '' });
  });
});
