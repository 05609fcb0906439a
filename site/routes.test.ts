import { describe, expect, it } from 'vitest';
import { productGroups } from '../products/kit/define/define';
import { claimProducts, products, siteProductGroups, siteProducts } from './products';
import { claimProductIds } from './claim-flows';
import { expandRoutes, matchRoute, routes } from './routes';

describe('route table', () => {
  it('lists every path once', () => {
    const paths = routes.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('routes every product page its manifest names, and links (home page, header) only to site pages', () => {
    for (const { manifest } of products) {
      const named = [manifest.routes.page, manifest.routes.webview].filter((path) => path !== undefined).map((path) => `${path}/:ad?`);
      expect(routes.filter((r) => r.product === manifest.id && r.flow === undefined).map((r) => r.path), manifest.id).toEqual(named);
    }
    expect(siteProducts.map((p) => p.id).sort()).toEqual(products.filter((p) => p.manifest.routes.page !== undefined).map((p) => p.manifest.id).sort());
    // Listed by group (the menu's and the home page's order), by rank within it: OSAGO leads the car products.
    const places = siteProducts.map((p) => productGroups.indexOf(p.group) * 100 + p.rank);
    expect(places).toEqual([...places].sort((a, b) => a - b));
    expect(siteProductGroups[0]?.products[0]?.id).toBe('osago');
    expect(siteProductGroups.flatMap((g) => g.products.map((p) => p.id))).toEqual(siteProducts.map((p) => p.id));
    for (const product of siteProducts) expect(product.page).toBe(product.routes.page);
  });

  it('routes a claim page for each product with a claim, in the default layout, and no other', () => {
    expect(claimProducts).toEqual(claimProductIds);
    const claims = routes.filter((r) => r.flow === 'claim');
    expect(claims.map((r) => [r.path, r.product, r.layout])).toEqual(claimProducts.map((id) => [`/insurance-event/${id}`, id, 'default']));
    const unclaimed = products.find(({ manifest }) => !claimProducts.includes(manifest.id))?.manifest.id ?? 'no-such-product';
    expect(matchRoute(`/en/insurance-event/${unclaimed}`)?.route.entry.path).toBe('*');
  });

  it('expands each route to /uz, /en, /ru and an unprefixed variant', () => {
    const expanded = expandRoutes();
    expect(expanded).toHaveLength(routes.length * 4);
    const travel = expanded.filter((r) => r.entry.path === '/travel/:ad?').map((r) => [r.kind, r.path]);
    expect(travel).toEqual([
      ['page', '/uz/travel/:ad?'],
      ['page', '/en/travel/:ad?'],
      ['page', '/ru/travel/:ad?'],
      ['redirect', '/travel/:ad?'],
    ]);
    const home = expanded.filter((r) => r.entry.path === '/').map((r) => r.path);
    expect(home).toEqual(['/uz', '/en', '/ru', '/']);
  });

  it('matches the issue routes, with and without the optional parameter', () => {
    const cases: [string, string, string | null][] = [
      ['/', '/', null],
      ['/en', '/', 'en'],
      ['/en/travel', '/travel/:ad?', 'en'],
      ['/ru/travel/neo', '/travel/:ad?', 'ru'],
      ['/uz/mobile/travel', '/mobile/travel/:ad?', 'uz'],
      ['/uz/housing', '/housing/:ad?', 'uz'],
      ['/en/mobile/housing/neo', '/mobile/housing/:ad?', 'en'],
      ['/ru/thank-you', '/thank-you/:contractId?', 'ru'],
      ['/ru/thank-you/123', '/thank-you/:contractId?', 'ru'],
      ['/en/no-such-page', '*', 'en'],
    ];
    for (const [pathname, pattern, lang] of cases) {
      const match = matchRoute(pathname);
      expect(match?.route.entry.path, pathname).toBe(pattern);
      expect(match?.route.kind === 'page' ? match.route.lang : 'redirect', pathname).toBe(lang);
    }
    expect(matchRoute('/travel')?.route.kind).toBe('redirect');
    expect(matchRoute('/no-such-page')?.route).toMatchObject({ kind: 'page', lang: null });
  });

  it('validates parameters: odd ad values and contract ids are not pages', () => {
    const travel = routes.find((r) => r.path === '/travel/:ad?');
    const thankYou = routes.find((r) => r.path === '/thank-you/:contractId?');
    expect(travel?.validate?.({})).toBe(true);
    expect(travel?.validate?.({ ad: 'neo' })).toBe(true);
    expect(travel?.validate?.({ ad: 'neo<script>' })).toBe(false);
    expect(thankYou?.validate?.({ contractId: 'TR-2026-0001' })).toBe(true);
    expect(thankYou?.validate?.({ contractId: 'x'.repeat(65) })).toBe(false);
  });

  it('gives each product page its product and layout', () => {
    expect(matchRoute('/en/mobile/travel')?.route.entry).toMatchObject({ product: 'travel', layout: 'webview' });
    expect(matchRoute('/en/housing')?.route.entry).toMatchObject({ product: 'home', layout: 'default' });
  });
});
