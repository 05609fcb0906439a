import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import type { SandboxSmsInbox } from '../../sms/sms';
import { siteAuth } from '../../test-helpers';

/**
 * The cabinet's pages as the server answers them: signed out, a cabinet address leads to the
 * sign-in page and back; signed in, every page's header names the client (pages without scripts
 * too) and is kept in no cache; the sign-in page leads a signed-in client on.
 */

let app: FastifyInstance;
let cookie = '';
let appToken = '';
const page = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'cabinet-pages-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title></head><body><div id="root"></div></body></html>');
  // The home page as the build draws it, with the header's account link signed out.
  mkdirSync(join(dir, 'prerendered', 'en'), { recursive: true });
  writeFileSync(
    join(dir, 'prerendered', 'en', 'index.html'),
    '<!doctype html><html lang="en"><head><title>home</title></head><body><header><a class="pill" href="/en/login" data-account="out">Sign in</a></header></body></html>',
  );
  app = await buildApp(testConfig({ siteDir: dir }));
  await app.ready();
  const inbox = app.sms as SandboxSmsInbox;
  const call = (path: string, payload: object) => app.inject({ method: 'POST', url: `/api/shaxsiy_kabinet/${path}`, payload, headers: { authorization: siteAuth } });
  const register = async (phone: string, person: object) => {
    const sent = (await call('send-code', { phone })).json<{ response: { request_id: string } }>().response;
    const code = /\b(\d{6})\b/.exec(inbox.messages(phone)[0]?.text ?? '')?.[1] ?? '';
    const ticket = (await call('check-verification-code', { phone, request_id: sent.request_id, code })).json<{ response: { ticket: string } }>().response.ticket;
    const registered = await call('register-person', { phone, ticket, accept_terms: 1, ...person });
    expect(registered.statusCode, registered.body).toBe(200);
    return registered;
  };
  const session = (await register('998901112233', { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985' })).cookies.find((c) => c.name === '__Host-session');
  cookie = `__Host-session=${session?.value ?? ''}`;
  // The mobile app's client: the token in the answer, no cookie.
  appToken = (await register('998901112244', { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', app: true })).json<{ response: { token: string } }>().response.token;
});
afterAll(() => app.close());

describe('cabinet pages on the server', () => {
  test('signed out, a cabinet address leads to the sign-in page, which names it (path and query) to come back to', async () => {
    const answer = await page('/en/dashboard/policies?tab=1');
    expect(answer.statusCode).toBe(302);
    expect(answer.headers.location).toBe(`/en/login?next=${encodeURIComponent('/en/dashboard/policies?tab=1')}`);
    expect(answer.headers['cache-control']).toBe('no-store');
    // An ended or made-up session is no session.
    expect((await page('/ru/dashboard', { cookie: '__Host-session=made-up' })).headers.location).toBe('/ru/login?next=%2Fru%2Fdashboard');
    // The sign-in page itself is served.
    expect((await page('/en/login')).statusCode).toBe(200);
  });

  test('a cabinet address whose id is no id is the 404 page, signed in or not', async () => {
    expect((await page('/en/dashboard/policies/1%27%20or%201=1', { cookie })).statusCode).toBe(404);
    expect((await page('/en/dashboard/applications/not-a-claim')).statusCode).toBe(404);
  });

  test('signed in, a page without scripts names the client in its header and leads to the cabinet, for them alone', async () => {
    const home = await page('/en', { cookie });
    expect(home.statusCode).toBe(200);
    expect(home.headers['cache-control']).toBe('private, no-store');
    expect(home.body).toContain('<a class="pill" href="/en/dashboard" data-account="in">Dilnoza</a>');
    expect(home.body).toContain('<meta name="account-first-name" content="Dilnoza">');
    expect(home.body).not.toContain('Sign in');
    // Signed out, the build's page as it is.
    const visitor = await page('/en');
    expect(visitor.body).toContain('href="/en/login" data-account="out">Sign in</a>');
    expect(visitor.body).not.toContain('account-first-name');
    expect(visitor.headers['cache-control']).toBe('private, no-cache');
  });

  test('signed in, a cabinet page is served and kept in no cache; the sign-in page leads on to the cabinet address it names, and only there', async () => {
    const cabinet = await page('/en/dashboard/policies', { cookie });
    expect(cabinet.statusCode).toBe(200);
    expect(cabinet.headers['cache-control']).toBe('private, no-store');
    expect((await page('/en/login?next=%2Fen%2Fdashboard%2Fpolicies', { cookie })).headers.location).toBe('/en/dashboard/policies');
    for (const elsewhere of ['https://evil.example/en/dashboard', '//evil.example/en/dashboard', '/en/travel', '/en/dashboard\\..\\x']) {
      expect((await page(`/en/login?next=${encodeURIComponent(elsewhere)}`, { cookie })).headers.location).toBe('/en/dashboard');
    }
  });

  test('the mobile app opens a cabinet page with its token as the Authorization header: the page keeps it in the session cookie', async () => {
    const opened = await page('/ru/dashboard/policies', { authorization: `Bearer ${appToken}` });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['cache-control']).toBe('private, no-store');
    const kept = opened.cookies.find((c) => c.name === '__Host-session');
    expect([kept?.value, kept?.httpOnly, kept?.secure, kept?.sameSite]).toEqual([appToken, true, true, 'Lax']);
    // The cookie alone opens the next page; a token no session has opens nothing and sets no cookie.
    expect((await page('/ru/dashboard', { cookie: `__Host-session=${appToken}` })).statusCode).toBe(200);
    const made = await page('/ru/dashboard', { authorization: `Bearer ${'A'.repeat(43)}` });
    expect(made.statusCode).toBe(302);
    expect(made.cookies.find((c) => c.name === '__Host-session')).toBeUndefined();
  });

  test('after logout the cabinet leads to the sign-in page again, and the header says "Sign in"', async () => {
    const logout = await app.inject({ method: 'POST', url: '/api/shaxsiy_kabinet/logout', headers: { authorization: siteAuth, cookie: `${cookie}; XSRF-TOKEN=x`, 'x-xsrf-token': 'x' } });
    expect(logout.statusCode, logout.body).toBe(200);
    expect((await page('/en/dashboard', { cookie })).statusCode).toBe(302);
    expect((await page('/en', { cookie })).body).toContain('data-account="out">Sign in</a>');
  });
});
