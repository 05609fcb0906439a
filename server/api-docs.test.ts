import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { testConfig } from './config';
import type { RouteEntry } from './plugins/external/route-list';
import { createTestApp, neoAuth, paycomAuth, post, siteAuth, travelPrice, travelSaveBody } from './test-helpers';

/** The OpenAPI description covers every route the server registers, with its credential rule. */

type Operation = { summary?: string; security?: Record<string, unknown>[]; responses?: Record<string, unknown>; requestBody?: unknown; parameters?: unknown[] };

let app: FastifyInstance;
let paths: Record<string, Record<string, Operation>>;
let description: string;
beforeAll(async () => {
  app = await createTestApp();
  const docs = await app.inject('/api/docs/json');
  expect(docs.statusCode).toBe(200);
  const document = docs.json<{ openapi: string; paths: typeof paths; info: { description: string } }>();
  expect(document.openapi).toBe('3.1.0');
  paths = document.paths;
  description = document.info.description;
});
afterAll(() => app.close());

/** `/verify/:policyNumber` as OpenAPI writes it, `/verify/{policyNumber}`. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z]+)/g, '{$1}').replace(/\*$/, '{*}');

const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
/** The credentials the document may name, each as its caller sends it. */
const credentials = { site: siteAuth, paycom: paycomAuth(), paynet: basic(testConfig().paynet.login, testConfig().paynet.password), backOffice: `Bearer ${testConfig().backOffice.token}` };
type Scheme = keyof typeof credentials;
const schemes = Object.keys(credentials) as Scheme[];

const json = (answer: LightMyRequestResponse): Record<string, unknown> | null => {
  try {
    return answer.json<Record<string, unknown>>();
  } catch {
    return null;
  }
};
/** How each credential's check refuses a request that lacks it, as the caller sees it. */
const refusedBy: Record<Scheme, (answer: LightMyRequestResponse) => boolean> = {
  site: (answer) => answer.statusCode === 401 && json(answer)?.message === 'missing or wrong API credentials',
  paycom: (answer) => (json(answer)?.error as { code?: unknown } | undefined)?.code === -32504,
  paynet: (answer) => answer.statusCode === 401 && /^Basic realm="paynet"/.test(String(answer.headers['www-authenticate'])),
  backOffice: (answer) => answer.statusCode === 401 && json(answer)?.message === 'back_office_unauthorized',
};

/** The route called with an empty body (none for a GET) and its parameters filled in, with `authorization` if given. */
const call = (route: RouteEntry, authorization?: string) =>
  app.inject({
    method: route.method as 'GET',
    url: route.url.replace(/:[A-Za-z]+/g, 'x').replace(/\*$/, 'x'),
    headers: authorization ? { authorization } : {},
    ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
  });

describe('the API documentation', () => {
  test('lists every registered route, each with a summary', () => {
    const documented = app.routeList.filter((r) => !r.url.startsWith('/api/docs'));
    expect(documented.length).toBeGreaterThan(15);
    for (const route of documented) {
      const operation = paths[openApiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.summary, `${route.method} ${route.url}`).toMatch(/\w{5,}/);
    }
  });

  test('names, for every route, the credential it really checks: without it the route refuses, with it the route does not, with another it still does', async () => {
    const checked: Record<string, string[]> = {};
    for (const route of app.routeList.filter((r) => !r.url.startsWith('/api/docs'))) {
      const what = `${route.method} ${route.url}`;
      const bare = await call(route);
      const needed = schemes.filter((scheme) => refusedBy[scheme](bare));
      // A cabinet session's token is its own alternative (below), not found by calling without a credential.
      const documented = paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.security?.filter((alternative) => !('session' in alternative));
      expect(documented, what).toEqual(needed.map((scheme) => ({ [scheme]: [] })));
      for (const scheme of needed) {
        expect(refusedBy[scheme](await call(route, credentials[scheme])), `${what} with its credential`).toBe(false);
        for (const other of schemes.filter((s) => s !== scheme)) expect(refusedBy[scheme](await call(route, credentials[other])), `${what} with the ${other} credential`).toBe(true);
        (checked[scheme] ??= []).push(route.url);
      }
    }
    // The probe found each kind of credential where it is known to be.
    expect(checked.site).toContain('/api/sayt/uyjoy-api/save');
    expect(checked.paycom).toEqual(['/api/payme']);
    expect(checked.paynet).toEqual(['/api/paynet']);
    // The back office's calls take its token alone (the site's credential is among the others refused above).
    expect(checked.backOffice).toEqual(['/api/back-office/claims', '/api/back-office/claims/:id', '/api/back-office/claims/:id/file/:fileId', '/api/back-office/claims/:id/status']);
    // The providers that sign what they send are documented as no credential, and as payments.
    for (const path of ['/api/octo/notify', '/api/alif/webhook', '/api/hosted/notify', '/api/click/prepare']) {
      expect(paths[path]?.post?.security, path).toEqual([]);
      expect(JSON.stringify(paths[path]?.post), path).toContain('"tags":["payments"]');
    }
  });

  test('names the session token where a Bearer token is taken instead of the site\'s credential, and nowhere else', async () => {
    const bearer = `Bearer ${'a'.repeat(43)}`;
    const withSession: string[] = [];
    for (const route of app.routeList.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'))) {
      const what = `${route.method} ${route.url}`;
      const security = paths[openApiPath(route.url)]?.[route.method.toLowerCase()]?.security ?? [];
      const takesBearer = !refusedBy.site(await call(route, bearer)) && refusedBy.site(await call(route));
      expect(security.some((alternative) => 'session' in alternative), what).toBe(takesBearer);
      if (takesBearer) withSession.push(what);
    }
    expect(withSession).toEqual([
      'GET /api/shaxsiy_kabinet/get/info', 'POST /api/shaxsiy_kabinet/edit-profile', 'POST /api/shaxsiy_kabinet/change-phone/send-code',
      'POST /api/shaxsiy_kabinet/change-phone/confirm', 'GET /api/shaxsiy_kabinet/get/referrals', 'POST /api/shaxsiy_kabinet/logout',
      'GET /api/shaxsiy_kabinet/get/policy-new', 'GET /api/shaxsiy_kabinet/get/policy/:id', 'GET /api/shaxsiy_kabinet/get/policy/:id/pdf',
      'GET /api/shaxsiy_kabinet/get/renewal/:id', 'GET /api/shaxsiy_kabinet/get/unpaid', 'GET /api/shaxsiy_kabinet/client-claims',
      'GET /api/shaxsiy_kabinet/client-claim/:id', 'GET /api/shaxsiy_kabinet/client-claim/:id/file/:fileId', 'POST /api/shaxsiy_kabinet/client-claim/:id/documents',
    ]);
  });

  test('documents the insurance-event calls under the site\'s credential, filing with an Idempotency-Key, and the cabinet\'s claim file as a download', () => {
    for (const path of ['/api/insurance-event/{product}/find-policy', '/api/insurance-event/{product}/file']) expect(paths[path]?.post?.security, path).toEqual([{ site: [] }]);
    expect(paths['/api/insurance-event/{product}/policies']?.get?.security).toEqual([{ site: [] }]);
    expect(paths['/api/insurance-event/{product}/file']?.post?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'header', name: 'Idempotency-Key' })]));
    expect(paths['/api/shaxsiy_kabinet/client-claim/{id}/file/{fileId}']?.get?.responses?.['200']).toMatchObject({ content: { 'application/octet-stream': expect.any(Object) } });
  });

  test('says which credential each call needs, and the site API\'s answers and error codes', () => {
    expect(paths['/api/sayt/uyjoy-api/save']?.post?.security).toEqual([{ site: [] }]);
    expect(paths['/api/payme']?.post?.security).toEqual([{ paycom: [] }]);
    expect(paths['/api/policies/{file}']?.get?.security).toEqual([]);
    const save = paths['/api/takoful/travel-neo/save-polis']?.post;
    expect(Object.keys(save?.responses ?? {})).toEqual(['200', '400', '401', '403', '404', '409', '413', '415', '422', '500', '503']);
    // A save takes an Idempotency-Key (409: its first sending still answered; 422: the key used with another request).
    expect(save?.parameters).toEqual([expect.objectContaining({ in: 'header', name: 'Idempotency-Key', required: false, schema: expect.objectContaining({ maxLength: 255 }) })]);
    expect(JSON.stringify(save?.responses?.['422'])).toContain('Idempotency-Key');
    expect(Object.keys(paths['/api/sayt/uyjoy-api/check']?.post?.responses ?? {})).not.toContain('409');
    expect(JSON.stringify(save?.requestBody)).toContain('sugurtalovchi');
    expect(JSON.stringify(save?.responses?.['200'])).toContain('payme_url');
  });

  test('documents the answers as they come: a business refusal, Payme\'s calls, the policy file, no size or type refusal where no body is read', async () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    const answerOf = (path: string) => {
      const schema = (paths[path]?.post?.responses?.['200'] as { content: Record<string, { schema: object }> }).content['application/json']?.schema;
      if (!schema) throw new Error(`${path}: no 200 schema`);
      return ajv.compile(schema);
    };
    const saved = (await post(app, '/api/travel-neo/save-polis', travelSaveBody(await travelPrice(app)), { authorization: neoAuth })).json().response;
    const unpaid = (await post(app, '/api/travel-neo/checkPolis', { contract_id: saved.contract_id }, { authorization: neoAuth })).json();
    expect(unpaid).toMatchObject({ result: false, error: 1, response: null });
    const check = answerOf('/api/travel-neo/checkPolis');
    expect(check(unpaid), JSON.stringify(check.errors)).toBe(true);
    expect(check({ result: true, error: 0, message: 'ok', response: null })).toBe(false);
    const nobody = (await post(app, '/api/travel-neo/getPerson', { passportSeria: 'AA', passportNumber: '7777777', birthday: '15-05-1990' }, { authorization: neoAuth })).json();
    expect(answerOf('/api/travel-neo/getPerson')(nobody)).toBe(true);

    expect(JSON.stringify(paths['/api/payme']?.post?.requestBody)).toContain('contract_id');
    expect(Object.keys(paths['/api/policies/{file}']?.get?.responses ?? {})).toEqual(['200', '404', '410']);
    expect(JSON.stringify(paths['/api/policies/{file}']?.get?.responses?.['200'])).toContain('application/pdf');
    // The cabinet's PDF too is a file, refused in the envelope.
    const cabinetPdf = paths['/api/shaxsiy_kabinet/get/policy/{id}/pdf']?.get?.responses;
    expect(JSON.stringify(cabinetPdf?.['200'])).toContain('application/pdf');
    expect(Object.keys(cabinetPdf ?? {})).toEqual(expect.arrayContaining(['401', '404', '410']));
    expect(Object.keys(paths['/api/travel-neo/get_country']?.get?.responses ?? {})).not.toContain('415');
  });

  test('tells partners the shapes every call reads, and what stays refused', async () => {
    for (const shape of ['camelCase or snake_case', '`"2"`', '`"113850.00"`', '`"true"`', '`+998 90 123-45-67`', '`01 a 123 bc`', '`"2.5"` for an id', '`"yes"` for a yes/no']) {
      expect(description).toContain(shape);
    }
    // As it says: a sport save's id as a string and a spaced phone are read, "yes" for a flag is not.
    const sport = await post(app, '/api/sayt/sportsman/save/v2', { sportTypeId: '2' });
    expect(sport.json().response.field).not.toBe('/sport_type_id');
    const flag = await post(app, '/api/takoful/kasko-neo/hisoblash', { price: '140000000', risks: { liability: 'yes' } });
    expect(flag.statusCode).toBe(400);
    expect(flag.json().response.field).toBe('/risks/liability');
    expect((await post(app, '/api/takoful/kasko-neo/hisoblash', { price: '140000000', risks: { liability: 'true' } })).statusCode).toBe(200);
  });

  test('renders at /api/docs from this server alone', async () => {
    const page = await app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/https?:\/\/(?!127\.0\.0\.1|localhost)[a-z]/i);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).not.toMatch(/unsafe-eval|unsafe-inline|https:/);
    expect(policy).toMatch(/style-src 'self' 'sha256-/);
  });
});
