import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, homeSaveBody, neoAuth, post } from '../../test-helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('payment calls of every product', () => {
  test('the terms accepted on the payment step are recorded once, with their language', async () => {
    const { contract_id: id } = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    const first = await post(app, '/api/sayt/contract/terms', { contract_id: id, lang: 'ru' });
    expect(first.json()).toMatchObject({ result: true, response: { accepted_at: expect.any(String) } });
    const second = await post(app, '/api/sayt/contract/terms', { contract_id: id, lang: 'en' });
    expect(second.json().response.accepted_at).toBe(first.json().response.accepted_at);
    expect(await app.db.selectFrom('contracts').select('terms_lang').where('id', '=', id).executeTakeFirst()).toEqual({ terms_lang: 'ru' });
    expect((await post(app, '/api/sayt/contract/terms', { contract_id: '00000000-0000-4000-8000-000000000000', lang: 'uz' })).statusCode).toBe(404);
    expect((await post(app, '/api/sayt/contract/terms', { contract_id: id, lang: 'de' })).json().response.field).toBe('/lang');
  });

  test('check-universal answers any product\'s contract, by id or by the caller\'s own order number', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await post(app, '/api/sayt/contract/check-universal', { contract_id: saved.contract_id })).json()).toMatchObject({ result: false, error: 1, message: 'payment_not_made' });
    expect((await post(app, '/api/sayt/contract/check-universal', { order_id: Number(saved.order_id) })).json()).toMatchObject({ message: 'payment_not_made' });
    // Another client's order number is not found, as an unknown one is not.
    expect((await post(app, '/api/sayt/contract/check-universal', { order_id: saved.order_id }, { authorization: neoAuth })).statusCode).toBe(404);
  });

  test('order numbers are 16 random digits, not a count', async () => {
    const ids = await Promise.all([0, 1, 2].map(async () => Number((await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response.order_id)));
    for (const id of ids) expect(String(id)).toMatch(/^[1-8]\d{15}$/);
    expect(Math.abs((ids[1] ?? 0) - (ids[0] ?? 0))).toBeGreaterThan(1000);
  });

  test('a start link of an unknown provider or contract is not found', async () => {
    expect((await app.inject('/pay/nobody/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await app.inject('/pay/payme/%00')).statusCode).toBe(400);
  });
});
