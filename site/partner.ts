import { findSitePage, sitePages } from '../products/site-pages';
import { products } from './products';

const pages = sitePages(products.map((product) => product.manifest));

/**
 * The partner named by the page: the `ad` route parameter, else the `ad` query parameter. Read from
 * the shared page list (as the server reads it), not the router, so a flow page's scripts need none.
 */
export function adFromLocation(location: { pathname: string; search: string }): string | null {
  const fromRoute = findSitePage(location.pathname, pages)?.params.ad;
  if (fromRoute) return fromRoute;
  return new URLSearchParams(location.search).get('ad') || null;
}
