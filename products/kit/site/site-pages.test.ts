import { matchPath } from 'react-router';
import { describe, expect, it } from 'vitest';
import { acceptedLanguages, afterSignIn, claimPath, detectLang, findSitePage, isCabinetPage, loginAddress, matchPagePath, prerendered, sitePages } from './site-pages';

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

describe('the insurance-event pages', () => {
  const manifests = [{ id: 'osago', routes: { page: '/osago' } }, { id: 'travel', routes: { page: '/travel' } }];
  it('a page for each product with a claim, drawn at build; another product, or a product that is none, is no page', () => {
    const pages = sitePages(manifests, ['osago', 'ghost']);
    expect(findSitePage('/ru/insurance-event/osago', pages)?.page).toEqual({ path: '/insurance-event/osago', kind: 'claim', layout: 'default', product: 'osago', flow: 'claim' });
    expect(findSitePage('/en/insurance-event/osago', pages)?.page.path).toBe(claimPath('osago'));
    for (const other of ['travel', 'ghost', 'OSAGO%00', '']) expect(findSitePage(`/en/insurance-event/${other}`, pages), other).toBeNull();
    expect(pages.filter((page) => page.kind === 'claim').every(prerendered)).toBe(true);
  });
});

describe('the cabinet\'s addresses', () => {
  const pages = sitePages([]);
  it('its pages in the page list, in the dashboard layout; a policy or claim id must be a uuid, anything else is no page', () => {
    for (const path of ['/login', '/dashboard', '/dashboard/edit-profile', '/dashboard/policies', '/dashboard/applications', '/dashboard/referals']) {
      expect(findSitePage(`/uz${path}`, pages)?.page.layout, path).toBe('dashboard');
    }
    const id = '0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60';
    expect(findSitePage(`/ru/dashboard/policies/${id}`, pages)?.page.kind).toBe('policy-info');
    expect(findSitePage(`/ru/dashboard/applications/${id.toUpperCase()}`, pages)?.page.kind).toBe('application-info');
    for (const bad of ['1', 'policy', `${id}x`, "1' or 1=1", '%00']) expect(findSitePage(`/en/dashboard/policies/${bad}`, pages), bad).toBeNull();
    // Drawn at build as every visitor first sees them, but for the pages of one policy or claim.
    expect(pages.filter((page) => page.layout === 'dashboard' && !prerendered(page)).map((page) => page.path)).toEqual(['/dashboard/policies/:_id', '/dashboard/applications/:_id']);
    expect(pages.filter((page) => page.layout !== 'dashboard').every(prerendered)).toBe(true);
    expect(pages.filter((page) => isCabinetPage(page)).map((page) => page.path)).not.toContain('/login');
  });

  it('signed out, the sign-in page names the address to come back to', () => {
    expect(loginAddress('uz', '/uz/dashboard/policies?x=1&y=2')).toBe('/uz/login?next=%2Fuz%2Fdashboard%2Fpolicies%3Fx%3D1%26y%3D2');
  });

  it('signed in, the client goes to `next` only when it is a cabinet address of this site or a renewal', () => {
    expect(afterSignIn('uz', '/uz/dashboard/policies?x=1')).toBe('/uz/dashboard/policies?x=1');
    expect(afterSignIn('uz', '/ru/dashboard')).toBe('/ru/dashboard');
    expect(afterSignIn('en', '/en/dashboard/policies/0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60')).toBe('/en/dashboard/policies/0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60');
    // A renewal started signed out goes on.
    expect(afterSignIn('uz', '/uz/travel?renew=0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60')).toBe('/uz/travel?renew=0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60');
    expect(afterSignIn('en', '/en/mobile/osago?renew=0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60')).toBe('/en/mobile/osago?renew=0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60');
    for (const elsewhere of [
      null, undefined, '', 'dashboard', 'https://evil.example/uz/dashboard', '//evil.example/uz/dashboard', '/\\evil.example/uz/dashboard', '/uz/dashboard\\@evil',
      'javascript:alert(1)', '/uz/travel', '/uz/dashboardx', '/de/dashboard', '/uz/dashboard\n', '/uz/dashboard/\u0000', `/uz/dashboard/${'a'.repeat(600)}`,
      '/uz/dashboard/../travel', '/uz/travel?renew=1', '/uz/travel?renew=0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60x', '/travel?renew=0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60',
      '//evil.example/uz/travel?renew=0b6f5d3e-7c1a-4a7e-9e2f-1d2c3b4a5f60',
    ]) {
      expect(afterSignIn('uz', elsewhere), String(elsewhere)).toBe('/uz/dashboard');
    }
  });
});
