import { describe, expect, it, vi } from 'vitest';
import { classifyRedirect, lookupRedirect, type RedirectFetch } from './redirects';

describe('classifyRedirect', () => {
  it('leaves the site for absolute URLs', () => {
    expect(classifyRedirect('https://partner.example/offer', '/en/old')).toEqual({ kind: 'external', url: 'https://partner.example/offer' });
    expect(classifyRedirect('HTTP://example.org', '/en/old')).toEqual({ kind: 'external', url: 'HTTP://example.org' });
  });

  it('stays inside for relative paths', () => {
    expect(classifyRedirect('/en/travel?ad=neo', '/en/old')).toEqual({ kind: 'internal', path: '/en/travel?ad=neo' });
  });

  it('follows nothing else', () => {
    expect(classifyRedirect(null, '/en/old')).toBeNull();
    expect(classifyRedirect('', '/en/old')).toBeNull();
    expect(classifyRedirect('/en/old', '/en/old')).toBeNull();
    expect(classifyRedirect('//evil.example/x', '/en/old')).toBeNull();
    expect(classifyRedirect('javascript:alert(1)', '/en/old')).toBeNull();
    expect(classifyRedirect('en/relative', '/en/old')).toBeNull();
  });
});

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('lookupRedirect', () => {
  const authorization = () => 'Basic c2l0ZTpzaXRl';

  it('asks the server for the path with the page credential', async () => {
    const fetch = vi.fn<RedirectFetch>(async () => json({ result: true, error: 0, message: '', response: { to: '/en/travel', status: 301 } }));
    await expect(lookupRedirect('/en/old page', { fetch, authorization })).resolves.toEqual({ kind: 'internal', path: '/en/travel' });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('/api/redirects?path=%2Fen%2Fold%20page');
    expect(init?.headers.Authorization).toBe('Basic c2l0ZTpzaXRl');
  });

  it('answers null when there is no redirect', async () => {
    const fetch: RedirectFetch = async () => json({ response: { to: null, status: 301 } });
    await expect(lookupRedirect('/en', { fetch, authorization })).resolves.toBeNull();
  });

  it('never blocks navigation: errors, bad statuses and slow answers are "no redirect"', async () => {
    const log = vi.fn();
    await expect(lookupRedirect('/en', { fetch: async () => Promise.reject(new TypeError('Failed to fetch')), authorization, log })).resolves.toBeNull();
    expect(log).toHaveBeenCalledOnce();
    await expect(lookupRedirect('/en', { fetch: async () => json({}, 500), authorization, log })).resolves.toBeNull();
    await expect(lookupRedirect('/en', { fetch: async () => new Response('<html>'), authorization, log })).resolves.toBeNull();

    const hanging: RedirectFetch = (_url, init) =>
      new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    await expect(lookupRedirect('/en', { fetch: hanging, authorization, log, timeoutMs: 20 })).resolves.toBeNull();
  });
});
