import { describe, expect, it } from 'vitest';
import { foldText, searchable, searchOptions } from './option-search';

const list = (texts: string[]) => texts.map((text) => searchable(text, text, 'en'));

describe('option search', () => {
  const models = list(['Spark', 'Nexia 3', 'Cobalt', 'Lacetti', 'Onix', 'Tracker 2', 'Captiva 5', 'Malibu 2', 'Equinox', 'Damas', 'Labo']);

  it('folds case, marks, spaces and punctuation away', () => {
    expect(foldText('Nexia-3', 'en')).toBe('nexia3');
    expect(foldText('Škoda Oʻktam', 'uz')).toBe('skodaoktam');
    expect(foldText('1.5 LTZ AT', 'en')).toBe('15ltzat');
    expect(foldText('КОБАЛЬТ', 'ru')).toBe('кобальт');
  });

  it('finds an option by a part of its name, however it is typed', () => {
    expect(searchOptions(models, 'cob', 'en')).toEqual(['Cobalt']);
    expect(searchOptions(models, 'NEXIA3', 'en')).toEqual(['Nexia 3']);
    expect(searchOptions(models, 'nexia 3', 'en')).toEqual(['Nexia 3']);
    expect(searchOptions(models, 'xyz', 'en')).toEqual([]);
  });

  it('puts names that start with the query first, then word starts, then the rest, else in list order', () => {
    const trims = list(['LT AT', '1.5 LTZ AT', 'Premier AT', 'LTZ MT', 'Redline']);
    expect(searchOptions(trims, 'ltz', 'en')).toEqual(['LTZ MT', '1.5 LTZ AT']);
    expect(searchOptions(trims, 'at', 'en')).toEqual(['LT AT', '1.5 LTZ AT', 'Premier AT']);
    expect(searchOptions(models, 'a', 'en')).toEqual(['Spark', 'Nexia 3', 'Cobalt', 'Lacetti', 'Tracker 2', 'Captiva 5', 'Malibu 2', 'Damas', 'Labo']);
    expect(searchOptions(list(['Ascent', 'Camry']), 'c', 'en')).toEqual(['Camry', 'Ascent']);
  });

  it('asks every word of the query to be found', () => {
    const trims = list(['1.5 LTZ AT', '1.5 LT MT', 'LTZ Plus MT']);
    expect(searchOptions(trims, 'ltz at', 'en')).toEqual(['1.5 LTZ AT']);
    expect(searchOptions(trims, 'mt lt', 'en')).toEqual(['1.5 LT MT', 'LTZ Plus MT']);
  });

  it('matches everything, in order, for an empty query', () => {
    expect(searchOptions(models, '  ', 'en')).toHaveLength(models.length);
  });

  it('searches a few hundred options quickly', () => {
    const many = list(Array.from({ length: 500 }, (_, i) => `Model ${i} Trim ${i % 7} AT`));
    const started = performance.now();
    for (const query of ['m', 'mo', 'mod', 'model 4', 'model 49', 'trim 3 at']) searchOptions(many, query, 'en');
    expect(performance.now() - started).toBeLessThan(50);
    expect(searchOptions(many, 'model 499', 'en')).toEqual(['Model 499 Trim 2 AT']);
  });
});
