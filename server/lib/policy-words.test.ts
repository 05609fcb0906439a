import { describe, expect, it } from 'vitest';
import { policyText } from '../../products/kit/sale/sale';
import { policyWords } from './policy-words';

describe('the policy words, read from the site catalogs', () => {
  const words = policyWords();

  it('gives a message in Uzbek and Russian as the page shows it', () => {
    expect(words('home.program.6')).toBe('Eksklyuziv / Эксклюзив');
    expect(words('casco.program.2')).toBe('Komfort / Комфорт');
  });

  it('fills placeholders as the page does', () => {
    expect(words('casco.summary.risk_sum.accident', { sum: '1 000 000' })).toBe('Baxtsiz hodisa, 1 000 000 soʻm / Несчастный случай, 1 000 000 сум');
  });

  it('writes a message once when both languages spell it alike', () => {
    expect(words('engine.option.payme')).toBe('Payme');
    expect(words('mini-casco.program.3')).toBe('Premium / Премиум');
  });

  it('answers nothing for an id no catalog holds, and a fixed id must be there', () => {
    expect(words('home.program.99')).toBeUndefined();
    expect(() => policyText({ words }, 'home.program.99')).toThrow(/home\.program\.99/);
  });
});
