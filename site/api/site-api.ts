import type { ApiPort } from '../../engine/definition';
import { chunkGuard } from '../navigation/site-chunk-guard';
import { adFromLocation } from '../partner';
import { toasts } from '../toast/toast-store';
import type { SiteApi } from './client';
import { parseCredentials } from './credentials';
import { apiErrorMessages, SiteApiFailure } from './failure';

let client: Promise<SiteApi> | null = null;

/**
 * The axios client, loaded with the first call (or ahead of it when the page is idle, main.tsx):
 * a flow page the server drew starts on the catalog it came with and calls nothing at first.
 */
export function loadApiClient(): Promise<SiteApi> {
  if (!client) {
    const loading = import('./client').then(({ createApiClient }) =>
      createApiClient({
        credentials: parseCredentials(import.meta.env.VITE_API_CREDENTIALS),
        getAd: () => adFromLocation(window.location),
        notify: (messageId) => toasts.show({ kind: 'error', message: messageId }),
      }),
    );
    // A failed load is tried again by the next call.
    loading.catch(() => {
      client = null;
    });
    client = loading;
  }
  return client;
}

/** Runs a call once the client is there; a client that cannot load fails the call as the network would. */
async function withClient<T>(call: (api: SiteApi) => Promise<T>): Promise<T> {
  let loaded: SiteApi;
  try {
    loaded = await loadApiClient();
  } catch (error) {
    // A chunk gone after a deployment reloads the page (the flow resumes from its draft); else it is the connection.
    if (navigator.onLine && chunkGuard.handle(error)) return new Promise<T>(() => undefined);
    const kind = navigator.onLine ? 'network' : 'offline';
    toasts.show({ kind: 'error', message: apiErrorMessages[kind] });
    throw new SiteApiFailure(kind, null);
  }
  return call(loaded);
}

/** The API of the running site: partner from the current URL, failures as toasts. */
export const api: ApiPort = {
  get: (path) => withClient((loaded) => loaded.get(path)),
  post: (path, body, options) => withClient((loaded) => loaded.post(path, body, options)),
  postForm: (path, body, onProgress, options) => withClient((loaded) => loaded.postForm(path, body, onProgress, options)),
};
