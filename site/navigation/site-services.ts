import { adFromLocation } from '../partner';
import { basicAuthorization, credentialFor, parseCredentials } from '../api/credentials';
import { createChunkGuard } from './chunk-guard';
import { createVersionWatcher } from './build-version';
import { lookupRedirect, type RedirectTarget } from './redirects';

/** The browser-bound singletons of the navigation machinery (tests build their own). */

export const chunkGuard = createChunkGuard({
  // globalThis: the build also imports this module to prerender pages (site/prerender.tsx), where
  // there is no window; a chunk never fails to load there, so the guard never reads it.
  storage: globalThis.sessionStorage,
  reload: () => window.location.reload(),
});

export const versionWatcher = createVersionWatcher({
  current: __BUILD_ID__,
  fetch: (url) => fetch(url, { cache: 'no-store' }),
});

const credentials = parseCredentials(import.meta.env.VITE_API_CREDENTIALS);

/** Redirect lookup for the location being opened, with that location's partner credential. */
export function siteRedirectLookup(url: URL): Promise<RedirectTarget | null> {
  return lookupRedirect(url.pathname, {
    fetch: (input, init) => fetch(input, init),
    authorization: () => basicAuthorization(credentialFor(credentials, adFromLocation(url))),
  });
}
