import type { ProductManifest } from '../products/kit/define/define';
import { findSitePage, sitePages, type SitePage } from '../products/kit/site/site-pages';

let pages: readonly SitePage[] = sitePages([]);

/**
 * The product pages whose address may name a partner (`/en/travel/neo`), set by the page's entry
 * before its first call: the site shell knows every product's (site/main.tsx), a flow page its own
 * (site/flow-main.tsx), so a flow page's scripts carry no other product's manifest.
 */
export function knowProductPages(manifests: readonly Pick<ProductManifest, 'id' | 'routes'>[]): void {
  pages = sitePages(manifests);
}

/**
 * The partner named by the page: the `ad` route parameter, else the `ad` query parameter. Read from
 * the shared page list (as the server reads it), not the router, so a flow page's scripts need none.
 */
export function adFromLocation(location: { pathname: string; search: string }): string | null {
  const fromRoute = findSitePage(location.pathname, pages)?.params.ad;
  if (fromRoute) return fromRoute;
  return new URLSearchParams(location.search).get('ad') || null;
}
