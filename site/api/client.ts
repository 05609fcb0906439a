import axios, { AxiosError, type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { ApiPort, CallOptions, Envelope, FormBody, Repeatable } from '../../engine/definition';
import { credentialFor, type Credentials } from './credentials';
import { isEnvelope, shouldToast, SiteApiFailure, uploadTimeoutMs, type ApiErrorKind } from './failure';
import { attemptOf, idempotencyField, idempotencyHeader, idempotencyKeys, type IdempotencyKeys } from './idempotency';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Never toast this call's failure (the caller handles it, e.g. the redirect lookup). */
    silent?: boolean;
    /** Set on the one repeat of a POST refused for its XSRF token. */
    xsrfRetried?: boolean;
  }
}

export function classifyError(error: AxiosError, online: boolean): ApiErrorKind {
  if (error.code === AxiosError.ERR_CANCELED) return 'aborted';
  if (error.response) return error.response.status >= 500 ? 'bad-response' : 'bad-request';
  if (error.code === AxiosError.ECONNABORTED || error.code === AxiosError.ETIMEDOUT) return 'timeout';
  return online ? 'network' : 'offline';
}

/** A FormBody as the browser sends it: fields first, then the files, each with its file name. */
export function toFormData(body: FormBody): FormData {
  const form = new FormData();
  for (const [name, value] of body.fields) form.append(name, value);
  for (const file of body.files) form.append(file.name, file.blob, file.filename);
  return form;
}

export interface ApiClientOptions {
  credentials: Credentials;
  /** The current page's partner (`ad` route or query parameter). */
  getAd: () => string | null;
  /** Shows a toast with a message id. */
  notify: (messageId: string) => void;
  isOnline?: () => boolean;
  /** Tests replace the transport, the keys of repeatable calls and the wait before asking again. */
  adapter?: AxiosAdapter;
  idempotencyKeys?: IdempotencyKeys;
  sleep?: (ms: number) => Promise<void>;
}

/** How many times, a second apart, a repeatable call asks again while the server is still making the answer to its first sending (409): a minute, the time a call may take. */
const inProgressAsks = 60;

/** Whether the server refused the call's Idempotency-Key with this status. */
const refusedKey = (failure: SiteApiFailure, status: number) => {
  const response = failure.envelope?.response as { field?: unknown } | null | undefined;
  return failure.status === status && response?.field === idempotencyField;
};

/** A refusal that answers the attempt (the same request would be refused again), not one that asks to try again. */
const settles = (failure: SiteApiFailure) => failure.status !== null && failure.status < 500 && failure.status !== 408 && failure.status !== 409 && failure.status !== 429;

export interface SiteApi extends ApiPort {
  request<T>(config: AxiosRequestConfig): Promise<Envelope<T>>;
  readonly http: AxiosInstance;
}

/** The site's API client: implements the engine's ApiPort over axios (requirements §7, §9). */
export function createApiClient(options: ApiClientOptions): SiteApi {
  const isOnline = options.isOnline ?? (() => (typeof navigator === 'undefined' ? true : navigator.onLine));
  const http = axios.create({
    baseURL: '/api',
    timeout: 60_000,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    validateStatus: (status) => status >= 200 && status <= 299,
    withXSRFToken: true,
    xsrfCookieName: 'XSRF-TOKEN',
    xsrfHeaderName: 'X-XSRF-TOKEN',
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  http.interceptors.request.use((config) => {
    config.auth = credentialFor(options.credentials, options.getAd());
    return config;
  });

  http.interceptors.response.use(undefined, (error: unknown) => {
    if (!(error instanceof AxiosError)) return Promise.reject(error);
    // The browser lost its XSRF cookie (cleared while the page stayed open): the refusal brought a new one.
    if (error.response?.status === 403 && error.config && !error.config.xsrfRetried && error.config.method === 'post') {
      return http.request({ ...error.config, xsrfRetried: true });
    }
    const kind = classifyError(error, isOnline());
    const body: unknown = error.response?.data;
    const failure = new SiteApiFailure(kind, error.response?.status ?? null, isEnvelope(body) ? body : undefined);
    if (shouldToast(kind) && !error.config?.silent) options.notify(failure.message);
    return Promise.reject(failure);
  });

  async function request<T>(config: AxiosRequestConfig): Promise<Envelope<T>> {
    const response = await http.request<Envelope<T>>(config);
    return response.data;
  }

  const keys = options.idempotencyKeys ?? idempotencyKeys();
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /**
   * A call sent with the Idempotency-Key of its attempt: the key it was first sent with while no
   * answer has come. The server still answering the first sending (409) is asked again each second;
   * a key the server knew with another request (a digest shared by chance) is drawn anew, once.
   */
  async function repeatable<T>(config: AxiosRequestConfig, attempt: string, how: Repeatable): Promise<Envelope<T>> {
    let key = keys.keyFor(attempt, how);
    let renewed = false;
    let asked = 0;
    for (;;) {
      try {
        const answer = await request<T>({ ...config, headers: { ...config.headers, [idempotencyHeader]: key } });
        keys.answered(attempt);
        return answer;
      } catch (error) {
        if (!(error instanceof SiteApiFailure)) throw error;
        if (refusedKey(error, 409) && asked < inProgressAsks) {
          asked += 1;
          await sleep(1000);
          continue;
        }
        if (refusedKey(error, 422) && !renewed) {
          renewed = true;
          key = keys.renew(attempt, how);
          continue;
        }
        if (settles(error)) keys.answered(attempt);
        throw error;
      }
    }
  }

  const send = <T>(config: AxiosRequestConfig, body: unknown, callOptions?: CallOptions): Promise<Envelope<T>> =>
    callOptions?.repeatable ? repeatable<T>(config, attemptOf(config.url ?? '', body), callOptions.repeatable) : request<T>(config);

  return {
    http,
    request,
    get: <T>(path: string) => request<T>({ method: 'GET', url: path }),
    post: <T>(path: string, body: unknown, callOptions?: CallOptions) => send<T>({ method: 'POST', url: path, data: body }, body, callOptions),
    postForm: <T>(path: string, body: FormBody, onProgress?: (sent: number, total: number) => void, callOptions?: CallOptions) =>
      send<T>({
        method: 'POST',
        url: path,
        data: toFormData(body),
        // Named so axios neither turns the form into JSON (the instance's default type) nor keeps a
        // type without the boundary: the browser writes `multipart/form-data; boundary=…` itself.
        headers: { 'Content-Type': 'multipart/form-data' },
        timeout: uploadTimeoutMs(body.files.reduce((sum, file) => sum + file.blob.size, 0)),
        ...(onProgress ? { onUploadProgress: (event) => onProgress(event.loaded, event.total ?? event.loaded) } : {}),
      }, body, callOptions),
  };
}
