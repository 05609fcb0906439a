import { adFromLocation } from '../routes';
import { toasts } from '../toast/toast-store';
import { createApiClient } from './client';
import { parseCredentials } from './credentials';

/** The API client of the running site: partner from the current URL, failures as toasts. */
export const api = createApiClient({
  credentials: parseCredentials(import.meta.env.VITE_API_CREDENTIALS),
  getAd: () => adFromLocation(window.location),
  notify: (messageId) => toasts.show({ kind: 'error', message: messageId }),
});
