import { langOfPath, siteLanguages, type SiteLanguage } from '../products/site-pages';

/** Site languages in the order the language switch shows them; the first is the default. */
export const languages = siteLanguages;
export type Lang = SiteLanguage;

export const defaultLang: Lang = languages[0];
export const langCookie = 'lang';
const cookieMaxAgeSeconds = 365 * 24 * 60 * 60;

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The language of a `/uz/...`-style path, or null for an unprefixed path (read as the server reads it). */
export const langFromPath: (pathname: string) => Lang | null = langOfPath;

export function langFromCookie(cookie: string): Lang | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === langCookie && isLang(value)) return value;
  }
  return null;
}

/** First browser language whose primary subtag we serve (`ru-RU` → ru, `uz-Latn-UZ` → uz). */
export function langFromBrowser(preferred: readonly string[]): Lang | null {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isLang(primary)) return primary;
  }
  return null;
}

export interface LanguageSources {
  pathname: string;
  cookie: string;
  browser: readonly string[];
}

/** Spec §2: path prefix → `lang` cookie → browser language list → uz. */
export function detectLang({ pathname, cookie, browser }: LanguageSources): Lang {
  return langFromPath(pathname) ?? langFromCookie(cookie) ?? langFromBrowser(browser) ?? defaultLang;
}

export function langCookieValue(lang: Lang): string {
  return `${langCookie}=${lang}; Max-Age=${cookieMaxAgeSeconds}; Path=/; SameSite=Lax`;
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
  const current = langFromPath(location.pathname);
  const rest = current ? location.pathname.slice(current.length + 1) : location.pathname;
  const unprefixed = rest === '' ? '/' : rest;
  return localePath(lang, unprefixed) + location.search + location.hash;
}
