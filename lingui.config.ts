import type { LinguiConfig } from '@lingui/conf';

/**
 * Catalogs are kept by hand with explicit message ids: most ids live in data (definitions,
 * schemas' errorMessage, price lines), which no extractor can see. One catalog per area so each
 * area's messages sit beside each other; `lingui compile --strict` fails on any missing translation.
 */
const config: LinguiConfig = {
  locales: ['uz', 'en', 'ru'],
  sourceLocale: 'en',
  fallbackLocales: { default: 'en' },
  catalogs: ['engine', 'site', 'travel', 'home'].map((area) => ({
    path: `<rootDir>/locales/{locale}/${area}`,
    include: [],
  })),
  format: 'po',
  compileNamespace: 'es',
};

export default config;
