import type { ApiPort, Envelope } from '../../engine/definition';
import { isEnvelope, SiteApiFailure } from '../api/failure';

/** The calls the cabinet's pages make: GET and JSON POST, answered with the envelope. */
export type CabinetTransport = Pick<ApiPort, 'get' | 'post'>;

export interface FetchTransportOptions {
  fetch: typeof fetch;
  /** The site's `Authorization` header (its public credential). */
  authorization: () => string;
  /** The page's cookies (`document.cookie`), where the XSRF token a POST sends back is. */
  cookie: () => string;
  isOnline?: () => boolean;
}

const xsrfCookie = 'XSRF-TOKEN';

function xsrfToken(cookie: string): string | null {
  for (const part of cookie.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === xsrfCookie) return decodeURIComponent(value.join('='));
  }
  return null;
}

/**
 * The cabinet's calls over `fetch`, without the axios client the flows' saves and payments need (a
 * cabinet page would load it before its first list): the site's credential, the XSRF double submit
 * on a POST (once more when refused for it, the refusal having brought a new token), no cache, and
 * every failure a SiteApiFailure as the axios client gives it. The pages explain failures
 * themselves, so none is toasted.
 */
export function fetchTransport(options: FetchTransportOptions): CabinetTransport {
  const online = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  async function call<T>(method: 'GET' | 'POST', path: string, body?: unknown, retried = false): Promise<Envelope<T>> {
    const headers: Record<string, string> = { accept: 'application/json', authorization: options.authorization() };
    if (method === 'POST') {
      headers['content-type'] = 'application/json';
      const token = xsrfToken(options.cookie());
      if (token) headers['x-xsrf-token'] = token;
    }
    let response: Response;
    try {
      response = await options.fetch(`/api${path}`, {
        method,
        headers,
        cache: 'no-store',
        credentials: 'same-origin',
        signal: AbortSignal.timeout(60_000),
        ...(method === 'POST' ? { body: JSON.stringify(body ?? {}) } : {}),
      });
    } catch (error) {
      const kind = error instanceof DOMException && error.name === 'TimeoutError' ? 'timeout' : online() ? 'network' : 'offline';
      throw new SiteApiFailure(kind, null);
    }
    if (response.status === 403 && method === 'POST' && !retried) return call<T>(method, path, body, true);
    const answer: unknown = await response.json().catch(() => null);
    if (response.ok && isEnvelope(answer)) return answer as Envelope<T>;
    throw new SiteApiFailure(response.status >= 500 || response.ok ? 'bad-response' : 'bad-request', response.status, isEnvelope(answer) ? answer : undefined);
  }
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
  };
}
