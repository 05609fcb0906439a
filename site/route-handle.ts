import type { UIMatch } from 'react-router';
import type { Lang } from './language';
import type { LayoutId } from './routes';

/** What every page route carries in its react-router `handle`. */
export interface RouteHandle {
  /** The table's path without prefix (`/travel/:ad?`). */
  pattern: string;
  layout: LayoutId;
  lang: Lang | null;
  product?: string;
  /** The product's flow the page runs: its claim, or (absent) its purchase. */
  flow?: 'claim';
  scrollToTop?: boolean;
  business?: boolean;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && 'pattern' in value && 'layout' in value;
}

/** The handle of the deepest page route among the matches. */
export function routeHandle(matches: readonly UIMatch[]): RouteHandle | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return null;
}
