import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { languages, type Lang } from './language';
import { claimProducts, products } from './products';
import { notFoundPath, pageParamsValid, serverDrawn, sitePages, type LayoutId, type PageKind, type SitePage } from '../products/kit/site/site-pages';
import NotFoundPage from './pages/not-found-page';

/**
 * THE route table of requirements §2. Every route is listed once, without the language prefix; optional
 * segments (`:ad?`) cover the bare path too (`/travel` and `/travel/neo`). `expandRoutes` derives
 * the `/uz`, `/en`, `/ru` variants and the unprefixed paths that redirect to the detected prefix.
 */

export type { LayoutId };
export type Params = Readonly<Record<string, string | undefined>>;
export type PageModule = { default: ComponentType };

export interface RouteEntry extends Omit<SitePage, 'kind' | 'params'> {
  /** Lazy page module; code-split per page. */
  page: () => Promise<PageModule>;
  /** False → a 404 `Page Not Found: {path}`. */
  validate?: (params: Params) => boolean;
  /**
   * The server sends the page whole and without script (`serverDrawn`): an address of it the
   * browser reaches without a language is loaded from the server once prefixed, so what the server
   * writes in (the Paynet page's answer to `?order=`, the thank-you page's contract) is there.
   */
  serverDrawn?: boolean;
}

/** Bundled with the shell: the 404 also renders from error boundaries, even when chunks are gone. */
const notFoundPage = async (): Promise<PageModule> => ({ default: NotFoundPage });

const pageModules: Record<PageKind, () => Promise<PageModule>> = {
  home: () => import('./pages/home-page'),
  product: () => import('./pages/product-page'),
  claim: () => import('./claim/claim-page'),
  'thank-you': () => import('./pages/thank-you-page'),
  paynet: () => import('./pages/paynet-page'),
  'not-found': notFoundPage,
  login: () => import('./cabinet/login-page'),
  'user-info': () => import('./cabinet/profile-page'),
  'edit-profile': () => import('./cabinet/edit-profile-page'),
  'my-policies': () => import('./cabinet/policies-page'),
  'policy-info': () => import('./cabinet/policy-page'),
  'my-applications': () => import('./cabinet/applications-page'),
  'application-info': () => import('./cabinet/application-page'),
  'my-referals': () => import('./cabinet/referrals-page'),
};

export { notFoundPath };

/** THE route table: the shared page list (products/kit/site/site-pages.ts, which the server also reads) with each page's module. */
export const routes: readonly RouteEntry[] = sitePages(products.map((product) => product.manifest), claimProducts).map(({ kind, params, ...page }) => ({
  ...page,
  page: pageModules[kind],
  ...(params ? { validate: (values: Params) => pageParamsValid({ params }, values) } : {}),
  ...(serverDrawn({ kind }) ? { serverDrawn: true } : {}),
}));

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
