import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { parsePaymePayload } from '../../payments/payme/link';
import { createTestApp, homeSaveBody, neoAuth, payInSandbox, post } from '../../test-helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('payment calls of every product', () => {
  test('the terms accepted on the payment step are recorded once, with their language', async () => {
    const { contract_id: id, payme_url: paymeUrl } = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    const first = await post(app, '/api/sayt/contract/terms', { contract_id: id, lang: 'ru' });
    expect(first.json()).toMatchObject({ result: true, response: { accepted_at: expect.any(String) } });
    const second = await post(app, '/api/sayt/contract/terms', { contract_id: id, lang: 'en' });
    expect(second.json().response.accepted_at).toBe(first.json().response.accepted_at);
    expect(await app.db.selectFrom('contracts').select('terms_lang').where('id', '=', id).executeTakeFirst()).toEqual({ terms_lang: 'ru' });
    expect((await post(app, '/api/sayt/contract/terms', { contract_id: '00000000-0000-4000-8000-000000000000', lang: 'uz' })).statusCode).toBe(404);
    expect((await post(app, '/api/sayt/contract/terms', { contract_id: id, lang: 'de' })).json().response.field).toBe('/lang');
    // Paid with its terms accepted: the acceptance stands. Paid without: none is recorded after the payment.
    expect((await payInSandbox(app, paymeUrl)).statusCode).toBe(303);
    expect((await post(app, '/api/sayt/contract/terms', { contract_id: id, lang: 'uz' })).json().response.accepted_at).toBe(first.json().response.accepted_at);
    const unaccepted = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await payInSandbox(app, unaccepted.payme_url)).statusCode).toBe(303);
    const late = await post(app, '/api/sayt/contract/terms', { contract_id: unaccepted.contract_id, lang: 'uz' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ result: false, error: 409, response: { field: '/contract_id' } });
    expect(await app.db.selectFrom('contracts').select('terms_accepted_at').where('id', '=', unaccepted.contract_id).executeTakeFirst()).toEqual({ terms_accepted_at: null });
  });

  test('check-universal answers any product\'s contract, by id or by the caller\'s own order number', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await post(app, '/api/sayt/contract/check-universal', { contract_id: saved.contract_id })).json()).toMatchObject({ result: false, error: 1, message: 'payment_not_made' });
    expect((await post(app, '/api/sayt/contract/check-universal', { order_id: Number(saved.order_id) })).json()).toMatchObject({ message: 'payment_not_made' });
    // Both named, of two contracts: refused, naming the order number.
    const other = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    const mixed = await post(app, '/api/sayt/contract/check-universal', { contract_id: saved.contract_id, order_id: other.order_id });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json()).toMatchObject({ response: { field: '/order_id' } });
    expect((await post(app, '/api/sayt/contract/check-universal', { contract_id: saved.contract_id, order_id: saved.order_id })).json()).toMatchObject({ message: 'payment_not_made' });
    // Another client's order number is not found, as an unknown one is not.
    expect((await post(app, '/api/sayt/contract/check-universal', { order_id: saved.order_id }, { authorization: neoAuth })).statusCode).toBe(404);
  });

  test('order numbers are 16 random digits, not a count', async () => {
    const ids = await Promise.all([0, 1, 2].map(async () => Number((await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response.order_id)));
    for (const id of ids) expect(String(id)).toMatch(/^[1-8]\d{15}$/);
    expect(Math.abs((ids[1] ?? 0) - (ids[0] ?? 0))).toBeGreaterThan(1000);
  });

  test('the shop\'s pay link sends the visitor to any provider in the page\'s language, not the one the contract was saved in', async () => {
    const { contract_id: id } = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ return_url: '/uz/housing?step=payment' }))).json().response;
    const location = async (url: string) => {
      const answer = await app.inject(url);
      expect(answer.statusCode).toBe(303);
      return String(answer.headers.location);
    };
    const payme = parsePaymePayload((await location(`/pay/payme/${id}?lang=ru`)).split('/').pop() ?? '');
    expect(payme?.returnUrl).toBe(`${app.config.publicUrl}/ru/housing?step=payment`);
    expect(new URL(await location(`/pay/click/${id}?lang=en`), app.config.publicUrl).searchParams.get('return_url')).toBe(`${app.config.publicUrl}/en/housing?step=payment`);
    // The hosted page is made for the language asked, and says so.
    const hosted = await app.inject(await location(`/pay/hosted/${id}?lang=ru`));
    expect(hosted.body).toContain('lang="ru"');
    // Without a language, or with one the site has not, the contract's own.
    expect(parsePaymePayload((await location(`/pay/payme/${id}?lang=de`)).split('/').pop() ?? '')?.returnUrl).toBe(`${app.config.publicUrl}/uz/housing?step=payment`);
    expect(parsePaymePayload((await location(`/pay/payme/${id}?lang=ru&lang=en`)).split('/').pop() ?? '')?.returnUrl).toBe(`${app.config.publicUrl}/uz/housing?step=payment`);
  });

  test('a start link of an unknown provider or contract is not found', async () => {
    expect((await app.inject('/pay/nobody/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await app.inject('/pay/payme/%00')).statusCode).toBe(400);
  });
});
