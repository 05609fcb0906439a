import { addressInLanguage, detectLang, isSiteLanguage, langCookie, langCookieMaxAgeSeconds, langFromBrowser, langFromCookie, langOfPath, siteLanguages, type LanguageSources, type SiteLanguage } from '../products/kit/site/site-pages';

/** Site languages in the order the language switch shows them; the first is the default. */
export const languages = siteLanguages;
export type Lang = SiteLanguage;

export const defaultLang: Lang = languages[0];
export { langCookie };

export const isLang: (value: unknown) => value is Lang = isSiteLanguage;

/** The language of a `/uz/...`-style path, or null for an unprefixed path (read as the server reads it). */
export const langFromPath: (pathname: string) => Lang | null = langOfPath;

export { detectLang, langFromBrowser, langFromCookie, type LanguageSources };

export function langCookieValue(lang: Lang): string {
  return `${langCookie}=${lang}; Max-Age=${langCookieMaxAgeSeconds}; Path=/; SameSite=Lax`;
}

/** Detects the visitor's language from the live document. */
export function detectBrowserLang(pathname: string = window.location.pathname): Lang {
  return detectLang({ pathname, cookie: document.cookie, browser: navigator.languages ?? [navigator.language] });
}

export function saveLang(lang: Lang): void {
  document.cookie = langCookieValue(lang);
}

/** `path` (unprefixed, starting with `/`) under the language prefix. */
export function localePath(lang: Lang, path: string): string {
  return path === '/' ? `/${lang}` : `/${lang}${path}`;
}

/** The same location in another language: swaps or adds the prefix, keeps query and hash. */
export function switchLangPath(lang: Lang, location: { pathname: string; search: string; hash: string }): string {
  return addressInLanguage(lang, location.pathname + location.search + location.hash);
}
