import { readdirSync } from 'node:fs';
import type { LinguiConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-po';

/**
 * Catalogs are kept by hand with explicit message ids: most ids live in data (definitions,
 * schemas' errorMessage, price lines), which no extractor can see. One catalog per area so each
 * area's messages sit beside each other; `lingui compile --strict` fails on any missing translation.
 */
const config: LinguiConfig = {
  locales: ['uz', 'en', 'ru'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  // Every area of the source language (a product's catalog is locales/<lang>/<product id>.po).
  catalogs: readdirSync(new URL('./locales/en/', import.meta.url)).filter((f) => f.endsWith('.po')).map((f) => f.slice(0, -'.po'.length)).sort().map((area) => ({
    path: `<rootDir>/locales/{locale}/${area}`,
    include: [],
  })),
  // msgid IS the message id (`site.brand`), not English source text to hash into an id.
  format: formatter({ explicitIdAsDefault: true }),
  compileNamespace: 'es',
};

export default config;
