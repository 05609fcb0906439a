import type { ApiPort, Envelope } from '../../engine/definition';
import { isEnvelope, SiteApiFailure, uploadTimeoutMs } from '../api/failure';

/** Bytes of an upload sent so far, of its total. */
export type UploadProgress = (sent: number, total: number) => void;

/** The calls the cabinet's pages make: GET and JSON POST, and a multipart POST that tells its progress, answered with the envelope. */
export type CabinetTransport = Pick<ApiPort, 'get' | 'post'> & {
  upload<T>(path: string, form: FormData, onProgress?: UploadProgress): Promise<Envelope<T>>;
};

export interface FetchTransportOptions {
  fetch: typeof fetch;
  /** The site's `Authorization` header (its public credential). */
  authorization: () => string;
  /** The page's cookies (`document.cookie`), where the XSRF token a POST sends back is. */
  cookie: () => string;
  isOnline?: () => boolean;
  /** A new request for an upload (fetch cannot tell how much of a body it sent). */
  request?: () => XMLHttpRequest;
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
  const request = options.request ?? (() => new XMLHttpRequest());
  const failure = (kind: 'network' | 'timeout') => new SiteApiFailure(kind === 'network' && !online() ? 'offline' : kind, null);
  function upload<T>(path: string, form: FormData, onProgress?: UploadProgress, retried = false): Promise<Envelope<T>> {
    const bytes = [...form.values()].reduce((sum, value) => sum + (typeof value === 'string' ? value.length : value.size), 0);
    return new Promise<Envelope<T>>((resolve, reject) => {
      const xhr = request();
      xhr.open('POST', `/api${path}`);
      xhr.timeout = uploadTimeoutMs(bytes);
      xhr.responseType = 'json';
      xhr.setRequestHeader('accept', 'application/json');
      xhr.setRequestHeader('authorization', options.authorization());
      const token = xsrfToken(options.cookie());
      if (token) xhr.setRequestHeader('x-xsrf-token', token);
      if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : bytes);
      xhr.onerror = () => reject(failure('network'));
      xhr.ontimeout = () => reject(failure('timeout'));
      xhr.onload = () => {
        const answer: unknown = xhr.response;
        if (xhr.status === 403 && !retried) {
          resolve(upload<T>(path, form, onProgress, true));
          return;
        }
        if (xhr.status >= 200 && xhr.status < 300 && isEnvelope(answer)) resolve(answer as Envelope<T>);
        else reject(new SiteApiFailure(xhr.status >= 500 || xhr.status < 300 ? 'bad-response' : 'bad-request', xhr.status, isEnvelope(answer) ? answer : undefined));
      };
      // The browser writes the multipart type with its boundary itself.
      xhr.send(form);
    });
  }
  return {
    get: <T>(path: string) => call<T>('GET', path),
    post: <T>(path: string, body: unknown) => call<T>('POST', path, body),
    upload,
  };
}
