import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePo } from './conformance';
import { productTests, registeredProducts } from './product-tests';

/**
 * Every folder of products/ with a product.ts is a product; each runs the shared conformance suite
 * (docs/conventions.md "One shared conformance suite"), so a new product is checked without a line written for it.
 */
const products = registeredProducts();

describe('the product registry', () => {
  it('finds the product folders, each named by its own id', () => {
    expect(products.length).toBeGreaterThan(0);
    for (const { manifest, definition } of products) {
      expect(definition.id, manifest.id).toBe(manifest.id);
      expect(definition.title).toBe(manifest.title);
    }
  });

  it('names every product shortly for the header\'s row on a phone, in each language', () => {
    for (const lang of ['uz', 'en', 'ru']) {
      const catalog = parsePo(readFileSync(`locales/${lang}/products.po`, 'utf8'));
      for (const { manifest } of products) {
        const short = catalog.get(manifest.shortTitle) ?? '';
        // About 200 px of a pill at 14 px: two of them and a part of a third show on a 390 px phone.
        expect(short.length, `${lang} ${manifest.shortTitle}`).toBeGreaterThan(0);
        expect(short.length, `${lang} ${manifest.shortTitle}: "${short}"`).toBeLessThanOrEqual(24);
      }
    }
  });

  it('gives every product its own pages and API paths', () => {
    // A product has a site page, a webview page or both (an app-only product has no site page).
    for (const { manifest } of products) expect(manifest.routes.page ?? manifest.routes.webview, manifest.id).toBeDefined();
    const pages = products.flatMap(({ manifest }) => [manifest.routes.page, manifest.routes.webview].filter((page) => page !== undefined));
    expect(new Set(pages).size).toBe(pages.length);
    for (const page of pages) expect(page).toMatch(/^\/[a-z0-9-]+(\/[a-z0-9-]+)*$/);
    const calls = products.flatMap(({ manifest }) => Object.values(manifest.calls));
    expect(new Set(calls).size).toBe(calls.length);
    for (const path of calls) expect(path).toMatch(/^\/[A-Za-z0-9_/-]+$/);
  });
});

for (const { definition, samples } of products) productTests(definition, samples);
