import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../server/plugins/external/route-list';
import { saveContext } from '../../products/kit/testing/fake-api';
import { onSamplesDay, registeredProducts } from '../../products/kit/testing/product-tests';
import { alifSignature } from '../../server/payments/alif/client';
import { hostedSignature } from '../../server/payments/hosted/gateway';
import { octoSignature } from '../../server/payments/octo/client';
import {
  createTestApp, fixtureFile, fixtureFiles, homeSaveBody, inDays, multipart, paycomAuth, post, postMultipart, refusedFiles, siteAuth, travelCalculatorBody, type MultipartBody,
} from '../../server/test-helpers';
import { testConfig } from '../../server/config';
import { paynetPageStandIn } from '../../server/payments/paynet/page-stand-in';
import { clickAuthHeader } from '../../server/payments/click/signature';
import { loadProducts } from '../../server/lib/product-registry';
import { issuedPolicy, signIn, signedInClient } from '../support/cabinet-clients';
import { backOfficeAuth, insertClaim } from '../support/back-office-claims';
import { claimBody, claimData, fileClaim, fixtureClaimsDir, vali } from '../support/claim-filing';
import { buySample, serverApi } from '../support/sample-purchase';

/**
 * Property-based fuzzing of every route the server registers (the route list, so a new product's
 * calls are fuzzed without a line here): bodies built from each route's own request schema with
 * valid and hostile values, missing, extra and prototype-polluting keys; malformed JSON and wrong
 * content types; hostile query strings and path parameters, also as a signed-in client (the cabinet's
 * policy calls, past the session); repeated form fields on the sandbox
 * checkouts (Payme's, Click's, Octo's, the hosted page's, Alif's) and the sandbox Paynet terminal;
 * the /paynet page's order lookup (against a stand-in build); providers' notifications correctly
 * signed over hostile bodies, so their handlers run past the signature; random JSON-RPC on the Payme
 * and Paynet endpoints, random forms and JSON on Click's SHOP API; the multipart saves (files as parts)
 * with hostile, repeated, missing, unknown and countless parts, refused files and bodies cut short;
 * the claim calls (filing with its files, find-policy, a claim's documents) against a claim form.
 * Every answer is below 500 — a refusal names its field, Click's is its own JSON — and the server
 * answers normally afterwards.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
/** The tests that walk every route grow with every product's calls: their time limit is theirs, not the suite's 20 s. */
const perRoute = 180_000;
const clickConfig = testConfig().click;

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  items?: Schema;
};

// Every product's purchase sample is a valid request: on the day the samples are told on.
onSamplesDay();

let app: FastifyInstance;
let routes: RouteEntry[];
beforeAll(async () => {
  app = await createTestApp();
  routes = app.routeList;
});
afterAll(() => app.close());

/** Text no person types: NUL, halves of surrogate pairs, control characters, very long runs, injection attempts. */
const hostileText = fc.oneof(
  fc.constantFrom('', '\u0000', 'a\u0000b', '\uD800', 'x\uDFFFy', '\u202Eevil', '\r\n\r\nHTTP/1.1 200', "' OR 1=1 --", '../../../etc/passwd', '<script>alert(1)</script>', '{{7*7}}', '%00', '🏠'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('x'.repeat(10 * 1024), 'é'.repeat(40 * 1024)),
);
const hostileNumber = fc.oneof(fc.integer(), fc.double(), fc.constantFrom(0, -1, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2));
const anything: fc.Arbitrary<unknown> = fc.oneof(hostileText, hostileNumber, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 2 }));

/** Strings a pattern accepts; fast-check cannot generate from lookaheads, so those get any short text. */
function matching(pattern: string, maxLength: number): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(pattern)).filter((s) => s.length <= maxLength);
  } catch {
    return fc.string({ maxLength: Math.min(maxLength, 50) });
  }
}

/** Percent-encodes any JavaScript string as its UTF-8 bytes (a lone surrogate becomes U+FFFD's), as a browser would. */
const encode = (text: string) => [...Buffer.from(text, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');

/** Values for a schema node: valid ones (so handlers run past validation) and hostile ones. */
function valueFor(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return anything;
  const valid: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) valid.push(fc.constantFrom(...schema.enum));
  if (schema.const !== undefined) valid.push(fc.constant(schema.const));
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') {
    if (schema.pattern) valid.push(matching(schema.pattern, schema.maxLength ?? 1000));
    else if (schema.format === 'date') valid.push(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)));
    else valid.push(fc.string({ maxLength: schema.maxLength ?? 50 }));
  }
  if (type === 'integer') valid.push(fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1_000_000_000 }));
  if (type === 'number') valid.push(fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1e9, noNaN: true }));
  if (type === 'boolean') valid.push(fc.boolean());
  if (type === 'array') valid.push(fc.array(valueFor(schema.items, depth + 1), { maxLength: Math.min(schema.maxItems ?? 5, 12) }));
  if (type === 'object' || schema.properties) valid.push(objectFor(schema, depth + 1));
  return valid.length > 0 ? fc.oneof({ weight: 4, arbitrary: fc.oneof(...valid) }, { weight: 1, arbitrary: anything }) : anything;
}

/** Objects of the schema's own keys (any of them left out) plus strangers, prototype-polluting ones among them. */
function objectFor(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const known = fc.record(
    Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, valueFor(child, depth)])),
    { requiredKeys: [] },
  );
  const strangers = fc.dictionary(fc.oneof(fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'x\u0000', 'a'.repeat(300)), fc.string({ maxLength: 10 })), anything, { maxKeys: 2 });
  return fc.tuple(known, fc.oneof(fc.constant({}), strangers)).map(([own, extra]) => {
    const record: Record<string, unknown> = { ...own };
    // Defined as own properties, as JSON.parse would: `__proto__` must not reach the prototype.
    for (const [key, value] of Object.entries(extra)) Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
    return record;
  });
}

/** Click's SHOP API answer to anything but a correctly signed call: HTTP 200 and one of its merchant error codes. */
function expectClickRefusal(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBe(200);
  const answer = res.json<{ error: unknown; error_note: unknown }>();
  expect(answer.error, what).toBeOneOf([-1, -2, -3, -4, -5, -6, -7, -8, -9]);
  expect(typeof answer.error_note, what).toBe('string');
}

/** A request's answer: below 500, the envelope on /api (Click's own answer on its SHOP API), and a refusal that names its field. */
function expectHandled(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  if (what.includes(' /api/click/')) return expectClickRefusal(res, what);
  // Pages answer HTML, the PDF a file, Payme and Paynet JSON-RPC: the envelope is the site API's.
  if (!what.includes(' /api/') || what.includes('/api/policies/') || what.includes('/api/payme') || what.includes('/api/paynet')) return;
  const body = res.json<{ result: unknown; error: unknown; response: unknown }>();
  expect(typeof body.result, what).toBe('boolean');
  // A refusal of the request names what it refuses: a field, the body (not JSON, too large) or the content type.
  if ([400, 413, 415].includes(res.statusCode)) expect(typeof (body.response as { field?: unknown } | null)?.field, `${what}: ${res.body.slice(0, 300)}`).toBe('string');
}

type Path = (string | number)[];

/** Every path to a scalar inside a JSON value. */
function leafPaths(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leafPaths(item, [...path, i]));
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([k, v]) => leafPaths(v, [...path, k]));
  return [path];
}

const leafAt = (value: unknown, path: Path): unknown => path.reduce<unknown>((node, key) => (node as Record<string | number, unknown>)[key], value);

function setLeaf(value: unknown, path: Path, leaf: unknown) {
  const parent = leafAt(value, path.slice(0, -1)) as Record<string | number, unknown>;
  const key = path.at(-1) as string | number;
  if (leaf === undefined) delete parent[key];
  else parent[key] = leaf;
}

/** Valid requests, JSON and multipart, that get past validation and the sale's checks to the deepest code. */
interface ValidRequests {
  json: { url: string; body: unknown }[];
  multipart: { url: string; body: MultipartBody }[];
}

/**
 * A valid request for every call a product serves, found through the product registry: each
 * product's purchase sample bought through its binding against this server (catalog, registry
 * lookups, quote, the calls made on leaving steps, save, check), each sample flow quoted and saved
 * (the branches the purchase does not take: a document named by its plate, casco's constructor),
 * and its samples' requests of the calls only partners make; then the payment calls, each for a
 * contract it can take. A product call none of these reaches fails the suite, naming it.
 */
async function validRequests(): Promise<ValidRequests> {
  const found: ValidRequests = { json: [], multipart: [] };
  const context = { ...saveContext, files: fixtureFiles };
  for (const { definition, samples } of registeredProducts()) {
    const api = serverApi(app);
    await buySample(definition, samples, api, context);
    const catalog = await definition.binding.load(api);
    for (const { data } of samples.flows) {
      if (definition.binding.quote && definition.binding.quote.key(data) !== null) await definition.binding.quote.run(api, data, catalog);
      const price = definition.pricing(data, catalog);
      if (price) await definition.binding.save(api, data, price, context);
    }
    for (const [path, body] of Object.entries(samples.partnerRequests ?? {})) await api.post(path, body);
    for (const { method, path, body, form } of api.exchanges) {
      if (form) found.multipart.push({ url: `/api${path}`, body: form });
      else if (method === 'POST') found.json.push({ url: `/api${path}`, body });
    }
  }
  for (const [url, extra] of [['/api/payment/initialize', {}], ['/api/alifpay/createAlifInvoice', { phone: '998901234567' }]] as const) {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json<{ response: { contract_id: string } }>();
    found.json.push({ url, body: { contract_id: saved.response.contract_id, ...extra } });
  }
  // One of each: the same request twice fuzzes nothing new.
  const seen = new Set<string>();
  found.json = found.json.filter(({ url, body }) => {
    const key = `${url} ${JSON.stringify(body)}`;
    return !seen.has(key) && (seen.add(key), true);
  });
  return found;
}

let found: Promise<ValidRequests> | undefined;
/** The valid requests, found once for the tests that send them. */
const valid = () => (found ??= validRequests());

const inject = (options: InjectOptions) => app.inject({ ...options, headers: { authorization: siteAuth, ...options.headers } });

describe('fuzzing every route', () => {
  it('has routes to fuzz, and a valid request for every call a product serves', async () => {
    expect(routes.length).toBeGreaterThan(15);
    // The methods the tests below fuzz: a route of another method would go unfuzzed.
    for (const route of routes) expect(route.method).toMatch(/^(GET|POST|DELETE)$/);
    const { json, multipart: forms } = await valid();
    const reached = new Set([...json, ...forms].map((request) => request.url));
    for (const { manifest, sale } of await loadProducts()) {
      const calls = [manifest.calls.save, manifest.calls.check, ...(sale.calls ?? []).filter((call) => call.method === 'POST').map((call) => call.path)];
      // A call only partners make needs a request in its product's samples (`partnerRequests`).
      for (const path of calls) expect(reached, `a valid request for POST /api${path}`).toContain(`/api${path}`);
    }
  }, perRoute);

  it('JSON bodies built from each route\'s request schema never get a 5xx', async () => {
    for (const route of routes.filter((r) => r.method === 'POST' && r.schema.body)) {
      await fc.assert(
        fc.asyncProperty(valueFor(route.schema.body as Schema), async (body) => {
          const res = await inject({ method: 'POST', url: route.url, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
          expectHandled(res, `POST ${route.url}`);
        }),
        { numRuns: RUNS },
      );
    }
  }, perRoute);

  // Every leaf of every product's valid requests, each a request: the work grows with each product, past the default 20 s.
  it('one hostile value in an otherwise valid request never gets a 5xx', async () => {
    // Valid requests get past validation and the sale's checks, so a bad value reaches the deepest code.
    // Every leaf gets each of the values that broke servers before, then random ones.
    const known: unknown[] = ['\u0000', 'Tashkent\u0000 street 5', 'Tashkent \uD800 street 5', 'x\uDFFF', 'x'.repeat(10 * 1024), '', -1, 0, 1e308, 2 ** 63, 1.5, null, true, [], {}, { __proto__: { polluted: 1 } }];
    for (const { url, body } of (await valid()).json) {
      const leaves = leafPaths(body);
      for (const path of leaves) {
        for (const value of [...known, undefined, [leafAt(body, path), leafAt(body, path)]]) {
          const mutated = structuredClone(body);
          setLeaf(mutated, path, value);
          const res = await inject({ method: 'POST', url, payload: JSON.stringify(mutated), headers: { 'content-type': 'application/json' } });
          expectHandled(res, `POST ${url} ${path.join('/')} = ${JSON.stringify(value)?.slice(0, 20)}`);
        }
      }
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...leaves), fc.oneof(anything, fc.constant(undefined), fc.constant('__list__')), async (path, value) => {
          const mutated = structuredClone(body);
          setLeaf(mutated, path, value === '__list__' ? [leafAt(body, path), leafAt(body, path)] : value);
          const res = await inject({ method: 'POST', url, payload: JSON.stringify(mutated), headers: { 'content-type': 'application/json' } });
          expectHandled(res, `POST ${url} ${path.join('/')}`);
        }),
        { numRuns: RUNS },
      );
    }
  }, perRoute);

  it('malformed JSON and wrong content types never get a 5xx', async () => {
    const contentTypes = ['application/json', 'text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16', ''];
    const raw = fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.json().map((j) => j.slice(0, -1)), fc.constantFrom('', '{', '[', 'null', '"\\u0000"', '{"__proto__":{"polluted":1}}', '{"a":1,"a":2}', 'a=1&a=2'));
    for (const route of routes.filter((r) => r.method === 'POST')) {
      await fc.assert(
        fc.asyncProperty(raw, fc.constantFrom(...contentTypes), async (payload, type) => {
          const res = await inject({ method: 'POST', url: route.url.replace('*', 'x'), payload, headers: type ? { 'content-type': type } : {} });
          expectHandled(res, `POST ${route.url}`);
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  }, perRoute);

  it('multipart saves take hostile, repeated, missing, unknown and countless parts and refused files without a 5xx, naming the part', async () => {
    const saves = (await valid()).multipart;
    const sendParts = async (url: string, body: MultipartBody) => {
      const res = await postMultipart(app, url, body);
      expectHandled(res, `POST ${url} (multipart)`);
      return res;
    };
    const fieldOf = (res: LightMyRequestResponse) => res.json<{ response: { field?: string } | null }>().response?.field;
    for (const { url, body } of saves) {
      expect((await postMultipart(app, url, body)).statusCode, url).toBe(200);
      for (const [i, [name]] of body.fields.entries()) {
        if (name === 'return_url') continue;
        const others = body.fields.filter((_, j) => j !== i);
        // An optional field may be left out; a required one missing is refused by name.
        const missing = await sendParts(url, { ...body, fields: others });
        if (missing.statusCode !== 200) expect(fieldOf(missing), `${name} missing`).toBe(`/${name}`);
        expect(fieldOf(await sendParts(url, { ...body, fields: [...body.fields, [name, 'x']] })), `${name} twice`).toBe(`/${name}`);
        expect(fieldOf(await sendParts(url, { ...body, fields: [...others, [name, 'a\u0000b']] })), `${name} with NUL`).toBe(`/${name}`);
        for (const value of ['', 'x'.repeat(5000), '-1', '1e308', '__proto__', '{"a":1}', '<script>', '\uD800']) {
          await sendParts(url, { ...body, fields: [...others, [name, value]] });
        }
        expect((await sendParts(url, { ...body, files: [...body.files, { name, filename: 'x.jpg', blob: fixtureFile('pet-face.jpg') }] })).statusCode, `${name} as a file`).toBe(400);
      }
      for (const [i, file] of body.files.entries()) {
        const others = body.files.filter((_, j) => j !== i);
        expect(fieldOf(await sendParts(url, { ...body, files: others })), `${file.name} missing`).toBe(`/${file.name}`);
        expect(fieldOf(await sendParts(url, { ...body, files: [...body.files, file] })), `${file.name} twice`).toBe(`/${file.name}`);
        expect(fieldOf(await sendParts(url, { fields: [...body.fields, [file.name, 'not a file']], files: others })), `${file.name} as text`).toBe(`/${file.name}`);
        for (const refused of refusedFiles()) {
          const res = await sendParts(url, { ...body, files: [...others, { name: file.name, filename: refused.filename, blob: refused.blob }] });
          expect(res.statusCode, `${file.name}: ${refused.what}`).toBeGreaterThanOrEqual(400);
          expect(res.json<{ response: { field: string; reason: string } }>().response, `${file.name}: ${refused.what}`).toMatchObject({ field: `/${file.name}` });
        }
        for (const filename of ['../../etc/passwd', 'a\u0000b.jpg', 'x'.repeat(5000), '', '\r\nContent-Type: text/html']) {
          await sendParts(url, { ...body, files: [...others, { ...file, filename }] });
        }
      }
      for (const name of ['__proto__', 'constructor', 'prototype', 'x\u0000', 'a'.repeat(300), 'unknown']) {
        await sendParts(url, { ...body, fields: [[name, 'x'], ...body.fields] });
      }
      await sendParts(url, { ...body, fields: Array.from({ length: 3000 }, (_, i) => [`f${i}`, 'x'] as [string, string]) });
      await sendParts(url, { ...body, files: Array.from({ length: 40 }, (_, i) => ({ name: `file${i}`, filename: 'a.jpg', blob: fixtureFile('pet-face.jpg') })) });
      // Cut short anywhere before its closing delimiter (only the line end after it may go): never taken.
      const whole = await multipart(body);
      await fc.assert(
        fc.asyncProperty(fc.integer({ min: 0, max: whole.payload.length - 3 }), async (cut) => {
          const res = await app.inject({ method: 'POST', url, payload: whole.payload.subarray(0, cut), headers: { authorization: siteAuth, 'content-type': whole.contentType } });
          expectHandled(res, `POST ${url} cut at ${cut}`);
          expect(res.statusCode).not.toBe(200);
        }),
        { numRuns: RUNS },
      );
      // Any parts at all: known names and strangers, hostile text and files.
      const names = fc.constantFrom(...body.fields.map(([name]) => name), ...body.files.map((file) => file.name), '__proto__', 'x', 'constructor');
      const part = fc.tuple(names, fc.oneof(hostileText.map((text) => text.slice(0, 5000)), fc.constantFrom('pet-face.jpg', 'salary-certificate.pdf').map((f) => fixtureFile(f))));
      await fc.assert(
        fc.asyncProperty(fc.array(part, { maxLength: 12 }), async (parts) => {
          const fields = parts.filter((p): p is [string, string] => typeof p[1] === 'string');
          const files = parts.filter((p): p is [string, Blob] => typeof p[1] !== 'string').map(([name, blob]) => ({ name, filename: 'f', blob }));
          await sendParts(url, { fields, files });
        }),
        { numRuns: RUNS },
      );
    }
    // Each save sends every refused file (a 20 MB one among them) for each of its file parts.
  }, 180_000);

  it('hostile path parameters and query strings never get a 5xx', async () => {
    const segment = fc.oneof(hostileText.map((t) => encode(t.slice(0, 2000))), fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%00', '..%2F..%2Fetc', '%2e%2e', 'TRV%201'));
    const query = fc.dictionary(fc.constantFrom('path', 'transaction_param', 'service_id', 'merchant_id', 'amount', 'return_url', 'x', 'step', 'ad', 'lang', 'order'), fc.oneof(hostileText, segment), { maxKeys: 4 });
    for (const route of routes.filter((r) => r.method === 'GET' || r.method === 'DELETE')) {
      await fc.assert(
        fc.asyncProperty(segment, query, async (param, params) => {
          const path = route.url.replace(/:[A-Za-z]+|\*/g, param);
          const search = Object.entries(params).map(([k, v]) => `${k}=${encode(String(v).slice(0, 3000))}`).join('&');
          // Click's merchant API stand-in answers only Click's Auth: with it, the hostile parameters reach its handlers.
          const headers = route.url.startsWith('/sandbox/click/api/') ? { auth: clickAuthHeader(clickConfig.merchantUserId, clickConfig.secretKey) } : {};
          const res = await inject({ method: route.method as 'GET' | 'DELETE', url: search ? `${path}?${search}` : path, headers });
          expectHandled(res, `${route.method} ${route.url}`);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('a signed-in client\'s calls take hostile path parameters and query strings without a 5xx: the handlers, past the session, look them up', async () => {
    const session = await signIn(app, '998901230099', { passport_seria: 'AD', passport_number: '3333333', birthday: '10.01.1960' }, '10.8.0.1');
    const segment = fc.oneof(hostileText.map((t) => encode(t.slice(0, 2000))), fc.constantFrom('%00', `${'0'.repeat(8)}-0000-0000-0000-${'0'.repeat(11)}%00`, '00000000-0000-4000-8000-000000000000', 'null', '-1', '%27%20OR%201%3D1--'));
    const cabinetCalls = routes.filter((r) => r.method === 'GET' && r.url.startsWith('/api/shaxsiy_kabinet/'));
    expect(cabinetCalls.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/shaxsiy_kabinet/get/policy/:id', '/api/shaxsiy_kabinet/get/policy/:id/pdf', '/api/shaxsiy_kabinet/get/renewal/:id']));
    for (const route of cabinetCalls) {
      await fc.assert(
        fc.asyncProperty(segment, hostileText, async (param, value) => {
          const res = await app.inject({ method: 'GET', url: `${route.url.replace(/:[A-Za-z]+/g, param)}?id=${encode(value.slice(0, 3000))}`, headers: session });
          expectHandled(res, `GET ${route.url}`);
          // Signed in, the session was taken: a refusal is the call's, not a 401.
          expect(res.statusCode, `GET ${route.url}`).not.toBe(401);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('the back office\'s calls, with its token, take hostile path parameters, queries and bodies without a 5xx, naming the field', async () => {
    const claims = await Promise.all((['received', 'under_review', 'approved'] as const).map((status) => insertClaim(app.db, { status, payoutAmount: status === 'approved' ? 1000 : null })));
    const calls = routes.filter((r) => r.url.startsWith('/api/back-office/'));
    expect(calls.map((r) => `${r.method} ${r.url}`)).toEqual(expect.arrayContaining(['GET /api/back-office/claims/:id', 'POST /api/back-office/claims/:id/status']));
    const segment = fc.oneof(fc.constantFrom(...claims), hostileText.map((t) => encode(t.slice(0, 2000))), fc.constantFrom('%00', `${claims[0]}%00`, '00000000-0000-4000-8000-000000000000', 'null', '-1'));
    const query = fc.dictionary(fc.constantFrom('status', 'limit', 'before', 'x'), fc.oneof(hostileText, fc.constantFrom('received', 'paid', '1', '200', '201', '0', '2026-12-01T00:00:00Z', '9999-99-99T99:99:99Z')), { maxKeys: 3 });
    const status = fc.constantFrom('received', 'documents_requested', 'under_review', 'approved', 'declined', 'paid');
    const body = fc.oneof(
      fc.record({ status: fc.oneof(status, anything), reason: fc.oneof(hostileText, fc.constant('Because')), documents: fc.oneof(fc.array(fc.oneof(fc.constantFrom('photos', 'police_report'), hostileText), { maxLength: 4 }), anything), amount: fc.oneof(hostileNumber, fc.constant('100')) }, { requiredKeys: [] }),
      anything,
    );
    for (const route of calls) {
      await fc.assert(
        fc.asyncProperty(segment, segment, query, body, async (id, fileId, params, payload) => {
          const url = route.url.replace(':id', id).replace(':fileId', fileId);
          const search = Object.entries(params).map(([k, v]) => `${k}=${encode(String(v).slice(0, 3000))}`).join('&');
          const res = await app.inject({
            method: route.method as 'GET' | 'POST', url: search ? `${url}?${search}` : url, headers: { ...backOfficeAuth, 'content-type': 'application/json' },
            ...(route.method === 'POST' ? { payload: JSON.stringify(payload) } : {}),
          });
          expectHandled(res, `${route.method} ${route.url}`);
          expect(res.statusCode, `${route.method} ${route.url}`).not.toBe(401);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('the sandbox back office page takes repeated, missing and hostile form fields without a 5xx', async () => {
    const id = await insertClaim(app.db, { status: 'under_review' });
    const names = fc.constantFrom('status', 'reason', 'documents', 'amount', '_xsrf', 'x', '__proto__');
    const values = fc.oneof(hostileText, fc.constantFrom('declined', 'approved', 'documents_requested', 'photos', 'police_report', '1 500 000', '12.5', '1e308'));
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(names, values), { maxLength: 8 }), fc.boolean(), fc.constantFrom(id, '00000000-0000-4000-8000-000000000000'), async (fields, withCookie, claim) => {
        const payload = fields.map(([k, v]) => `${encode(k)}=${encode(v.slice(0, 2000))}`).join('&');
        const res = await app.inject({
          method: 'POST', url: `/sandbox/claims/${claim}/status`, payload,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie: 'XSRF-TOKEN=abc' } : {}) },
        });
        expectHandled(res, 'POST /sandbox/claims/:id/status');
        // Back to the page, saying what was wrong; only a body over the form's size or with a prototype's key is refused before it is read.
        if (res.statusCode !== 303) expect([400, 413], res.body.slice(0, 200)).toContain(res.statusCode);
        else expect((await app.inject(String(res.headers.location).replace(/#.*/, ''))).statusCode).toBe(200);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('the sandbox checkout takes repeated, missing and hostile form fields without a 5xx', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json<{ response: { payme_url: string } }>().response;
    const checkout = new URL(saved.payme_url).pathname;
    const field = fc.tuple(fc.constantFrom('card_number', 'card_expiry', '_xsrf', 'x', '__proto__'), fc.oneof(hostileText, fc.constantFrom('8600000000000001', '12/30')));
    await fc.assert(
      fc.asyncProperty(fc.array(field, { maxLength: 6 }), fc.boolean(), async (fields, withCookie) => {
        const payload = fields.map(([k, v]) => `${encode(k)}=${encode(v.slice(0, 2000))}`).join('&');
        const res = await app.inject({
          method: 'POST', url: checkout, payload,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie: 'XSRF-TOKEN=abc' } : {}) },
        });
        expectHandled(res, `POST ${checkout}`);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('the sandbox Click page takes repeated, missing and hostile form fields without a 5xx', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json<{ response: { url: string } }>().response;
    const link = new URL(saved.url);
    const field = fc.tuple(fc.constantFrom('card_number', 'card_expiry', '_xsrf', 'x', '__proto__'), fc.oneof(hostileText, fc.constantFrom('8600000000000001', '8600000000000002', '12/30')));
    await fc.assert(
      fc.asyncProperty(fc.array(field, { maxLength: 6 }), fc.boolean(), async (fields, withCookie) => {
        const payload = fields.map(([k, v]) => `${encode(k)}=${encode(v.slice(0, 2000))}`).join('&');
        const res = await app.inject({
          method: 'POST', url: `${link.pathname}${link.search}`, payload,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie: 'XSRF-TOKEN=abc' } : {}) },
        });
        expectHandled(res, `POST ${link.pathname}`);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  /** Follows a save answer's link to a provider's page as a browser would: the page's path and query. */
  async function providerPage(link: string): Promise<string> {
    const started = await app.inject(new URL(link).pathname);
    expect(started.statusCode, link).toBe(303);
    const location = new URL(String(started.headers.location));
    return `${location.pathname}${location.search}`;
  }

  it('the providers\' own sandbox pages take repeated, missing and hostile form fields without a 5xx', async () => {
    const saved = () => post(app, '/api/sayt/uyjoy-api/save', homeSaveBody()).then((res) => res.json<{ response: { octo_url: string; hosted_url: string; alif_url: string } }>().response);
    const octo = await providerPage((await saved()).octo_url);
    const hosted = await providerPage((await saved()).hosted_url);
    const alif = new URL(await providerPage((await saved()).alif_url), app.config.publicUrl).searchParams.get('invoice') ?? '';
    const forms = [octo, hosted, '/sandbox/alif/checkout/card', '/sandbox/alif/checkout/nasiya', '/sandbox/alif/checkout/confirm'];
    const names = fc.constantFrom('card_number', 'card_expiry', '_xsrf', 'invoice', 'phone', 'months', 'code', 'x', '__proto__');
    const values = fc.oneof(hostileText, fc.constantFrom('8600000000000001', '8600000000000002', '12/30', '+998 90 123 45 67', '6', '111111', alif));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...forms), fc.array(fc.tuple(names, values), { maxLength: 6 }), fc.boolean(), async (url, fields, withCookie) => {
        const payload = fields.map(([k, v]) => `${encode(k)}=${encode(v.slice(0, 2000))}`).join('&');
        const res = await app.inject({
          method: 'POST', url, payload,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie: 'XSRF-TOKEN=abc' } : {}) },
        });
        expectHandled(res, `POST ${url}`);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('Click\'s SHOP API answers any form or JSON with Click\'s JSON (HTTP 200, a merchant error code)', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json<{ response: { contract_id: string } }>().response;
    const names = ['click_trans_id', 'service_id', 'click_paydoc_id', 'merchant_trans_id', 'merchant_prepare_id', 'amount', 'action', 'error', 'error_note', 'sign_time', 'sign_string', 'x', '__proto__', 'constructor'];
    const plausible = fc.constantFrom('1', '0', '-1', '10001', '70000.00', '70000', '-5017', saved.contract_id, '2026-03-01 12:00:00', 'd41d8cd98f00b204e9800998ecf8427e', '9007199254740993', '1e5');
    const value = fc.oneof(plausible, hostileText.map((t) => t.slice(0, 2000)));
    const formBody = fc.array(fc.tuple(fc.constantFrom(...names), value), { maxLength: 14 }).map((fields) => fields.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&'));
    const jsonBody = fc.dictionary(fc.constantFrom(...names), fc.oneof(value, hostileNumber, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 1 })), { maxKeys: 12 }).map((o) => JSON.stringify(o));
    const body = fc.oneof(
      formBody.map((payload) => ({ payload, type: 'application/x-www-form-urlencoded' })),
      jsonBody.map((payload) => ({ payload, type: 'application/json' })),
      fc.tuple(fc.string({ unit: 'binary', maxLength: 300 }), fc.constantFrom('application/json', 'application/x-www-form-urlencoded', 'text/plain', '')).map(([payload, type]) => ({ payload, type })),
    );
    for (const path of ['/api/click/prepare', '/api/click/complete']) {
      await fc.assert(
        fc.asyncProperty(body, async ({ payload, type }) => {
          const res = await app.inject({ method: 'POST', url: path, payload, headers: type ? { 'content-type': type } : {} });
          expectClickRefusal(res, `POST ${path} ${type}`);
        }),
        { numRuns: RUNS * 2 },
      );
    }
  });

  it('notifications signed as each provider signs them, over hostile bodies, never get a 5xx', async () => {
    const saved = () => post(app, '/api/sayt/uyjoy-api/save', homeSaveBody()).then((res) => res.json<{ response: { octo_url: string; hosted_url: string; alif_url: string } }>().response);
    // Real payments among the ids, so some notifications reach the provider's status read.
    const octoId = /[0-9a-f-]{36}$/.exec(await providerPage((await saved()).octo_url))?.[0] ?? '';
    const hostedId = /[0-9a-f]{24}$/.exec(await providerPage((await saved()).hosted_url))?.[0] ?? '';
    const alifId = new URL(await providerPage((await saved()).alif_url), app.config.publicUrl).searchParams.get('invoice') ?? '';
    const id = fc.oneof(hostileText, fc.constantFrom(octoId, hostedId, alifId, 0, -1, 1e21, null, [octoId]));
    const status = fc.oneof(hostileText, fc.constantFrom('succeeded', 'waiting_for_capture', 'canceled', 'paid', 'declined', 'SUCCEEDED', 'FAILED'));
    const extra = fc.dictionary(fc.constantFrom('total_sum', 'amount', 'status', 'payment', '__proto__', 'x'), anything, { maxKeys: 3 });
    await fc.assert(
      fc.asyncProperty(id, status, extra, async (paymentId, state, more) => {
        const uuid = typeof paymentId === 'string' ? paymentId : JSON.stringify(paymentId);
        const octo = { ...more, octo_payment_UUID: paymentId, status: state, signature: octoSignature(app.config.octo.uniqueKey, uuid, state) };
        const octoRes = await app.inject({ method: 'POST', url: '/api/octo/notify', payload: JSON.stringify(octo), headers: { 'content-type': 'application/json' } });
        expectHandled(octoRes, 'POST /api/octo/notify');
        const alif = JSON.stringify({ ...more, id: paymentId, status: state });
        const alifRes = await app.inject({ method: 'POST', url: '/api/alif/webhook', payload: alif, headers: { 'content-type': 'application/json', signature: alifSignature(app.config.alif.secret, alif) } });
        expectHandled(alifRes, 'POST /api/alif/webhook');
        const hosted = JSON.stringify({ ...more, payment_id: paymentId, status: state });
        const hostedRes = await app.inject({ method: 'POST', url: '/api/hosted/notify', payload: hosted, headers: { 'content-type': 'application/json', 'x-signature': hostedSignature(app.config.hosted.secret, hosted) } });
        expectHandled(hostedRes, 'POST /api/hosted/notify');
      }),
      { numRuns: RUNS * 2 },
    );
    // Signed right over the real payments, each reaches its provider's status read and is answered.
    const octo = JSON.stringify({ octo_payment_UUID: octoId, status: 'succeeded', signature: octoSignature(app.config.octo.uniqueKey, octoId, 'succeeded') });
    const alif = JSON.stringify({ id: alifId, status: 'SUCCEEDED' });
    const hosted = JSON.stringify({ payment_id: hostedId, status: 'paid' });
    for (const [url, payload, headers] of [
      ['/api/octo/notify', octo, {}],
      ['/api/alif/webhook', alif, { signature: alifSignature(app.config.alif.secret, alif) }],
      ['/api/hosted/notify', hosted, { 'x-signature': hostedSignature(app.config.hosted.secret, hosted) }],
    ] as const) {
      const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
      expect(res.json(), url).toMatchObject({ result: true, response: { outcome: 'pending' } });
    }
  });

  it('the Payme endpoint answers any JSON-RPC with a JSON-RPC answer', async () => {
    const methods = ['CheckPerformTransaction', 'CreateTransaction', 'PerformTransaction', 'CancelTransaction', 'CheckTransaction', 'GetStatement', 'ChangePassword'];
    // Payme never sends more than a few hundred bytes; a body over the limit is refused before the protocol (413).
    const small = fc.oneof(hostileText.filter((t) => t.length < 1000), hostileNumber, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }));
    const params = fc.oneof(small, fc.record({ id: small, amount: small, time: small, account: fc.oneof(small, fc.record({ contract_id: small })), from: small, to: small, reason: small }, { requiredKeys: [] }));
    const call = fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: fc.oneof(fc.constantFrom(...methods), hostileText.filter((t) => t.length < 1000)), params }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(call, async (body) => {
        const res = await app.inject({ method: 'POST', url: '/api/payme', payload: JSON.stringify(body), headers: { authorization: paycomAuth(), 'content-type': 'application/json' } });
        expect(res.statusCode).toBe(200);
        const answer = res.json<Record<string, unknown>>();
        expect('result' in answer || 'error' in answer).toBe(true);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('the Paynet endpoint answers any JSON-RPC, in any content type, with a JSON-RPC answer and HTTP 200', async () => {
    const { login, password, serviceId } = testConfig().paynet;
    const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json<{ response: { order_id: string; amount: number } }>().response;
    const methods = ['GetInformation', 'PerformTransaction', 'CheckTransaction', 'CancelTransaction', 'GetStatement', 'ChangePassword'];
    const small = fc.oneof(hostileText.filter((t) => t.length < 1000), hostileNumber, fc.boolean(), fc.constant(null), fc.jsonValue({ maxDepth: 3 }));
    // Values Paynet would send among hostile ones, so calls get past the first check to the deeper ones.
    const params = fc.oneof(small, fc.record({
      serviceId: fc.oneof(fc.constant(Number(serviceId)), fc.constant(serviceId), small),
      transactionId: fc.oneof(fc.integer({ min: 0 }), small),
      amount: fc.oneof(fc.constant(saved.amount * 100), small),
      transactionTime: fc.oneof(fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 19).replace('T', ' ')), small),
      dateFrom: fc.oneof(fc.constant('2020-01-01 00:00:00'), small),
      dateTo: fc.oneof(fc.constant('2030-01-01 00:00:00'), small),
      fields: fc.oneof(small, fc.record({ order_id: fc.oneof(fc.constant(saved.order_id), small) }, { requiredKeys: [] })),
    }, { requiredKeys: [] }));
    const call = fc.record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.integer(), fc.string(), fc.constant(null)), method: fc.oneof(fc.constantFrom(...methods), hostileText.filter((t) => t.length < 1000)), params }, { requiredKeys: [] });
    await fc.assert(
      fc.asyncProperty(call, fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', ''), async (body, type) => {
        const res = await app.inject({ method: 'POST', url: '/api/paynet', payload: JSON.stringify(body), headers: { authorization, ...(type ? { 'content-type': type } : {}) } });
        expect(res.statusCode, res.body).toBe(200);
        const answer = res.json<Record<string, unknown>>();
        expect('result' in answer || 'error' in answer).toBe(true);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('the sandbox Paynet terminal takes repeated, missing and hostile form fields without a 5xx', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json<{ response: { order_id: string; amount: number } }>().response;
    const value = fc.oneof(hostileText, fc.constantFrom(saved.order_id, String(saved.amount * 100), 'en', 'ru', '1000000000000000'));
    const field = fc.tuple(fc.constantFrom('order', 'amount', 'lang', '_xsrf', '__proto__'), value);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('/sandbox/paynet/terminal', '/sandbox/paynet/terminal/pay'), fc.array(field, { maxLength: 6 }), fc.boolean(), async (url, fields, withCookie) => {
        const payload = fields.map(([k, v]) => `${encode(k)}=${encode(v.slice(0, 1000))}`).join('&');
        const res = await app.inject({
          method: 'POST', url, payload,
          headers: { 'content-type': 'application/x-www-form-urlencoded', ...(withCookie ? { cookie: 'XSRF-TOKEN=abc' } : {}) },
        });
        expectHandled(res, `POST ${url}`);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it('the /paynet page answers any order number typed, in any language, without a 5xx', async () => {
    const site = await createTestApp({ siteDir: paynetPageStandIn() });
    try {
      const saved = (await post(site, '/api/sayt/uyjoy-api/save', homeSaveBody())).json<{ response: { order_id: string } }>().response;
      const typed = fc.oneof(hostileText.map((t) => encode(t.slice(0, 3000))), fc.constantFrom(saved.order_id, `${saved.order_id.slice(0, 8)}+${saved.order_id.slice(8)}`, '%', '%E0%A4%A', '%ED%A0%80', '$%26', '$1'));
      const extra = fc.constantFrom('', `&order=${saved.order_id}`, '&order=', '&x=1');
      await fc.assert(
        fc.asyncProperty(fc.constantFrom('uz', 'en', 'ru'), typed, extra, async (lang, order, more) => {
          const res = await site.inject({ method: 'GET', url: `/${lang}/paynet?order=${order}${more}`, headers: { accept: 'text/html' } });
          expectHandled(res, `GET /${lang}/paynet?order=${order}`);
          // Text no one can type (NUL, broken UTF-16) is refused for every address, naming the parameter; the rest is the page.
          if (res.statusCode === 400) expect(res.json<{ response: { field: string } }>().response.field).toMatch(/^\/order/);
          else expect(res.body).toContain(`<html lang="${lang}"`);
          expect(res.body).not.toContain('<script>alert');
        }),
        { numRuns: RUNS * 2 },
      );
    } finally {
      await site.close();
    }
  });

  it('still answers normally afterwards', async () => {
    const res = await post(app, '/api/takoful/travel-neo/calculator', travelCalculatorBody());
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(true);
  });
});

/**
 * The insurance-event calls and the cabinet's claim calls against a claim form (the fixture's, as
 * the products' own may not be there yet): a valid claim, then each of its answers replaced by a
 * hostile value, hostile, repeated, unknown and refused parts, bodies cut short; find-policy with
 * any body; documents sent by a signed-in client as any parts.
 */
describe('fuzzing the claim calls', () => {
  let claims: FastifyInstance;
  let policyNumber: string;
  let session: Record<string, string>;
  let claimId: string;
  beforeAll(async () => {
    claims = await createTestApp({ claimsDir: fixtureClaimsDir });
    policyNumber = (await issuedPolicy(claims, { pinfls: [vali.pinfl], product: 'osago', beginDate: inDays(-30), endDate: inDays(330) })).number;
    ({ headers: session } = await signedInClient(claims, { phone: '998901230098', pinfl: vali.pinfl }));
    const filed = await fileClaim(claims, claimBody(claimData({ number: policyNumber }, inDays(-1))));
    expect(filed.statusCode, filed.body).toBe(200);
    claimId = filed.json<{ response: { claim_id: string } }>().response.claim_id;
  });
  afterAll(() => claims.close());

  const filed = async (body: MultipartBody, what: string) => {
    const res = await fileClaim(claims, body);
    expectHandled(res, `POST /api/insurance-event/osago/file ${what}`);
    return res;
  };

  it('a claim with one hostile answer, anywhere in its data, is refused naming a field, never a 5xx', async () => {
    const data = claimData({ number: policyNumber }, inDays(-1));
    const known: unknown[] = ['\u0000', 'a\u0000b', '\uD800', 'x'.repeat(10 * 1024), '', -1, 1e308, 1.5, null, true, [], {}, { __proto__: { polluted: 1 } }];
    for (const path of leafPaths(data)) {
      for (const value of [...known, undefined]) {
        const mutated = structuredClone(data);
        setLeaf(mutated, path, value);
        await filed(claimBody(mutated, { files: claimBody(data).files }), `${path.join('/')} = ${JSON.stringify(value)?.slice(0, 20)}`);
      }
    }
    await fc.assert(
      fc.asyncProperty(objectFor({ properties: { policy: {}, event: {}, damage: {}, payout: {}, consent: {}, receipt: {} } }, 0), async (value) => {
        await filed({ fields: [['claim', JSON.stringify({ data: value })]], files: [] }, 'random steps');
      }),
      { numRuns: RUNS },
    );
  }, perRoute);

  it('hostile, repeated, unknown, countless and refused parts, and bodies cut short, are refused naming the part', async () => {
    const body = claimBody(claimData({ number: policyNumber }, inDays(-2)));
    const fieldOf = (res: LightMyRequestResponse) => res.json<{ response: { field?: string } | null }>().response?.field;
    for (const name of ['__proto__', 'constructor', 'x\u0000', 'a'.repeat(300), 'unknown']) {
      const res = await filed({ ...body, fields: [...body.fields, [name, 'x']] }, `field ${name}`);
      expect(res.statusCode).toBe(400);
      await filed({ ...body, files: [...body.files, { name, filename: 'a.jpg', blob: fixtureFile('pet-face.jpg') }] }, `file ${name}`);
    }
    for (const refused of refusedFiles()) {
      const [first, ...rest] = body.files;
      const res = await filed({ ...body, files: [{ name: first?.name ?? '', filename: refused.filename, blob: refused.blob }, ...rest] }, refused.what);
      expect(fieldOf(res), refused.what).toBe('/damage/photos/0');
    }
    for (const filename of ['../../etc/passwd', 'a\u0000b.jpg', 'x'.repeat(5000), '', '\r\nContent-Type: text/html']) {
      await filed({ ...body, files: body.files.map((file) => ({ ...file, filename })) }, `filename ${JSON.stringify(filename.slice(0, 20))}`);
    }
    await filed({ ...body, fields: Array.from({ length: 3000 }, (_, i) => [`f${i}`, 'x'] as [string, string]) }, 'countless fields');
    await filed({ ...body, files: Array.from({ length: 40 }, (_, i) => ({ name: `${i}`, filename: 'a.jpg', blob: fixtureFile('pet-face.jpg') })) }, 'countless files');
    const whole = await multipart(body);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: whole.payload.length - 3 }), async (cut) => {
        const res = await claims.inject({ method: 'POST', url: '/api/insurance-event/osago/file', payload: whole.payload.subarray(0, cut), headers: { authorization: siteAuth, 'content-type': whole.contentType } });
        expectHandled(res, `POST /api/insurance-event/osago/file cut at ${cut}`);
        expect(res.statusCode).not.toBe(200);
      }),
      { numRuns: RUNS },
    );
    const names = fc.constantFrom<string>('claim', ...body.files.map((file) => file.name), '__proto__', 'x');
    const part = fc.tuple(names, fc.oneof(hostileText.map((text) => text.slice(0, 5000)), fc.constantFrom('pet-face.jpg', 'salary-certificate.pdf').map((f) => fixtureFile(f))));
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 12 }), async (parts) => {
        const fields = parts.filter((p): p is [string, string] => typeof p[1] === 'string');
        const files = parts.filter((p): p is [string, Blob] => typeof p[1] !== 'string').map(([name, blob]) => ({ name, filename: 'f', blob }));
        await filed({ fields, files }, 'random parts');
      }),
      { numRuns: RUNS },
    );
  }, perRoute);

  it('find-policy and the documents of a claim take any body without a 5xx', async () => {
    const findBody = fc.oneof(objectFor({ properties: { policy_number: { type: 'string' }, passport: { type: 'string', pattern: '^[A-Z]{2}[0-9]{7}$' }, birthday: { type: 'string', format: 'date' } } }, 0), anything);
    await fc.assert(
      fc.asyncProperty(findBody, async (body) => {
        const res = await claims.inject({ method: 'POST', url: '/api/insurance-event/osago/find-policy', payload: JSON.stringify(body), headers: { authorization: siteAuth, 'content-type': 'application/json' } });
        expectHandled(res, 'POST /api/insurance-event/osago/find-policy');
      }),
      { numRuns: RUNS },
    );
    const url = `/api/shaxsiy_kabinet/client-claim/${claimId}/documents`;
    const part = fc.tuple(fc.constantFrom<string>('photos', 'police_report', '__proto__', 'x'), fc.oneof(hostileText.map((text) => text.slice(0, 2000)), fc.constantFrom('pet-face.jpg', 'salary-certificate.pdf').map((f) => fixtureFile(f))));
    await fc.assert(
      fc.asyncProperty(fc.array(part, { maxLength: 14 }), async (parts) => {
        const fields = parts.filter((p): p is [string, string] => typeof p[1] === 'string');
        const files = parts.filter((p): p is [string, Blob] => typeof p[1] !== 'string').map(([name, blob]) => ({ name, filename: 'f', blob }));
        const res = await postMultipart(claims, url, { fields, files }, session);
        expectHandled(res, `POST ${url}`);
        expect(res.statusCode).not.toBe(401);
      }),
      { numRuns: RUNS },
    );
    for (const refused of refusedFiles()) {
      const res = await postMultipart(claims, url, { fields: [], files: [{ name: 'police_report', filename: refused.filename, blob: refused.blob }] }, session);
      expectHandled(res, `POST ${url} ${refused.what}`);
      expect(res.statusCode, refused.what).toBeGreaterThanOrEqual(400);
    }
    expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
  }, perRoute);
});
