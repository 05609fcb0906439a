import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { languages, type Lang } from './language';
import { products } from './products';
import NotFoundPage from './pages/not-found-page';

/**
 * THE route table of spec §2. Every route is listed once, without the language prefix; optional
 * segments (`:ad?`) cover the bare path too (`/travel` and `/travel/neo`). `expandRoutes` derives
 * the `/uz`, `/en`, `/ru` variants and the unprefixed paths that redirect to the detected prefix.
 */

export type LayoutId = 'default' | 'webview' | 'dashboard';
export type Params = Readonly<Record<string, string | undefined>>;
export type PageModule = { default: ComponentType };

export interface RouteEntry {
  path: string;
  layout: LayoutId;
  /** Lazy page module; code-split per page. */
  page: () => Promise<PageModule>;
  /** False → a 404 `Page Not Found: {path}`. */
  validate?: (params: Params) => boolean;
  /** Defaults to true: a change of page scrolls to the top. */
  scrollToTop?: boolean;
  business?: boolean;
  /** The product whose flow the page runs (its folder name). */
  product?: string;
}

const homePage = () => import('./pages/home-page');
const productPage = () => import('./pages/product-page');
const thankYouPage = () => import('./pages/thank-you-page');
/** Bundled with the shell: the 404 also renders from error boundaries, even when chunks are gone. */
const notFoundPage = async (): Promise<PageModule> => ({ default: NotFoundPage });

/** Partner names and contract ids are short tokens; anything else cannot be a real page. */
const tokenPattern = /^[A-Za-z0-9_-]{1,64}$/;
const optionalToken = (name: string) => (params: Params) => params[name] === undefined || tokenPattern.test(params[name]);

export const notFoundPath = '*';

/** Each registered product's page and its webview twin (spec §2), both with an optional partner `{ad}`. */
const productRoutes: RouteEntry[] = products.flatMap(({ manifest }): RouteEntry[] => [
  { path: `${manifest.routes.page}/:ad?`, layout: 'default', page: productPage, product: manifest.id, validate: optionalToken('ad') },
  { path: `${manifest.routes.webview}/:ad?`, layout: 'webview', page: productPage, product: manifest.id, validate: optionalToken('ad') },
]);

export const routes: readonly RouteEntry[] = [
  { path: '/', layout: 'default', page: homePage },
  ...productRoutes,
  { path: '/thank-you/:contractId?', layout: 'default', page: thankYouPage, validate: optionalToken('contractId') },
  { path: notFoundPath, layout: 'default', page: notFoundPage },
];

export type ExpandedRoute =
  /** A page in a language (`lang` null: the bare `/` and unknown unprefixed paths, language detected). */
  | { kind: 'page'; path: string; lang: Lang | null; entry: RouteEntry }
  /** An unprefixed path that redirects to the same path under the detected prefix. */
  | { kind: 'redirect'; path: string; entry: RouteEntry };

function prefixed(lang: Lang, path: string): string {
  if (path === '/') return `/${lang}`;
  return `/${lang}${path === notFoundPath ? '/*' : path}`;
}

/** Every concrete path of the table: three prefixed variants each, plus the unprefixed ones. */
export function expandRoutes(table: readonly RouteEntry[] = routes): ExpandedRoute[] {
  const out: ExpandedRoute[] = [];
  for (const lang of languages) {
    for (const entry of table) out.push({ kind: 'page', path: prefixed(lang, entry.path), lang, entry });
  }
  for (const entry of table) {
    if (entry.path === '/' || entry.path === notFoundPath) out.push({ kind: 'page', path: entry.path, lang: null, entry });
    else out.push({ kind: 'redirect', path: entry.path, entry });
  }
  return out;
}

export interface RouteMatch {
  route: ExpandedRoute;
  params: Params;
}

/** Matches a pathname against the expanded table in the router's order (most specific first). */
export function matchRoute(pathname: string, expanded: readonly ExpandedRoute[] = expandRoutes()): RouteMatch | null {
  let fallback: RouteMatch | null = null;
  for (const route of expanded) {
    const match = matchPath({ path: route.path, end: true }, pathname);
    if (!match) continue;
    if (route.entry.path === notFoundPath) {
      // Catch-alls lose to any real route; the prefixed one beats the bare one.
      if (!fallback || (route.kind === 'page' && route.lang !== null)) fallback = { route, params: match.params };
      continue;
    }
    return { route, params: match.params };
  }
  return fallback;
}

/** The partner named by the page: the `ad` route parameter, else the `ad` query parameter. */
export function adFromLocation(location: { pathname: string; search: string }): string | null {
  const match = matchRoute(location.pathname);
  const fromRoute = match?.params.ad;
  if (fromRoute) return fromRoute;
  return new URLSearchParams(location.search).get('ad') || null;
}
