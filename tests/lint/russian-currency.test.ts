/**
 * The Russian pages write the currency as every price shows it, "сум" (`engine.currency`), after
 * any number: "от 2 000 сумов" on a card beside "2 000 сум" in the price box reads as two words
 * for one currency.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePo } from '../../products/kit/testing/conformance';

/** "сум" inflected (сумов, сума, суммы is another word), not inside a longer word. */
const inflected = /(?<![а-яё])сум(?:ов|а|у|ы|ом|ами|ах)(?![а-яё])/iu;

describe('the currency in Russian', () => {
  it('reads the rule right', () => {
    expect(inflected.exec('от 2 000 сумов в год')?.[0]).toBe('сумов');
    expect(inflected.test('до 44 млн сума')).toBe(true);
    expect(inflected.test('от 2 000 сум в год; страховая сумма, суммы, сумму')).toBe(false);
  });

  it('is "сум" in every Russian catalog, as the price box writes it', () => {
    expect(parsePo(readFileSync('locales/ru/engine.po', 'utf8')).get('engine.currency')).toBe('сум');
    const problems = readdirSync('locales/ru')
      .filter((file) => file.endsWith('.po'))
      .flatMap((file) => [...parsePo(readFileSync(join('locales/ru', file), 'utf8'))].filter(([, text]) => inflected.test(text)).map(([id, text]) => `${file}: ${id}: ${text}`));
    expect(problems).toEqual([]);
  });
});
