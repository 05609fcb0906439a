import { describe, expect, it } from 'vitest';
import { countrySearchText } from './country-search';
import { searchable, searchOptions } from './option-search';

/** Countries as the page shows them in `locale`, searchable as the countries field searches them. */
const countries = (locale: string, labels: Record<string, string>) =>
  Object.entries(labels).map(([code, label]) => searchable(code, `${label} ${countrySearchText(code)}`, locale));

describe('country search', () => {
  it('finds a country by the names people type, not only by the one it is shown with', () => {
    const en = countries('en', { TR: 'Türkiye', US: 'United States', AE: 'United Arab Emirates', GB: 'United Kingdom', AU: 'Australia', RU: 'Russia' });
    expect(searchOptions(en, 'Turkey', 'en')).toEqual(['TR']);
    expect(searchOptions(en, 'tur', 'en')).toEqual(['TR']);
    expect(searchOptions(en, 'turkiye', 'en')).toEqual(['TR']);
    expect(searchOptions(en, 'usa', 'en')).toEqual(['US']);
    expect(searchOptions(en, 'UAE', 'en')).toEqual(['AE']);
    expect(searchOptions(en, 'dubai', 'en')).toEqual(['AE']);
    // A short query still puts the country it names first.
    expect(searchOptions(en, 'us', 'en')[0]).toBe('US');

    const ru = countries('ru', { US: 'Соединенные Штаты', AE: 'ОАЭ', TR: 'Турция', GB: 'Великобритания' });
    expect(searchOptions(ru, 'США', 'ru')).toEqual(['US']);
    expect(searchOptions(ru, 'америка', 'ru')).toEqual(['US']);
    expect(searchOptions(ru, 'Эмираты', 'ru')).toEqual(['AE']);
    expect(searchOptions(ru, 'англия', 'ru')).toEqual(['GB']);

    const uz = countries('uz', { US: 'Amerika Qoʻshma Shtatlari', AE: 'Birlashgan Arab Amirliklari', TR: 'Turkiya' });
    expect(searchOptions(uz, "qo'shma", 'uz')).toEqual(['US']);
    expect(searchOptions(uz, 'AQSH', 'uz')).toEqual(['US']);
    expect(searchOptions(uz, 'BAA', 'uz')).toEqual(['AE']);
  });
});
