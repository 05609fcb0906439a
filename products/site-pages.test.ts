import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { matchPagePath, sitePages } from './site-pages';

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
