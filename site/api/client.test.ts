import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { classifyError, createApiClient } from './client';
import { shouldToast, SiteApiFailure } from './failure';
import { credentialFor, parseCredentials } from './credentials';

const credentials = parseCredentials('{ "site": "site:site-sandbox", "neo": "neo:neo-sandbox" }');

function setup(reply: (config: InternalAxiosRequestConfig) => ReturnType<AxiosAdapter>, ad: string | null = null, online = true) {
  const seen: InternalAxiosRequestConfig[] = [];
  const notify = vi.fn();
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    return reply(config);
  };
  let currentAd = ad;
  const api = createApiClient({ credentials, getAd: () => currentAd, notify, adapter, isOnline: () => online });
  return { api, seen, notify, setAd: (value: string | null) => (currentAd = value) };
}

const answer = (config: InternalAxiosRequestConfig, status: number, data: unknown) => {
  const response = { data, status, statusText: String(status), headers: {}, config };
  if (status >= 200 && status <= 299) return Promise.resolve(response);
  return Promise.reject(new AxiosError(`Request failed with status code ${status}`, AxiosError.ERR_BAD_RESPONSE, config, null, response));
};

const envelope = { result: true, error: 0, message: '', response: { ok: 1 } };

describe('credentials', () => {
  it('parses the env JSON and rejects unusable values', () => {
    expect(credentials.site).toEqual({ username: 'site', password: 'site-sandbox' });
    expect(parseCredentials('{"site":"a:b:c"}').site).toEqual({ username: 'a', password: 'b:c' });
    expect(() => parseCredentials(undefined)).toThrow(/not set/);
    expect(() => parseCredentials('{"neo":"neo:x"}')).toThrow(/site/);
    expect(() => parseCredentials('{"site":"nocolon"}')).toThrow(/user:password/);
  });

  it('chooses by ad: absent or unknown → site, known partner → its own', () => {
    expect(credentialFor(credentials, null).username).toBe('site');
    expect(credentialFor(credentials, 'unknown').username).toBe('site');
    expect(credentialFor(credentials, 'toString').username).toBe('site');
    expect(credentialFor(credentials, 'neo').username).toBe('neo');
  });
});

describe('api client', () => {
  it('sends JSON to /api with the credential of the current ad, per request', async () => {
    const { api, seen, setAd } = setup((config) => answer(config, 200, envelope));
    await expect(api.post('/sayt/contract/check', { contract_id: '1' })).resolves.toEqual(envelope);
    setAd('neo');
    await api.get('/takoful/travel-neo/get_country');
    setAd('someone');
    await api.get('/takoful/travel-neo/get_country');

    expect(seen.map((c) => c.auth?.username)).toEqual(['site', 'neo', 'site']);
    const first = seen[0]!;
    expect(first.baseURL).toBe('/api');
    expect(first.url).toBe('/sayt/contract/check');
    expect(first.timeout).toBe(60_000);
    expect(first.withXSRFToken).toBe(true);
    expect(first.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(first.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(AxiosHeaders.from(first.headers).get('Content-Type')).toMatch(/application\/json/);
    expect(first.validateStatus?.(200)).toBe(true);
    expect(first.validateStatus?.(299)).toBe(true);
    expect(first.validateStatus?.(300)).toBe(false);
  });

  it('repeats a POST once when it was refused for its XSRF token (the refusal set a new cookie)', async () => {
    const refused = { result: false, error: 403, message: 'XSRF token missing or wrong', response: null };
    const once = setup((config) => (config.xsrfRetried ? answer(config, 200, envelope) : answer(config, 403, refused)));
    await expect(once.api.post('/sayt/getPerson', {})).resolves.toEqual(envelope);
    expect(once.seen).toHaveLength(2);
    const always = setup((config) => answer(config, 403, refused));
    await expect(always.api.post('/sayt/getPerson', {})).rejects.toMatchObject({ status: 403 });
    expect(always.seen).toHaveLength(2);
    const get = setup((config) => answer(config, 403, refused));
    await expect(get.api.get('/redirects')).rejects.toMatchObject({ status: 403 });
    expect(get.seen).toHaveLength(1);
  });

  it('resolves with the envelope of any 2xx, also when result is false', async () => {
    const unpaid = { result: false, error: 1, message: 'payment_not_made', response: null };
    const { api, notify } = setup((config) => answer(config, 200, unpaid));
    await expect(api.post('/takoful/travel-neo/checkPolis', { contract_id: '1' })).resolves.toEqual(unpaid);
    expect(notify).not.toHaveBeenCalled();
  });

  it('rejects a 422 with status and envelope, without a toast (the flow shows it)', async () => {
    const body = { result: false, error: 1, message: 'amount differs', response: null };
    const { api, notify } = setup((config) => answer(config, 422, body));
    const failure = await api.post('/sayt/uyjoy-api/save', {}).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(SiteApiFailure);
    expect(failure).toMatchObject({ status: 422, envelope: body, kind: 'bad-request', message: 'site.error.bad-request' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts a 5xx as a bad response', async () => {
    const { api, notify } = setup((config) => answer(config, 502, '<html>Bad gateway</html>'));
    const failure = await api.get('/x').catch((e: unknown) => e);
    expect(failure).toMatchObject({ status: 502, envelope: undefined, kind: 'bad-response' });
    expect(notify).toHaveBeenCalledWith('site.error.bad-response');
  });

  it('maps no-answer failures: network, offline, timeout, abort', async () => {
    const fail = (code: string, message: string) => (config: InternalAxiosRequestConfig) => Promise.reject(new AxiosError(message, code, config));
    const network = setup(fail(AxiosError.ERR_NETWORK, 'Network Error'));
    await expect(network.api.get('/x')).rejects.toMatchObject({ status: null, kind: 'network' });
    expect(network.notify).toHaveBeenCalledWith('site.error.network');

    const offline = setup(fail(AxiosError.ERR_NETWORK, 'Network Error'), null, false);
    await expect(offline.api.get('/x')).rejects.toMatchObject({ kind: 'offline', message: 'site.error.offline' });
    expect(offline.notify).toHaveBeenCalledWith('site.error.offline');

    const timeout = setup(fail(AxiosError.ECONNABORTED, 'timeout of 60000ms exceeded'));
    await expect(timeout.api.get('/x')).rejects.toMatchObject({ kind: 'timeout' });
    expect(timeout.notify).toHaveBeenCalledWith('site.error.timeout');

    const aborted = setup(fail(AxiosError.ERR_CANCELED, 'canceled'));
    await expect(aborted.api.get('/x')).rejects.toMatchObject({ kind: 'aborted' });
    expect(aborted.notify).not.toHaveBeenCalled();
  });

  it('keeps silent calls silent', async () => {
    const { api, notify } = setup((config) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config)));
    await expect(api.request({ url: '/redirects', silent: true })).rejects.toMatchObject({ kind: 'network' });
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts only what no flow explains', () => {
    expect(['network', 'offline', 'timeout', 'bad-response'].every((k) => shouldToast(k as never))).toBe(true);
    expect(shouldToast('bad-request')).toBe(false);
    expect(shouldToast('aborted')).toBe(false);
    expect(classifyError(new AxiosError('x', AxiosError.ETIMEDOUT), true)).toBe('timeout');
  });
});
