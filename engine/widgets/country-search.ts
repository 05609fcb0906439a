import { regionName } from '../ui';

/**
 * Names people type for a country that its name in the page's language does not hold: the common
 * English, Russian and Uzbek short forms (`USA`, `США`, `AQSH`), former names (`Turkey` for Türkiye,
 * `Czech Republic`) and a main city many know it by (`Dubai`). Keyed by ISO 3166-1 alpha-2.
 */
const aliases: Readonly<Record<string, readonly string[]>> = {
  US: ['USA', 'America', 'США', 'Америка', 'AQSH', 'Amerika'],
  GB: ['UK', 'England', 'Britain', 'Англия', 'Британия', 'Angliya', 'Britaniya'],
  AE: ['UAE', 'Emirates', 'Dubai', 'ОАЭ', 'Эмираты', 'Дубай', 'BAA', 'Amirliklar', 'Dubay'],
  TR: ['Turkey', 'Турция', 'Turkiya'],
  KR: ['Korea', 'Корея', 'Koreya'],
  KP: ['North Korea', 'КНДР'],
  CZ: ['Czech Republic', 'Чехия', 'Chexiya'],
  NL: ['Holland', 'Голландия', 'Gollandiya'],
  RU: ['Russia', 'Россия', 'Rossiya', 'РФ'],
  DE: ['Germany', 'Германия', 'Germaniya'],
  CN: ['China', 'Китай', 'Xitoy'],
  SA: ['Saudi', 'Саудовская', 'Saudiya'],
  MV: ['Maldives', 'Мальдивы'],
};

/**
 * What a country is found by besides the name it is shown with: its code, its English name (the
 * browser knows English region names in every build) and the names in `aliases`.
 */
export function countrySearchText(code: string): string {
  return [code, regionName(code, 'en') ?? '', ...(aliases[code] ?? [])].join(' ');
}
