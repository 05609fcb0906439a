import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, homeSaveBody, paycomAuth, siteAuth, travelCalculatorBody, travelSaveBody } from './test-helpers';

/** One JSON endpoint, what its valid sample answers, and how to break it: a required field, a field to give the wrong type, a string field. */
interface Endpoint {
  url: string;
  /** 200, or 404 for the calls that look a contract up (the sample names none). */
  validStatus: 200 | 404;
  /** Travel reads partner clients' shapes and drops fields it does not know (products/travel/read.ts), as every product's check does (server/lib/contract-check.ts); the others refuse them. */
  extraField?: 'ignored';
  body: () => Record<string, unknown>;
  required: string;
  wrongType: { path: string; value: unknown };
  longString: string;
}

const contractId = '00000000-0000-4000-8000-000000000000';
const endpoints: Endpoint[] = [
  { url: '/api/takoful/travel-neo/calculator', validStatus: 200, extraField: 'ignored', body: travelCalculatorBody, required: 'purpose_id', wrongType: { path: 'purpose_id', value: 'one' }, longString: 'travelers/0/birthday' },
  {
    url: '/api/takoful/travel-neo/getPerson',
    validStatus: 200,
    extraField: 'ignored',
    body: () => ({ passportSeria: 'AA', passportNumber: '1234567', birthday: '15-05-1990' }),
    required: 'passportNumber',
    wrongType: { path: 'passportSeria', value: 12 },
    longString: 'passportSeria',
  },
  { url: '/api/takoful/travel-neo/save-polis', validStatus: 200, extraField: 'ignored', body: () => travelSaveBody(119_695), required: 'sugurtalovchi', wrongType: { path: 'summa_all', value: '119 695' }, longString: 'sugurtalovchi/name' },
  { url: '/api/takoful/travel-neo/checkPolis', validStatus: 404, extraField: 'ignored', body: () => ({ contract_id: contractId }), required: 'contract_id', wrongType: { path: 'contract_id', value: 5 }, longString: 'contract_id' },
  { url: '/api/sayt/uyjoy-api/save', validStatus: 200, body: homeSaveBody, required: 'applicant', wrongType: { path: 'region_id', value: 'x' }, longString: 'address' },
  { url: '/api/sayt/uyjoy-api/check', validStatus: 404, extraField: 'ignored', body: () => ({ contract_id: contractId }), required: 'contract_id', wrongType: { path: 'contract_id', value: [] }, longString: 'contract_id' },
  {
    url: '/api/sayt/getPerson',
    validStatus: 200,
    body: () => ({ passportSeria: 'AA', passportNumber: '1234567', birthday: '15.05.1990' }),
    required: 'birthday',
    wrongType: { path: 'birthday', value: 15051990 },
    longString: 'passportNumber',
  },
  { url: '/api/sayt/contract/check', validStatus: 404, body: () => ({ contract_id: contractId }), required: 'contract_id', wrongType: { path: 'contract_id', value: true }, longString: 'contract_id' },
];

function setPath(target: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('/');
  const last = keys.pop() as string;
  let node: Record<string, unknown> = target;
  for (const key of keys) node = node[key] as Record<string, unknown>;
  if (value === undefined) delete node[last];
  else node[last] = value;
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const send = (url: string, payload: string) =>
  app.inject({ method: 'POST', url, payload, headers: { authorization: siteAuth, 'content-type': 'application/json' } });

describe.each(endpoints)('POST $url', (endpoint) => {
  test('the valid sample passes validation (so the cases below test one defect each)', async () => {
    const res = await send(endpoint.url, JSON.stringify(endpoint.body()));
    expect(res.statusCode).toBe(endpoint.validStatus);
  });

  const cases: { name: string; payload: () => string; status: number; field?: string }[] = [
    { name: 'malformed JSON', payload: () => '{"a":', status: 400 },
    { name: 'empty body', payload: () => '', status: 400 },
    { name: 'a JSON array', payload: () => '[]', status: 400 },
    {
      name: 'missing required field',
      payload: () => {
        const body = endpoint.body();
        setPath(body, endpoint.required, undefined);
        return JSON.stringify(body);
      },
      status: 400,
      field: `/${endpoint.required}`,
    },
    endpoint.extraField === 'ignored'
      ? { name: 'extra field, ignored', payload: () => JSON.stringify({ ...endpoint.body(), unexpected: 1 }), status: endpoint.validStatus }
      : { name: 'extra field', payload: () => JSON.stringify({ ...endpoint.body(), unexpected: 1 }), status: 400, field: '/unexpected' },
    {
      name: 'wrong type',
      payload: () => {
        const body = endpoint.body();
        setPath(body, endpoint.wrongType.path, endpoint.wrongType.value);
        return JSON.stringify(body);
      },
      status: 400,
      field: `/${endpoint.wrongType.path}`,
    },
    {
      name: '10 KB string',
      payload: () => {
        const body = endpoint.body();
        setPath(body, endpoint.longString, 'x'.repeat(10 * 1024));
        return JSON.stringify(body);
      },
      status: 400,
      field: `/${endpoint.longString}`,
    },
    { name: 'body over the size limit', payload: () => JSON.stringify({ ...endpoint.body(), pad: 'x'.repeat(100 * 1024) }), status: 413 },
  ];

  test.each(cases)('$name → $status, naming the field of a refusal', async ({ payload, status, field }) => {
    const res = await send(endpoint.url, payload());
    expect(res.statusCode).toBe(status);
    const body = res.json();
    expect(body.result).toBe(status === 200);
    if (status !== 200) expect(body.error).toBe(status);
    expect(typeof body.message).toBe('string');
    if (field) {
      expect(body.response).toEqual({ field });
      expect(body.message).toContain(`body${field}`);
    }
  });
});

describe('text a policy cannot print', () => {
  test.each([
    { name: 'an emoji in the home address', url: '/api/sayt/uyjoy-api/save', body: () => ({ ...homeSaveBody(), address: 'Toshkent, Navoiy 5 🏠' }), field: '/address', char: '🏠' },
  ])('$name → 400 naming the field and the character, nothing saved', async ({ url, body, field, char }) => {
    const res = await send(url, JSON.stringify(body()));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: false, error: 400, response: { field } });
    expect(res.json().message).toContain(`body${field}: ${JSON.stringify(char)}`);
  });
});

describe('addresses the router cannot decode', () => {
  test.each(['/verify/%00%ff', '/verify/%E0%A4%A', '/api/sayt/contract/check/%ff', '/policies/%C0%AF'])('%s → 400 in the envelope, naming the address', async (url) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: siteAuth } });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ result: false, error: 400, response: { field: '/url' } });
    expect(res.json().message).toContain('the address is malformed');
  });
});

describe('GET /api/redirects', () => {
  test.each([
    { name: 'missing path', url: '/api/redirects', field: '/path' },
    { name: 'extra parameter', url: '/api/redirects?path=/en&x=1', field: '/x' },
    { name: 'path not starting with /', url: '/api/redirects?path=en', field: '/path' },
    { name: '10 KB path', url: `/api/redirects?path=/${'x'.repeat(10 * 1024)}`, field: '/path' },
  ])('$name → 400 naming the field', async ({ url, field }) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: siteAuth } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: false, error: 400, response: { field } });
    expect(res.json().message).toContain(`querystring${field}`);
  });
});

describe('POST /api/payme (JSON-RPC answers, never HTTP errors)', () => {
  test.each<{ name: string; payload: string; code: number; contentType?: string }>([
    { name: 'malformed JSON', payload: '{"method":', code: -32700 },
    { name: 'empty body', payload: '', code: -32700 },
    { name: 'missing method', payload: JSON.stringify({ id: 1, params: {} }), code: -32600 },
    { name: 'missing params', payload: JSON.stringify({ id: 1, method: 'CheckTransaction' }), code: -32600 },
    { name: 'wrong type', payload: JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: 5 } }), code: -32600 },
    { name: '10 KB id', payload: JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: 'x'.repeat(10 * 1024) } }), code: -32600 },
    { name: 'unknown method', payload: JSON.stringify({ id: 1, method: 'toString', params: {} }), code: -32601 },
    ...['CheckTransaction', 'CreateTransaction', 'PerformTransaction', 'CancelTransaction'].flatMap((method) => [
      { name: `${method} with a NUL byte in the id`, payload: JSON.stringify({ id: 1, method, params: { id: 'ab\u0000cd', time: 1, amount: 100, reason: 1, account: { contract_id: contractId } } }), code: -32600 },
      { name: `${method} with a lone surrogate in the id`, payload: JSON.stringify({ id: 1, method, params: { id: 'ab\ud800', time: 1, amount: 100, reason: 1, account: { contract_id: contractId } } }), code: -32600 },
    ]),
    { name: 'a form-encoded body', payload: 'id=1&method=CheckTransaction', contentType: 'application/x-www-form-urlencoded', code: -32700 },
    { name: 'a body over the size limit', payload: JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: 'x'.repeat(100 * 1024) } }), code: -32700 },
  ])('$name → error $code', async ({ payload, code, contentType }) => {
    const res = await app.inject({ method: 'POST', url: '/api/payme', payload, headers: { authorization: paycomAuth(), 'content-type': contentType ?? 'application/json' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().error.code).toBe(code);
    expect(res.json().error.message).toHaveProperty('uz');
  });
});

describe('values nested deeper than any call reads', () => {
  const deep = (levels: number) => `{"a":${'['.repeat(levels)}${']'.repeat(levels)}}`;
  test.each([
    { url: '/api/octo/notify', auth: false },
    { url: '/api/takoful/travel-neo/calculator', auth: true },
    { url: '/api/sayt/uyjoy-api/save', auth: true },
    { url: '/api/sayt/contract/check', auth: true },
  ])('$url: 10 000 brackets → 400 naming where, and the server answers normally after', async ({ url, auth }) => {
    const res = await app.inject({ method: 'POST', url, payload: deep(10_000), headers: { 'content-type': 'application/json', ...(auth ? { authorization: siteAuth } : {}) } });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ result: false, error: 400, response: { field: `/a${'/0'.repeat(31)}` } });
    expect(res.json().message).toContain('nested more than 32 levels deep');
    expect((await send('/api/takoful/travel-neo/calculator', JSON.stringify(travelCalculatorBody()))).statusCode).toBe(200);
  });
});

describe('keys that would reach an object\'s prototype', () => {
  test.each([
    { payload: '{"__proto__":{"x":1},"program_id":1}', field: '/__proto__' },
    { payload: '{"applicant":{"constructor":{"prototype":{"x":1}}}}', field: '/applicant/constructor' },
    { payload: '{"a":[{"b":{"__proto__":null}}]}', field: '/a/0/b/__proto__' },
  ])('$payload → 400 naming the key', async ({ payload, field }) => {
    const res = await send('/api/sayt/uyjoy-api/save', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ result: false, error: 400, response: { field } });
    expect(res.json().message).toContain('is a key no request may have');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});

describe('what Node refuses before the application sees it', () => {
  test('an address of 20 000 characters gets 431 in the envelope, naming the address', async () => {
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const res = await fetch(`${address}/verify/${'A'.repeat(20_000)}`);
    expect(res.status).toBe(431);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(await res.json()).toEqual({ result: false, error: 431, message: 'the address or the headers are too large (16 KB at most)', response: { field: '/url' } });
    expect((await fetch(`${address}/api/redirects?path=/en`, { headers: { authorization: siteAuth } })).status).toBe(200);
  });
});
