import config from './lingui.config';

/**
 * `npm run i18n:check`: the same catalogs with no fallback, so `lingui compile --strict` fails
 * on any message a language lacks. The page itself falls back to English (lingui.config.ts).
 */
export default { ...config, fallbackLocales: false as const };
