import { describe, expect, it } from 'vitest';
import { detectLang, langCookieValue, langFromBrowser, langFromCookie, localePath, switchLangPath } from './language';

describe('language detection', () => {
  it('takes the path prefix first', () => {
    expect(detectLang({ pathname: '/ru/travel', cookie: 'lang=en', browser: ['uz-UZ'] })).toBe('ru');
  });

  it('then the lang cookie', () => {
    expect(detectLang({ pathname: '/travel', cookie: 'a=1; lang=en; b=2', browser: ['ru-RU'] })).toBe('en');
  });

  it('ignores a cookie with an unknown language', () => {
    expect(langFromCookie('lang=de')).toBeNull();
    expect(detectLang({ pathname: '/', cookie: 'lang=de', browser: ['ru-RU', 'en'] })).toBe('ru');
  });

  it('then the first served browser language', () => {
    expect(langFromBrowser(['de-DE', 'uz-Latn-UZ', 'ru'])).toBe('uz');
    expect(langFromBrowser(['EN-gb'])).toBe('en');
  });

  it('falls back to uz', () => {
    expect(detectLang({ pathname: '/', cookie: '', browser: ['de', 'fr'] })).toBe('uz');
  });

  it('writes a 365-day, site-wide, SameSite=Lax cookie', () => {
    expect(langCookieValue('ru')).toBe('lang=ru; Max-Age=31536000; Path=/; SameSite=Lax');
  });
});

describe('language paths', () => {
  it('prefixes paths', () => {
    expect(localePath('en', '/')).toBe('/en');
    expect(localePath('uz', '/travel')).toBe('/uz/travel');
  });

  it('switches language keeping page, query and hash', () => {
    const location = { pathname: '/en/travel/neo', search: '?ad=neo&step=tourists', hash: '#form' };
    expect(switchLangPath('ru', location)).toBe('/ru/travel/neo?ad=neo&step=tourists#form');
    expect(switchLangPath('uz', { pathname: '/en', search: '', hash: '' })).toBe('/uz');
    expect(switchLangPath('en', { pathname: '/', search: '', hash: '' })).toBe('/en');
    expect(switchLangPath('ru', { pathname: '/housing', search: '?step=program', hash: '' })).toBe('/ru/housing?step=program');
  });
});
