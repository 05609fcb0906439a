import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, homeSaveBody, neoAuth, post, siteAuth } from '../../test-helpers';
import { channelOf, checkRequestPart, jsonTextMayHoldProblem, maxNesting, unsafeTextAt } from './edge';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ apiClients: [{ login: 'site', password: 'site-sandbox', channel: 'site' }, { login: 'neo', password: 'neo-sandbox', channel: 'neo' }] });
});
afterAll(() => app.close());

const lookup = { passportSeria: 'AA', passportNumber: '1234567', birthday: '15.05.1990' };

describe('API credentials', () => {
  test.each([
    { name: 'missing', headers: {} },
    { name: 'wrong password', headers: { authorization: `Basic ${Buffer.from('site:nope').toString('base64')}` } },
    { name: 'unknown login', headers: { authorization: `Basic ${Buffer.from('ghost:site-sandbox').toString('base64')}` } },
    { name: 'not Basic', headers: { authorization: 'Bearer abc' } },
  ])('$name credential → 401 envelope', async ({ headers }) => {
    const res = await app.inject({ method: 'POST', url: '/api/sayt/getPerson', payload: lookup, headers });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ result: false, error: 401, message: 'missing or wrong API credentials', response: null });
  });

  test('GET calls need the credential too', async () => {
    expect((await app.inject('/api/takoful/travel-neo/get_country')).statusCode).toBe(401);
  });

  test('the channel of the credential is recorded on the contract', async () => {
    const viaSite = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody(), { authorization: siteAuth })).json().response;
    const viaNeo = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody(), { authorization: neoAuth })).json().response;
    expect((await app.contracts.get(viaSite.contract_id))?.channel).toBe('site');
    expect((await app.contracts.get(viaNeo.contract_id))?.channel).toBe('neo');
  });

  test('channelOf compares login and password', () => {
    const clients = [{ login: 'a', password: 'p:w', channel: 'ch' }];
    expect(channelOf(`Basic ${Buffer.from('a:p:w').toString('base64')}`, clients)).toBe('ch');
    expect(channelOf(`Basic ${Buffer.from('a:p').toString('base64')}`, clients)).toBeNull();
    expect(channelOf(undefined, clients)).toBeNull();
  });

  test('channelOf reads other spellings of a credential, and refuses a wrong one of the same length', () => {
    const clients = [{ login: 'a', password: 'pw', channel: 'ch' }, { login: 'b', password: 'qq', channel: 'other' }];
    const encoded = Buffer.from('a:pw').toString('base64');
    expect(channelOf(`Basic ${encoded}`, clients)).toBe('ch');
    expect(channelOf(`basic  ${encoded}`, clients)).toBe('ch');
    expect(channelOf(`BASIC ${encoded.replace(/=+$/, '')}`, clients)).toBe('ch');
    expect(channelOf(`Basic ${Buffer.from('b:qq').toString('base64')}`, clients)).toBe('other');
    expect(channelOf(`Basic ${Buffer.from('a:px').toString('base64')}`, clients)).toBeNull();
    expect(channelOf(`Basic ${Buffer.from('b:pw').toString('base64')}`, clients)).toBeNull();
  });
});

describe('compressed bodies', () => {
  test.each(['gzip', 'br', 'deflate, gzip'])('a body sent with Content-Encoding %s → 415 naming the header, before it is read', async (encoding) => {
    const { gzipSync } = await import('node:zlib');
    const res = await app.inject({
      method: 'POST',
      url: '/api/sayt/getPerson',
      payload: gzipSync(JSON.stringify(lookup)),
      headers: { authorization: siteAuth, 'content-type': 'application/json', 'content-encoding': encoding },
    });
    expect(res.statusCode).toBe(415);
    expect(res.headers['accept-encoding']).toBe('identity');
    expect(res.json()).toMatchObject({ result: false, error: 415, response: { field: '/headers/content-encoding' } });
    expect(res.json().message).toContain(encoding);
  });

  test('Content-Encoding identity is an uncompressed body', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/sayt/getPerson', payload: lookup, headers: { authorization: siteAuth, 'content-encoding': 'Identity' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('XSRF double submit', () => {
  test('opening a page sets a readable, SameSite=Lax XSRF-TOKEN cookie when the browser has none', async () => {
    const page = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };
    const res = await app.inject({ method: 'GET', url: '/en/travel', headers: page });
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(cookie).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(cookie?.httpOnly).toBeFalsy();
    const again = await app.inject({ method: 'GET', url: '/en/travel', headers: { ...page, cookie: `XSRF-TOKEN=${cookie?.value}` } });
    expect(again.cookies.find((c) => c.name === 'XSRF-TOKEN')).toBeUndefined();
  });

  test('API answers and files set no cookie (cacheable, nothing to generate per call)', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/redirects?path=/en', headers: { authorization: siteAuth, accept: 'application/json, text/plain, */*' } });
    expect(api.statusCode).toBe(200);
    expect(api.headers['set-cookie']).toBeUndefined();
    const file = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } });
    expect(file.headers['set-cookie']).toBeUndefined();
  });

  test('a POST from a browser that lost its token cookie is refused with a new one to retry with', async () => {
    const refused = await post(app, '/api/sayt/getPerson', lookup, { cookie: 'lang=en' });
    expect(refused.statusCode).toBe(403);
    const issued = refused.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    expect(issued).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const retried = await post(app, '/api/sayt/getPerson', lookup, { cookie: `lang=en; XSRF-TOKEN=${issued}`, 'x-xsrf-token': issued });
    expect(retried.statusCode).toBe(200);
  });

  test('a POST with cookies needs the matching header', async () => {
    const cookie = 'XSRF-TOKEN=abc123abc123abc123abc123; lang=en';
    const without = await post(app, '/api/sayt/getPerson', lookup, { cookie });
    expect(without.statusCode).toBe(403);
    expect(without.json()).toMatchObject({ result: false, error: 403 });
    const wrong = await post(app, '/api/sayt/getPerson', lookup, { cookie, 'x-xsrf-token': 'abc' });
    expect(wrong.statusCode).toBe(403);
    const right = await post(app, '/api/sayt/getPerson', lookup, { cookie, 'x-xsrf-token': 'abc123abc123abc123abc123' });
    expect(right.statusCode).toBe(200);
  });

  test('cookies without an XSRF cookie are refused too', async () => {
    const res = await post(app, '/api/sayt/getPerson', lookup, { cookie: 'lang=en', 'x-xsrf-token': 'anything' });
    expect(res.statusCode).toBe(403);
  });

  test('server-to-server calls without cookies are not asked', async () => {
    expect((await post(app, '/api/sayt/getPerson', lookup)).statusCode).toBe(200);
  });

  test('a partner backend whose load balancer or cookie jar adds cookies of its own is not taken for a browser', async () => {
    for (const cookie of ['SERVERID=abc123', 'JSESSIONID=1; route=2', 'PHPSESSID=x; laravel_session=y']) {
      expect((await post(app, '/api/sayt/getPerson', lookup, { cookie })).statusCode, cookie).toBe(200);
    }
    // One of this site's own cookies among them is a browser's request, which must double-submit.
    expect((await post(app, '/api/sayt/getPerson', lookup, { cookie: 'SERVERID=abc123; lang=ru' })).statusCode).toBe(403);
  });

  test('the Payme endpoint is exempt (it has its own credential)', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/payme',
      payload: { id: 1, method: 'CheckTransaction', params: { id: 'x' } },
      headers: { cookie: 'XSRF-TOKEN=abc', authorization: `Basic ${Buffer.from('Paycom:wrong').toString('base64')}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().error.code).toBe(-32504);
  });
});

describe('text a database cannot store', () => {
  test.each([
    { name: 'a NUL byte in a field', body: homeSaveBody({ address: 'Tashkent\u0000 5' }), field: '/address' },
    { name: 'a lone surrogate in a nested field', body: homeSaveBody({ applicant: { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985', phone: '\uD800998901234567' } }), field: '/applicant/phone' },
    { name: 'a NUL byte in a key', body: { ...homeSaveBody(), 'x\u0000': 1 }, field: '/x\u0000' },
  ])('$name → 400 naming the field, never a 500', async ({ body, field }) => {
    const res = await post(app, '/api/sayt/uyjoy-api/save', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: false, error: 400, response: { field } });
  });

  test('a NUL byte in a path parameter → 400', async () => {
    const res = await app.inject('/verify/TRV%00123');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: false, response: { field: '/policyNumber' } });
  });

  test('paired surrogates (an emoji) are ordinary text: stored as sent, refused only where a policy would print them', async () => {
    // The address is printed: the save refuses the emoji as the policy's, not as text it cannot store.
    const printed = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ address: 'Tashkent 🏠 5, 12' }));
    expect(printed.statusCode).toBe(400);
    expect(printed.json()).toMatchObject({ response: { field: '/address' }, message: expect.stringContaining('cannot be printed on the policy') });
    // The same text where nothing prints it passes the edge.
    const returned = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ return_url: '/uz/housing?step=payment&note=🏠' }));
    expect(returned.statusCode).toBe(200);
  });

  test('unsafeTextAt names the first key or string holding such text', () => {
    expect(unsafeTextAt('a\u0000')).toBe('/');
    expect(unsafeTextAt({ a: ['ok', { b: 'x\uDFFF' }] })).toBe('/a/1/b');
    expect(unsafeTextAt({ a: 'ok', 'k\uD800': 'ok' })).toBe('/k\uD800');
    expect(unsafeTextAt([1, null, true, '🏠', 'x\uD83C'])).toBe('/4');
    expect(unsafeTextAt({ a: ['🏠', 1.5, null], b: {} })).toBeNull();
  });

  test('unsafeTextAt finds unsafe text wherever it is, and only then', () => {
    const text = fc.constantFrom('', 'ok', '🏠', '\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\uDFFF\uD800', '\uD83C\uDFE0');
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(text, tie('value'), { maxKeys: 3 })),
    })).value;
    const unsafe = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const texts = (value: unknown): string[] =>
      typeof value === 'string' ? [value] : typeof value === 'object' && value !== null ? Object.entries(value).flatMap(([key, child]) => [key, ...texts(child)]) : [];
    fc.assert(fc.property(json, (value) => (unsafeTextAt(value) !== null) === texts(value).some((t) => unsafe.test(t))));
  });

  test('a JSON text cleared by its scan parses to a value the walk finds no problem in', () => {
    const text = fc.constantFrom('', 'ok', '🏠', '\u0000', '\uD800', 'x\uDFFFy', '\uD83C\uDFE0', '__proto__', 'constructor', 'prototype', 'a\\u', '\\', '"');
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, text, fc.integer(), fc.constant(null), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(text, tie('value'), { maxKeys: 3 })),
    })).value;
    const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
    // As a client writes it: JSON.stringify escapes NUL and lone surrogates; a hand-written body may hold them raw.
    const written = fc.oneof(json.map((value) => JSON.stringify(value)), json.map((value) => JSON.stringify(value).replace(/\\u(d[89a-f][0-9a-f]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))), fc.integer({ min: 1, max: maxNesting + 2 }).map(nested));
    fc.assert(fc.property(written, (body) => {
      const parsed: unknown = JSON.parse(body);
      if (!jsonTextMayHoldProblem(body)) expect(() => checkRequestPart('body', parsed), body).not.toThrow();
    }), { numRuns: 3000 });
    // The scan clears what the walk would pass, so most bodies are not walked at all.
    expect(jsonTextMayHoldProblem(JSON.stringify({ begin_date: '08-12-2026', travelers: [{ birthday: '15-05-1990' }], risklar: { sport: 0 }, countries: ['TR'] }))).toBe(false);
    expect(jsonTextMayHoldProblem(nested(maxNesting - 1))).toBe(false);
    for (const body of ['{"a":"\\u0000"}', '{"\\u005f_proto__":1}', '{"__proto__":{}}', nested(maxNesting), `{"a":"x${'\uD800'}"}`]) expect(jsonTextMayHoldProblem(body), body).toBe(true);
  });
});
