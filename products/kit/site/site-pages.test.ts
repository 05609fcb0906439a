import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, detectLang, matchPagePath, sitePages } from './site-pages';

const manifests = [
  { id: 'travel', routes: { page: '/travel', webview: '/mobile/travel' } },
  { id: 'home', routes: { page: '/housing', webview: '/mobile/housing' } },
];

const addresses = [
  '/', '//', '/travel', '/travel/', '/TRAVEL', '/travel/neo', '/travel/neo/', '/travel/neo/extra', '/travel/%6Eeo', '/travel/%E0%A4%A',
  '/mobile/travel', '/mobile/travel/neo', '/housing/a-b_c', '/thank-you', '/thank-you/42', '/thank-you/42/x', '/thank-youx', '/travelx', '/x/travel',
];

describe('matchPagePath', () => {
  it("answers what react-router's matchPath answers for every page of the site", () => {
    for (const page of sitePages(manifests)) {
      if (page.path === '*') continue;
      for (const address of addresses) {
        const theirs = matchPath({ path: page.path, end: true }, address);
        const ours = matchPagePath(page.path, address);
        const expected = theirs ? Object.fromEntries(Object.entries(theirs.params).filter(([, value]) => value !== undefined)) : null;
        expect(ours, `${page.path} ← ${address}`).toEqual(expected);
      }
    }
  });
});

describe('sitePages', () => {
  it('gives a product only the pages its manifest names: a site page, a webview page or both', () => {
    const pages = sitePages([
      ...manifests,
      { id: 'app-only', routes: { webview: '/mobile/app-only' } },
      { id: 'site-only', routes: { page: '/site-only' } },
    ]);
    const of = (id: string) => pages.filter((page) => page.product === id).map((page) => [page.path, page.layout]);
    expect(of('travel')).toEqual([['/travel/:ad?', 'default'], ['/mobile/travel/:ad?', 'webview']]);
    expect(of('app-only')).toEqual([['/mobile/app-only/:ad?', 'webview']]);
    expect(of('site-only')).toEqual([['/site-only/:ad?', 'default']]);
    expect(pages.some((page) => page.path.includes('undefined'))).toBe(false);
  });
});

describe('the languages of a request', () => {
  it('reads Accept-Language most wanted first, leaving out what is refused or malformed', () => {
    expect(acceptedLanguages('ru-RU,ru;q=0.9,en-US;q=0.8,en;q=0.7')).toEqual(['ru-RU', 'ru', 'en-US', 'en']);
    expect(acceptedLanguages('de;q=0.5, en;q=0.9, uz')).toEqual(['uz', 'en', 'de']);
    expect(acceptedLanguages('ru;q=0, en;q=abc, uz;q=0.1')).toEqual(['uz']);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(',,;q=1, \u0000')).toEqual(['\u0000']);
  });

  it('detects as the browser does: the path, the lang cookie, the browser languages, Uzbek', () => {
    expect(detectLang({ pathname: '/', cookie: 'lang=ru', browser: acceptedLanguages('en') })).toBe('ru');
    expect(detectLang({ pathname: '/', cookie: '', browser: acceptedLanguages('de, en-GB;q=0.8') })).toBe('en');
    expect(detectLang({ pathname: '/', cookie: 'lang=xx', browser: acceptedLanguages('de') })).toBe('uz');
  });
});
