import { adFromLocation } from '../partner';
import { basicAuthorization, credentialFor, parseCredentials } from '../api/credentials';
import { buildPollIntervalMs } from './build-poll';
import { thisBuildWatcher } from './build-version';
import { lookupRedirect, type RedirectTarget } from './redirects';

/**
 * The browser-bound singletons of the site's navigation machinery (tests build their own); the
 * chunk guard, which flow pages need too, is in site-chunk-guard.ts, so they load none of these.
 */

export const versionWatcher = thisBuildWatcher({ intervalMs: buildPollIntervalMs });

const credentials = parseCredentials(import.meta.env.VITE_API_CREDENTIALS);

/** Redirect lookup for the location being opened, with that location's partner credential. */
export function siteRedirectLookup(url: URL): Promise<RedirectTarget | null> {
  return lookupRedirect(url.pathname, {
    fetch: (input, init) => fetch(input, init),
    authorization: () => basicAuthorization(credentialFor(credentials, adFromLocation(url))),
  });
}
