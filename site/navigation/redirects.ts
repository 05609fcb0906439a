/**
 * Server-supplied redirects (requirements §2): before each navigation the site asks `GET
 * /api/redirects?path=…`. An absolute URL leaves the site, a relative one stays inside. A failed
 * or slow lookup never blocks navigation: it counts as "no redirect".
 */

import { classifyRedirect, type RedirectTarget } from '../../products/kit/site/site-pages';

export { classifyRedirect, type RedirectTarget };

interface RedirectAnswer {
  response?: { to?: unknown } | null;
}

export type RedirectFetch = (url: string, init: { headers: Record<string, string>; signal: AbortSignal }) => Promise<Response>;

export interface RedirectLookupOptions {
  fetch: RedirectFetch;
  /** `Authorization` header of the page's credential. */
  authorization: () => string;
  timeoutMs?: number;
  log?: (message: string, error: unknown) => void;
}

/** The redirect target for `path`, or null (no redirect, or the lookup failed). */
export async function lookupRedirect(path: string, options: RedirectLookupOptions): Promise<RedirectTarget | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.timeoutMs ?? 3000);
  try {
    const response = await options.fetch(`/api/redirects?path=${encodeURIComponent(path)}`, {
      headers: { Accept: 'application/json', Authorization: options.authorization() },
      signal: controller.signal,
    });
    if (!response.ok) return null;
    const body = (await response.json()) as RedirectAnswer;
    return classifyRedirect(body.response?.to, path);
  } catch (error) {
    (options.log ?? console.warn)('redirect lookup failed', error);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
