import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { classifyError, createApiClient } from './client';
import { shouldToast, SiteApiFailure } from './failure';
import { credentialFor, parseCredentials } from './credentials';
import { idempotencyKeys } from './idempotency';

const credentials = parseCredentials('{ "site": "site:site-sandbox", "neo": "neo:neo-sandbox" }');

/** The tab's sessionStorage as a test keeps it: it outlives the client, as the tab outlives a reload. */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, value),
  };
}

function setup(reply: (config: InternalAxiosRequestConfig) => ReturnType<AxiosAdapter>, ad: string | null = null, online = true, tab: Storage = memoryStorage()) {
  const seen: InternalAxiosRequestConfig[] = [];
  const notify = vi.fn();
  const adapter: AxiosAdapter = (config) => {
    seen.push(config);
    return reply(config);
  };
  let currentAd = ad;
  const sleep = vi.fn(async () => undefined);
  const api = createApiClient({ credentials, getAd: () => currentAd, notify, adapter, isOnline: () => online, idempotencyKeys: idempotencyKeys(tab), sleep });
  return { api, seen, notify, sleep, setAd: (value: string | null) => (currentAd = value) };
}

const keyOf = (config: InternalAxiosRequestConfig | undefined) => AxiosHeaders.from(config?.headers).get('Idempotency-Key');

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

describe('saves and payment calls: Idempotency-Key', () => {
  const save = { program_id: 1, address: 'Tashkent' };
  const networkError = (config: InternalAxiosRequestConfig) => Promise.reject(new AxiosError('Network Error', AxiosError.ERR_NETWORK, config));

  it('sends a repeatable call with a key, the same when it is sent again before an answer came, a new one for the next attempt', async () => {
    let fail = true;
    const { api, seen } = setup((config) => (fail ? networkError(config) : answer(config, 200, envelope)));
    await expect(api.post('/sayt/uyjoy-api/save', save, { repeatable: 'tab' })).rejects.toMatchObject({ kind: 'network' });
    fail = false;
    await expect(api.post('/sayt/uyjoy-api/save', { ...save }, { repeatable: 'tab' })).resolves.toEqual(envelope);
    await api.post('/sayt/uyjoy-api/save', save, { repeatable: 'tab' });
    const [first, retry, next] = seen.map(keyOf);
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(retry).toBe(first);
    expect(next).toMatch(/^[0-9a-f]{32}$/);
    expect(next).not.toBe(first);
    // Another body is another attempt; a call that is not repeatable carries no key.
    await api.post('/sayt/uyjoy-api/save', { ...save, address: 'Samarkand' }, { repeatable: 'tab' });
    await api.post('/sayt/contract/check', { contract_id: '1' });
    expect(keyOf(seen[3])).not.toBe(next);
    expect(keyOf(seen[4])).toBeUndefined();
  });

  it('a reload that lost the save\'s answer sends the save rebuilt from the draft with its first key; a card\'s call is not kept', async () => {
    const tab = memoryStorage();
    const lost = setup(networkError, null, true, tab);
    await lost.api.post('/sayt/uyjoy-api/save', save, { repeatable: 'tab' }).catch(() => undefined);
    const card = { card_number: '8600000000000001', card_date: '1230', contract_id: 'c' };
    await lost.api.post('/sayt/payment/payme/card', card, { repeatable: 'page' }).catch(() => undefined);
    expect(JSON.stringify([...Array(tab.length)].map((_, i) => tab.getItem(tab.key(i) ?? '')))).not.toContain('8600');
    const reloaded = setup((config) => answer(config, 200, envelope), null, true, tab);
    await reloaded.api.post('/sayt/uyjoy-api/save', JSON.parse(JSON.stringify(save)), { repeatable: 'tab' });
    await reloaded.api.post('/sayt/payment/payme/card', card, { repeatable: 'page' });
    expect(keyOf(reloaded.seen[0])).toBe(keyOf(lost.seen[0]));
    expect(keyOf(reloaded.seen[1])).not.toBe(keyOf(lost.seen[1]));
    // Answered, the attempt's key is gone from the tab too.
    expect(tab.length).toBe(0);
  });

  it('while the server still answers the first sending (409) it asks again each second for that answer', async () => {
    const running = { result: false, error: 409, message: 'still being answered', response: { field: '/headers/idempotency-key' } };
    let busy = 2;
    const { api, seen, sleep } = setup((config) => (busy-- > 0 ? answer(config, 409, running) : answer(config, 200, envelope)));
    await expect(api.post('/sayt/payment/payme/check', { code: '666666' }, { repeatable: 'tab' })).resolves.toEqual(envelope);
    expect(seen).toHaveLength(3);
    expect(new Set(seen.map(keyOf)).size).toBe(1);
    expect(sleep).toHaveBeenCalledTimes(2);
    expect(sleep).toHaveBeenCalledWith(1000);
  });

  it('a key the server knew with another request is drawn anew, once; a refusal of the call itself ends the attempt', async () => {
    const otherRequest = { result: false, error: 422, message: 'Idempotency-Key was sent before with another request', response: { field: '/headers/idempotency-key' } };
    const amount = { result: false, error: 422, message: 'amount differs, server: 5', response: { amount: 5, field: '/amount' } };
    let answers = [otherRequest, amount];
    const { api, seen } = setup((config) => answer(config, 422, answers.shift() ?? amount));
    await expect(api.post('/sayt/uyjoy-api/save', save, { repeatable: 'tab' })).rejects.toMatchObject({ status: 422, envelope: amount });
    expect(seen).toHaveLength(2);
    expect(keyOf(seen[1])).not.toBe(keyOf(seen[0]));
    answers = [];
    await api.post('/sayt/uyjoy-api/save', save, { repeatable: 'tab' }).catch(() => undefined);
    expect(keyOf(seen[2])).not.toBe(keyOf(seen[1]));
  });

  it('a multipart save is repeatable too: its fields and files name the attempt', async () => {
    let fail = true;
    const { api, seen } = setup((config) => (fail ? networkError(config) : answer(config, 200, envelope)));
    const form = () => ({ fields: [['program_id', '1']] as [string, string][], files: [{ name: 'photo_1', filename: 'cat.jpg', blob: new Blob(['jpeg bytes']) }] });
    await api.postForm('/sayt/pet-insurance/save', form(), undefined, { repeatable: 'tab' }).catch(() => undefined);
    fail = false;
    await api.postForm('/sayt/pet-insurance/save', form(), undefined, { repeatable: 'tab' });
    expect(keyOf(seen[1])).toBe(keyOf(seen[0]));
    expect(AxiosHeaders.from(seen[1]?.headers).get('Content-Type')).toBe('multipart/form-data');
  });
});
