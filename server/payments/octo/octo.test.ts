import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reconcilePayments } from '../../lib/payment-reconciler';
import { createTestApp, homeSaveBody, paycomAuth, post } from '../../test-helpers';
import { octoSignature, octoSignatureValid, tashkentTime } from './client';
import { octoClient, octoRefund } from './payments';
import { octoSandboxApi, octoTestCards } from './sandbox-api';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function newContract(lang = 'en'): Promise<{ contract_id: string; amount: number; order_id: string; octo_url: string }> {
  const res = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ return_url: `/${lang}/housing?step=payment` }));
  expect(res.statusCode).toBe(200);
  return res.json().response;
}

/** Follows the save answer's Octo link as a browser would: our /pay route makes the payment and sends the visitor to Octo's page. */
async function startPayment(link: string): Promise<{ uuid: string; page: string }> {
  const started = await app.inject(new URL(link).pathname);
  expect(started.statusCode).toBe(303);
  const location = String(started.headers.location);
  const uuid = /\/sandbox\/octo\/pay\/([0-9a-f-]{36})$/.exec(location)?.[1];
  if (!uuid) throw new Error(`not Octo's page: ${location}`);
  return { uuid, page: new URL(location).pathname };
}

const payOnPage = (page: string, card: { number: string; expiry: string } = octoTestCards.pays) =>
  app.inject({ method: 'POST', url: page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ card_number: card.number, card_expiry: card.expiry }).toString() });

const sandbox = () => octoSandboxApi(app);

async function notify(uuid: string, status: string, signature = octoSignature(app.config.octo.uniqueKey, uuid, status)) {
  return app.inject({ method: 'POST', url: '/api/octo/notify', payload: { octo_payment_UUID: uuid, status, signature, shop_transaction_id: 'x', total_sum: 1 } });
}

const paymentsOf = (contractId: string) => app.db.selectFrom('payments').select(['provider', 'state', 'failure']).where('contract_id', '=', contractId).orderBy('created_at').execute();
const policiesOf = (contractId: string) => app.db.selectFrom('policies').select('id').where('contract_id', '=', contractId).execute();

describe('Octo notification signature', () => {
  test('is sha1(unique_key + uuid + status) in hex, taken in either case, never with another key, status or shape', () => {
    // sha1("k" + "u" + "succeeded") computed independently (`printf kusucceeded | sha1sum`).
    expect(octoSignature('k', 'u', 'succeeded')).toBe('a3e3c8b3fa5fea79489b1c77be127424b2327add');
    const signature = octoSignature('key', 'uuid-1', 'waiting_for_capture');
    expect(octoSignatureValid('key', 'uuid-1', 'waiting_for_capture', signature)).toBe(true);
    expect(octoSignatureValid('key', 'uuid-1', 'waiting_for_capture', signature.toUpperCase())).toBe(true);
    expect(octoSignatureValid('other', 'uuid-1', 'waiting_for_capture', signature)).toBe(false);
    expect(octoSignatureValid('key', 'uuid-1', 'succeeded', signature)).toBe(false);
    expect(octoSignatureValid('key', 'uuid-1', 'waiting_for_capture', `${signature}00`)).toBe(false);
    expect(octoSignatureValid('key', 'uuid-1', 'waiting_for_capture', 'zz'.repeat(20))).toBe(false);
  });

  test('init_time is Tashkent\'s wall clock', () => {
    expect(tashkentTime(new Date('2026-03-01T20:30:05Z'))).toBe('2026-03-02 01:30:05');
  });
});

describe('paying with Octo through its sandbox stand-in', () => {
  test('the link prepares a two-stage payment in decimal som; paying holds it, the notification captures it and issues the policy', async () => {
    const contract = await newContract('en');
    expect(contract.octo_url).toBe(`${app.config.publicUrl}/pay/octo/${contract.contract_id}`);
    const { uuid, page } = await startPayment(contract.octo_url);
    const held = await sandbox().payments.get(uuid);
    expect(held).toMatchObject({ amount: contract.amount * 100, autoCapture: false, test: true, language: 'en', status: 'created', notifyUrl: `${app.config.publicUrl}/api/octo/notify` });
    // What Octo itself is told: the amount in som, not tiyin.
    const read = await octoClient(app).status(held?.shopTransactionId ?? '');
    expect(read).toMatchObject({ uuid, status: 'created', amount: contract.amount * 100 });

    const shown = await app.inject(page);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="en">');
    expect(shown.body).toContain('70 000 UZS');
    expect(shown.body).toContain(`Order ${contract.order_id}`);

    const paid = await payOnPage(page);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${app.config.publicUrl}/en/housing?step=payment`);
    expect((await sandbox().payments.get(uuid))?.status).toBe('succeeded');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'octo', state: 'paid', failure: null }]);
    expect((await post(app, '/api/sayt/uyjoy-api/check', { contract_id: contract.contract_id })).json()).toMatchObject({ result: true, response: { check: true } });
  });

  test('a notification repeated, in any case, pays once; a forged or malformed one is refused without a 5xx', async () => {
    const contract = await newContract();
    const { uuid, page } = await startPayment(contract.octo_url);
    await payOnPage(page);
    for (const signature of [octoSignature(app.config.octo.uniqueKey, uuid, 'succeeded'), octoSignature(app.config.octo.uniqueKey, uuid, 'succeeded').toUpperCase()]) {
      const again = await notify(uuid, 'succeeded', signature);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ result: true, response: { outcome: 'settled' } });
    }
    expect(await policiesOf(contract.contract_id)).toHaveLength(1);
    const purchases = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'purchase').execute();
    expect(purchases.filter((row) => row.text.includes(contract.order_id))).toHaveLength(1);

    expect((await notify(uuid, 'succeeded', octoSignature('another key', uuid, 'succeeded'))).statusCode).toBe(401);
    expect((await notify(uuid, 'canceled', octoSignature(app.config.octo.uniqueKey, uuid, 'succeeded'))).statusCode).toBe(401);
    expect((await notify('4e2a9d3e-0000-4000-8000-000000000000', 'succeeded')).statusCode).toBe(404);
    for (const payload of [{ octo_payment_UUID: `${uuid}\u0000`, status: 'succeeded', signature: 'x' }, { octo_payment_UUID: [uuid, uuid], status: 'succeeded', signature: 'x' }, [1], 'null']) {
      const res = await app.inject({ method: 'POST', url: '/api/octo/notify', payload: JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(400);
    }
    const form = await app.inject({ method: 'POST', url: '/api/octo/notify', payload: `octo_payment_UUID=${uuid}&status=succeeded`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(form.statusCode).toBe(415);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');
  });

  test('a notification Octo cannot be asked about is answered 503, to be sent again; the payment stays open', async () => {
    const contract = await newContract();
    const { uuid } = await startPayment(contract.octo_url);
    const configured = app.config.octo;
    app.config.octo = { ...configured, secret: 'revoked' };
    try {
      const res = await notify(uuid, 'waiting_for_capture');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ result: false, message: 'Octo could not be asked about the payment; notify again' });
    } finally {
      app.config.octo = configured;
    }
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'octo', state: 'created', failure: null }]);
  });

  test('a declined card moves nothing and leaves the payment open; another card then pays', async () => {
    const contract = await newContract('ru');
    const { uuid, page } = await startPayment(contract.octo_url);
    const declined = await payOnPage(page, octoTestCards.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('<html lang="ru">');
    expect(declined.body).toContain('Карта отклонена');
    expect((await sandbox().payments.get(uuid))?.status).toBe('created');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'octo', state: 'created', failure: null }]);
    expect((await payOnPage(page, { number: '8600 0000 0000 0009', expiry: '12/30' })).statusCode).toBe(400);
    expect((await payOnPage(page)).statusCode).toBe(303);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');
  });

  test('a hold whose notification never came is captured by reconciliation', async () => {
    const contract = await newContract('uz');
    const { uuid, page } = await startPayment(contract.octo_url);
    const waiting = await payOnPage(page, octoTestCards.waits);
    expect(waiting.statusCode).toBe(200);
    expect(waiting.body).toContain('Bank toʻlovni hali tasdiqlamoqda');
    expect((await sandbox().payments.get(uuid))?.status).toBe('waiting_for_capture');
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('awaiting_payment');
    const round = await reconcilePayments(app, { olderThanMs: 0 });
    expect(round.settled).toBeGreaterThanOrEqual(1);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');
    expect((await sandbox().payments.get(uuid))?.status).toBe('succeeded');
  });

  test('held for a contract paid another way meanwhile (Payme), the hold is released, not taken: one policy, the chat told', async () => {
    const contract = await newContract();
    const { uuid, page } = await startPayment(contract.octo_url);
    const account = { contract_id: contract.contract_id };
    const rpc = (method: string, params: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { id: 1, method, params } });
    await rpc('CreateTransaction', { id: `payme-${uuid}`, time: Date.now(), amount: contract.amount * 100, account });
    expect((await rpc('PerformTransaction', { id: `payme-${uuid}` })).json().result.state).toBe(2);

    const paid = await payOnPage(page);
    expect(paid.statusCode).toBe(303);
    expect((await sandbox().payments.get(uuid))?.status).toBe('canceled');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'octo', state: 'refunded', failure: 'the hold was released: the contract was paid another way' }]);
    expect(await policiesOf(contract.contract_id)).toHaveLength(1);
    const refunds = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'refund').execute();
    expect(refunds.some((row) => row.text.includes(`order ${contract.order_id}`) && row.text.includes('octo'))).toBe(true);
    // Notified again: nothing more happens.
    expect((await notify(uuid, 'canceled')).json()).toMatchObject({ result: true });
    expect(await paymentsOf(contract.contract_id)).toHaveLength(1);
  });

  test('two Octo payments of one contract: the first pays it, the second\'s hold is released', async () => {
    const contract = await newContract();
    const first = await startPayment(contract.octo_url);
    const second = await startPayment(contract.octo_url);
    expect(first.uuid).not.toBe(second.uuid);
    await payOnPage(first.page);
    await payOnPage(second.page);
    expect((await sandbox().payments.get(first.uuid))?.status).toBe('succeeded');
    expect((await sandbox().payments.get(second.uuid))?.status).toBe('canceled');
    expect((await paymentsOf(contract.contract_id)).map((p) => p.state)).toEqual(['paid', 'refunded']);
    // The link of a paid contract leads back to the shop's page, which shows the policy.
    const link = await app.inject(new URL(contract.octo_url).pathname);
    expect(link.headers.location).toBe('/en/housing?step=payment');
  });

  test('a hold of another amount than ours is released and the contract stays unpaid', async () => {
    const contract = await newContract();
    const { uuid, page } = await startPayment(contract.octo_url);
    const api = sandbox();
    const made = await api.payments.get(uuid);
    if (!made) throw new Error('no sandbox payment');
    await api.payments.put(uuid, { ...made, amount: made.amount - 1 });
    await payOnPage(page);
    expect((await api.payments.get(uuid))?.status).toBe('canceled');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'octo', state: 'failed', failure: 'Octo held another amount; the hold was released' }]);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('awaiting_payment');
  });

  test('a taken payment is refunded in som, once whatever is asked twice', async () => {
    const contract = await newContract();
    const { uuid, page } = await startPayment(contract.octo_url);
    await payOnPage(page);
    const payment = await app.payments.get('octo', uuid);
    if (!payment) throw new Error('no payment');
    await octoRefund(app, payment);
    await octoRefund(app, payment);
    const refunded = await sandbox().payments.get(uuid);
    expect(refunded?.status).toBe('refunded');
    expect(refunded?.refunds).toEqual({ [payment.id]: contract.amount * 100 });
  });

  test('the stand-in\'s page never sends the payer to another site, and a made payment is not paid twice', async () => {
    const api = sandbox();
    const evil = await api.handle('prepare_payment', {
      octo_shop_id: app.config.octo.shopId, octo_secret: app.config.octo.secret, shop_transaction_id: 'evil-1', total_sum: 1000, currency: 'UZS',
      init_time: tashkentTime(), return_url: 'https://evil.example/steal', notify_url: 'https://evil.example/notify', language: 'en', auto_capture: false,
    });
    const uuid = (evil.data as { octo_payment_UUID: string }).octo_payment_UUID;
    const shown = await app.inject(`/sandbox/octo/pay/${uuid}`);
    expect(shown.body).not.toContain('evil.example');
    const paid = await payOnPage(`/sandbox/octo/pay/${uuid}`);
    expect(paid.statusCode).toBe(200);
    expect(paid.headers.location).toBeUndefined();
    expect(paid.body).not.toContain('evil.example');
    expect((await payOnPage(`/sandbox/octo/pay/${uuid}`)).body).toContain('This payment is made.');
    expect((await app.inject('/sandbox/octo/pay/nope')).statusCode).toBe(404);
  });

  test('the stand-in answers Octo\'s way: a wrong secret is error 2, a repeated id with another amount is refused', async () => {
    const api = sandbox();
    expect(await api.handle('prepare_payment', { octo_shop_id: app.config.octo.shopId, octo_secret: 'wrong', shop_transaction_id: 'x' })).toEqual({ error: 2, errMessage: 'Wrong secret' });
    const base = { octo_shop_id: app.config.octo.shopId, octo_secret: app.config.octo.secret, currency: 'UZS', init_time: tashkentTime(), return_url: `${app.config.publicUrl}/en`, notify_url: `${app.config.publicUrl}/api/octo/notify` };
    expect((await api.handle('prepare_payment', { ...base, shop_transaction_id: 'same', total_sum: '70000.00' })).error).toBe(0);
    expect((await api.handle('prepare_payment', { ...base, shop_transaction_id: 'same', total_sum: 70000 })).error).toBe(0);
    expect((await api.handle('prepare_payment', { ...base, shop_transaction_id: 'same', total_sum: 70000.01 })).error).toBe(1);
    const res = await app.inject({ method: 'POST', url: '/sandbox/octo/api/prepare_payment', payload: { octo_shop_id: 0 } });
    expect(res.json()).toEqual({ error: 2, errMessage: 'Wrong secret' });
  });
});
