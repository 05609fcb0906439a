import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { AppError } from '../../envelope';
import { siteAuth } from '../../test-helpers';
import { maskPersonalData } from '../../logging';
import { describeValidation, thankYouRenderer } from './error-handler';
import type { ContractStanding } from '../../../products/kit/site/site-pages';

let app: FastifyInstance;
const logs: string[] = [];

beforeAll(async () => {
  app = await buildApp(testConfig(), {
    logger: { level: 'info', stream: { write: (line: string) => logs.push(line) } },
  });
  app.get('/api/boom', async () => {
    throw new Error('database password is hunter2 at /srv/app.ts:12');
  });
  app.get('/api/teapot', async () => {
    throw new AppError(418, 'car 01A123BC: owner not found in registry', { key: 2 });
  });
  app.post('/api/typed', { schema: { body: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'], additionalProperties: false } } }, async () => ({ ok: true }));
  await app.ready();
});
afterAll(() => app.close());

describe('the error handler', () => {
  test('an unexpected error answers a generic 500 envelope, no stack, logged with request context and reported', async () => {
    const res = await app.inject({ url: '/api/boom', headers: { authorization: siteAuth } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ result: false, error: 500, message: 'Internal server error', response: null });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('app.ts');
    const logged = logs.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.msg === 'request failed');
    // Routes added here sit outside routes/api, so no channel is known; route and request id are.
    expect(logged).toMatchObject({ route: '/api/boom', statusCode: 500, reqId: expect.any(String) });
    const report = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'failure').execute();
    expect(report.at(-1)?.text).toContain('HTTP 500 on GET /api/boom');
  });

  test('a service error keeps its status, message and response', async () => {
    const res = await app.inject({ url: '/api/teapot', headers: { authorization: siteAuth } });
    expect(res.statusCode).toBe(418);
    expect(res.json()).toEqual({ result: false, error: 418, message: 'car 01A123BC: owner not found in registry', response: { key: 2 } });
  });

  test('validation errors name the field', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/typed', payload: { n: 'one' }, headers: { authorization: siteAuth } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ result: false, error: 400, message: 'body/n must be integer', response: { field: '/n' } });
  });

  test('malformed JSON is 400, not 500', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/typed', payload: '{', headers: { authorization: siteAuth, 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().result).toBe(false);
  });

  test('describeValidation builds JSON pointers for required and additional properties', () => {
    expect(describeValidation('body', { keyword: 'required', instancePath: '/applicant', params: { missingProperty: 'phone' } })).toEqual({
      field: '/applicant/phone',
      message: 'body/applicant/phone is required',
    });
    expect(describeValidation('body', { keyword: 'additionalProperties', instancePath: '', params: { additionalProperty: 'x' } }).field).toBe('/x');
    expect(describeValidation('body', { keyword: 'pattern', instancePath: '/travelers/0/birthday', params: {}, message: 'must match pattern "^a$"' })).toEqual({
      field: '/travelers/0/birthday',
      message: 'body/travelers/0/birthday must match pattern "^a$"',
    });
  });

  test('maskPersonalData hides passport, card and PINFL numbers', () => {
    expect(maskPersonalData('AA1234567 card 8600000000000002 pinfl 31505900000011 order 100001')).toBe('AA12… card 86… pinfl 31… order 100001');
    // The price a refused amount is told stays whole; a passport after it does not.
    expect(maskPersonalData('amount differs, server: 5500000 (AB7654321)')).toBe('amount differs, server: 5500000 (AB76…)');
  });
});

describe('the thank-you page drawn by the server', () => {
  test('shows the contract the address names (a declined card as such, with the way back to paying), none, an unknown one, or, when it cannot be read, says to check again', async () => {
    const drawn: [string, ContractStanding][] = [];
    const warnings: unknown[] = [];
    const contract = { contract_id: '9b7a4c1e-0000-4000-8000-000000000001', order_id: '4821930475610238', product: 'home', status: 'issued', amount: 70_000, policy_number: 'HOM 2026000001', pdf_url: '/policies/x.pdf' } as const;
    const unpaid = { ...contract, status: 'awaiting_payment', policy_number: null, pdf_url: null } as const;
    let reading: () => Promise<typeof contract | typeof unpaid | undefined> = async () => contract;
    let declined = false;
    let returnUrl = '/ru/housing?step=payment';
    const fakeApp = {
      contracts: { view: () => reading(), get: async () => ({ return_url: returnUrl }) },
      payments: { lastDeclined: async () => declined },
      log: { warn: (...args: unknown[]) => warnings.push(args) },
    } as unknown as FastifyInstance;
    const render = thankYouRenderer(fakeApp, {
      renderFlowPage: () => Promise.reject(new Error('not asked')),
      renderThankYouPage: async (address, standing) => {
        drawn.push([address, standing]);
        return { lang: 'en', title: 'Thank you', html: '', hydrate: false };
      },
    });
    await render('/en/thank-you/a', contract.contract_id);
    await render('/en/thank-you', null);
    reading = async () => unpaid;
    await render('/en/thank-you/u', unpaid.contract_id);
    declined = true;
    await render('/en/thank-you/d', unpaid.contract_id);
    // Saved elsewhere (a partner's, back to this page): the card was declined, with no flow to go back to.
    returnUrl = `/thank-you/${unpaid.contract_id}`;
    await render('/en/thank-you/e', unpaid.contract_id);
    reading = async () => undefined;
    await render('/en/thank-you/b', 'b');
    reading = () => Promise.reject(new Error('connection refused'));
    await render('/en/thank-you/c', 'c');
    expect(drawn).toEqual([
      ['/en/thank-you/a', { state: 'found', contract }],
      ['/en/thank-you', { state: 'none' }],
      ['/en/thank-you/u', { state: 'found', contract: unpaid }],
      ['/en/thank-you/d', { state: 'found', contract: unpaid, declined: true, payAgain: '/ru/housing?step=payment' }],
      ['/en/thank-you/e', { state: 'found', contract: unpaid, declined: true }],
      ['/en/thank-you/b', { state: 'unknown' }],
      ['/en/thank-you/c', { state: 'unavailable' }],
    ]);
    expect(warnings).toHaveLength(1);
  });
});
