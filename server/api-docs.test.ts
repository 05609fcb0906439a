import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { createTestApp, neoAuth, post, travelPrice, travelSaveBody } from './test-helpers';

/** The OpenAPI description covers every route the server registers, with its credential rule. */

type Operation = { summary?: string; security?: Record<string, unknown>[]; responses?: Record<string, unknown>; requestBody?: unknown };

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

  test('says which credential each call needs, and the site API\'s answers and error codes', () => {
    expect(paths['/api/sayt/uyjoy-api/save']?.post?.security).toEqual([{ site: [] }]);
    expect(paths['/api/payme']?.post?.security).toEqual([{ paycom: [] }]);
    expect(paths['/api/policies/{file}']?.get?.security).toEqual([]);
    const save = paths['/api/takoful/travel-neo/save-polis']?.post;
    expect(Object.keys(save?.responses ?? {})).toEqual(['200', '400', '401', '403', '404', '413', '415', '422', '500']);
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
