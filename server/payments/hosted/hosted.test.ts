import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reconcilePayments } from '../../lib/payment-reconciler';
import { assertMatchesSchema, createTestApp, homeSaveBody, paycomAuth, post } from '../../test-helpers';
import { sandboxCards } from '../sandbox-checkout';
import { ProviderUnavailable, type ProviderRequest } from '../transport';
import { hostedHttpGateway, hostedSignature } from './gateway';
import { hostedGateway, hostedRefund } from './payments';
import { hostedPageLifetimeMs, hostedSandboxApi } from './sandbox-api';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

interface Saved {
  contract_id: string;
  amount: number;
  order_id: string;
  hosted_url: string;
}

async function newContract(lang = 'en'): Promise<Saved> {
  const res = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ return_url: `/${lang}/housing?step=payment` }));
  expect(res.statusCode).toBe(200);
  return res.json().response;
}

/** Follows the `hosted_url` link as a browser would: our /pay route initializes the page at the bank and sends the visitor there. */
async function startPayment(link: string): Promise<{ id: string; page: string }> {
  const started = await app.inject(new URL(link).pathname);
  expect(started.statusCode).toBe(303);
  const location = String(started.headers.location);
  const id = /\/sandbox\/hosted\/pay\/([0-9a-f]{24})$/.exec(location)?.[1];
  if (!id) throw new Error(`not the bank's page: ${location}`);
  return { id, page: new URL(location).pathname };
}

const payOnPage = (page: string, card: { number: string; expiry: string } = sandboxCards.pays) =>
  app.inject({ method: 'POST', url: page, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ card_number: card.number, card_expiry: card.expiry }).toString() });

const sandbox = () => hostedSandboxApi(app);

/** Calls our notification endpoint as the bank does (`signature` null: without the header). */
const notify = (raw: string, signature: string | null = hostedSignature(app.config.hosted.secret, raw), type = 'application/json') =>
  app.inject({ method: 'POST', url: '/api/hosted/notify', payload: raw, headers: { 'content-type': type, ...(signature === null ? {} : { 'x-signature': signature }) } });

const paymentsOf = (contractId: string) => app.db.selectFrom('payments').select(['provider', 'state', 'failure']).where('contract_id', '=', contractId).orderBy('created_at').execute();
const policiesOf = (contractId: string) => app.db.selectFrom('policies').select('id').where('contract_id', '=', contractId).execute();

describe('hosted page notification signature', () => {
  test('is hex(HMAC-SHA256(secret, raw body)) over the very bytes, checked in the X-Signature header', () => {
    const raw = '{"payment_id":"p1","status":"paid"}';
    // `printf '{"payment_id":"p1","status":"paid"}' | openssl dgst -sha256 -hmac s3cret`
    const expected = 'b6788d73178c95837c0d5604e5a234f571a26b7fcd2d93366323677536dbb043';
    expect(hostedSignature('s3cret', raw)).toBe(expected);
    const gateway = hostedHttpGateway(() => Promise.reject(new Error('not called')), { url: 'https://bank.example', merchantId: 'm', apiKey: 'k', secret: 's3cret' });
    expect(gateway.notified(Buffer.from(raw), { 'x-signature': expected })).toEqual({ paymentId: 'p1' });
    expect(gateway.notified(Buffer.from(raw), { 'x-signature': expected.toUpperCase() })).toEqual({ paymentId: 'p1' });
    // The same JSON written otherwise is other bytes.
    expect(gateway.notified(Buffer.from('{"payment_id": "p1","status":"paid"}'), { 'x-signature': expected })).toEqual({ refused: 'signature' });
    for (const wrong of [undefined, '', [expected], expected.slice(1), hostedSignature('other', raw)]) {
      expect(gateway.notified(Buffer.from(raw), { 'x-signature': wrong })).toEqual({ refused: 'signature' });
    }
    for (const body of ['not json', '[1]', '{"payment_id":["p1"]}', '{"payment_id":"p/1"}', '{}']) {
      expect(gateway.notified(Buffer.from(body), { 'x-signature': hostedSignature('s3cret', body) })).toEqual({ refused: 'body' });
    }
  });
});

describe('the assumed protocol over HTTP', () => {
  const config = { url: 'https://bank.example/api', merchantId: 'shop-1', apiKey: 'key-1', secret: 's' };
  /** A bank that answers `status` and `body` to every call, and the calls it got. */
  function bank(status: number, body: string) {
    const calls: ProviderRequest[] = [];
    const gateway = hostedHttpGateway(async (request) => {
      calls.push(request);
      return { status, body };
    }, config);
    return { gateway, calls };
  }
  const page = { orderId: 'o-1', amount: 7_000_000, description: 'Order 1', language: 'uz' as const, returnUrl: 'https://shop.example/uz', notifyUrl: 'https://shop.example/api/hosted/notify' };

  test('initialize posts the payment in tiyin with the Bearer key and reads payment_id and payment_url', async () => {
    const { gateway, calls } = bank(201, '{"payment_id":"p-1","payment_url":"https://bank.example/pay/p-1"}');
    expect(await gateway.initialize(page)).toEqual({ paymentId: 'p-1', paymentUrl: 'https://bank.example/pay/p-1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'https://bank.example/api/payments', headers: { authorization: 'Bearer key-1', 'content-type': 'application/json' } });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ merchant_id: 'shop-1', order_id: 'o-1', amount: 7_000_000, currency: 'UZS', description: 'Order 1', language: 'uz', return_url: 'https://shop.example/uz', notify_url: 'https://shop.example/api/hosted/notify' });
  });

  test('a refusal is the bank\'s (HostedApiError); a failure or a strange answer is the bank unavailable', async () => {
    await expect(bank(409, '{"error":{"code":"order_id","message":"used"}}').gateway.initialize(page)).rejects.toMatchObject({ name: 'HostedApiError', status: 409, code: 'order_id' });
    await expect(bank(502, '{"error":{}}').gateway.initialize(page)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(bank(200, '<html>').gateway.initialize(page)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(bank(200, '[]').gateway.initialize(page)).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(bank(201, '{"payment_id":"p-1","payment_url":"javascript:alert(1)"}').gateway.initialize(page)).rejects.toBeInstanceOf(ProviderUnavailable);
    // A status without its amount, for another payment, or unknown: nothing is settled on it.
    await expect(bank(200, '{"payment_id":"p-1","status":"paid"}').gateway.status('p-1')).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(bank(200, '{"payment_id":"p-2","status":"paid","amount":100}').gateway.status('p-1')).rejects.toBeInstanceOf(ProviderUnavailable);
    await expect(bank(200, '{"payment_id":"p-1","status":"settled","amount":100}').gateway.status('p-1')).rejects.toBeInstanceOf(ProviderUnavailable);
    expect(await bank(200, '{"payment_id":"p-1","status":"paid","amount":100}').gateway.status('p-1')).toEqual({ status: 'paid', amount: 100 });
  });

  test('a payment id that is not one is refused before any call', async () => {
    const { gateway, calls } = bank(200, '{}');
    await expect(gateway.status('../admin')).rejects.toMatchObject({ name: 'HostedApiError', status: 400 });
    await expect(gateway.refund('a/b')).rejects.toMatchObject({ name: 'HostedApiError', status: 400 });
    expect(calls).toHaveLength(0);
  });
});

describe('paying on the bank\'s hosted page through its sandbox stand-in', () => {
  test('the link initializes a page in tiyin and the shop\'s language; paying notifies the shop, which asks again and issues the policy', async () => {
    const contract = await newContract('ru');
    expect(contract.hosted_url).toBe(`${app.config.publicUrl}/pay/hosted/${contract.contract_id}`);
    const { id, page } = await startPayment(contract.hosted_url);
    expect(await sandbox().payments.get(id)).toMatchObject({
      amount: contract.amount * 100,
      language: 'ru',
      status: 'created',
      returnUrl: `${app.config.publicUrl}/ru/housing?step=payment`,
      notifyUrl: `${app.config.publicUrl}/api/hosted/notify`,
      description: `Заказ ${contract.order_id}`,
    });
    expect(await hostedGateway(app).status(id)).toEqual({ status: 'created', amount: contract.amount * 100 });

    const shown = await app.inject(page);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="ru">');
    expect(shown.body).toContain('70 000');
    expect(shown.body).toContain(`Заказ ${contract.order_id}`);
    expect(shown.body).toContain('href="http://localhost:3000/ru/housing?step=payment"');

    const paid = await payOnPage(page);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${app.config.publicUrl}/ru/housing?step=payment`);
    expect((await sandbox().payments.get(id))?.status).toBe('paid');
    expect((await sandbox().payments.get(id))?.maskedPan).toBe('860000******0001');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'hosted', state: 'paid', failure: null }]);
    expect((await post(app, '/api/sayt/uyjoy-api/check', { contract_id: contract.contract_id })).json()).toMatchObject({ result: true, response: { check: true } });
    // The page, visited again, says it is paid and takes no card.
    expect((await app.inject(page)).body).toContain('Этот платёж уже проведён.');
    expect((await payOnPage(page)).body).toContain('Этот платёж уже проведён.');
  });

  test('POST /payment/initialize answers the page\'s payment_url; a contract it cannot take is refused by name', async () => {
    const contract = await newContract('uz');
    const res = await post(app, '/api/payment/initialize', { contract_id: contract.contract_id });
    expect(res.statusCode).toBe(200);
    const answer = res.json().response;
    assertMatchesSchema('payment/initialize.response', answer);
    const id = /\/sandbox\/hosted\/pay\/([0-9a-f]{24})$/.exec(answer.payment_url)?.[1] ?? '';
    expect((await sandbox().payments.get(id))?.language).toBe('uz');
    expect((await app.inject(`/sandbox/hosted/pay/${id}`)).body).toContain('<html lang="uz">');

    const unknown = await post(app, '/api/payment/initialize', { contract_id: '4e2a9d3e-0000-4000-8000-000000000000' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toMatchObject({ result: false, error: 404, message: 'contract_not_payable' });
    await startPayment(contract.hosted_url).then(({ page }) => payOnPage(page));
    expect((await post(app, '/api/payment/initialize', { contract_id: contract.contract_id })).json()).toMatchObject({ result: false, message: 'contract_already_paid' });
    const bad = await post(app, '/api/payment/initialize', { contract_id: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('contract_id');
    const unauthenticated = await app.inject({ method: 'POST', url: '/api/payment/initialize', payload: { contract_id: contract.contract_id } });
    expect(unauthenticated.statusCode).toBe(401);
  });

  test('a notification repeated pays once; a forged, malformed or unknown one is refused without a 5xx', async () => {
    const contract = await newContract();
    const { id, page } = await startPayment(contract.hosted_url);
    await payOnPage(page);
    const raw = JSON.stringify({ payment_id: id, status: 'paid' });
    for (let i = 0; i < 2; i++) {
      const again = await notify(raw);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ result: true, response: { outcome: 'settled' } });
    }
    expect(await policiesOf(contract.contract_id)).toHaveLength(1);
    const purchases = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'purchase').execute();
    expect(purchases.filter((row) => row.text.includes(contract.order_id))).toHaveLength(1);

    expect((await notify(raw, hostedSignature('another secret', raw))).statusCode).toBe(401);
    expect((await notify(raw, null)).statusCode).toBe(401);
    expect((await notify(raw, `${hostedSignature(app.config.hosted.secret, raw)}00`)).statusCode).toBe(401);
    expect((await notify(JSON.stringify({ payment_id: 'ffffffffffffffffffffffff', status: 'paid' }))).statusCode).toBe(404);
    for (const body of ['[1]', 'null', '{"payment_id":["x"]}', `{"payment_id":"${id}\\u0000"}`, '{"status":"paid"}', '{']) {
      expect((await notify(body)).statusCode).toBe(400);
    }
    expect((await notify('', null)).statusCode).toBe(400);
    expect((await notify(`payment_id=${id}`, hostedSignature(app.config.hosted.secret, `payment_id=${id}`), 'application/x-www-form-urlencoded')).statusCode).toBe(415);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');
  });

  test('a notification the bank cannot be asked about (silent, or refusing our key) is answered 503, to be sent again; the payment stays open', async () => {
    const contract = await newContract();
    const { id, page } = await startPayment(contract.hosted_url);
    const raw = JSON.stringify({ payment_id: id, status: 'paid' });
    const configured = app.config.hosted;
    // Nothing listens on the discard port: the bank does not answer. Then a key the bank refuses.
    for (const broken of [{ apiUrl: 'http://127.0.0.1:9/api' }, { apiKey: 'revoked' }]) {
      app.config.hosted = { ...configured, ...broken };
      try {
        const res = await notify(raw);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ result: false, message: 'The bank could not be asked about the payment; notify again' });
      } finally {
        app.config.hosted = configured;
      }
    }
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'hosted', state: 'created', failure: null }]);
    await payOnPage(page);
    expect((await notify(raw)).json()).toMatchObject({ result: true, response: { outcome: 'settled' } });
  });

  test('a declined card closes the attempt as declined (the shop says so); another card on the same page then pays', async () => {
    const contract = await newContract('uz');
    const { id, page } = await startPayment(contract.hosted_url);
    const declined = await payOnPage(page, sandboxCards.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('<html lang="uz">');
    expect(declined.body).toContain('Karta rad etildi');
    expect((await sandbox().payments.get(id))?.status).toBe('declined');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'hosted', state: 'failed', failure: 'declined' }]);
    expect(await app.payments.lastDeclined(contract.contract_id)).toBe(true);
    expect((await payOnPage(page, { number: '8600 0000 0000 0009', expiry: '12/30' })).statusCode).toBe(400);
    expect((await payOnPage(page, { number: '8600 0000 0000 01', expiry: '12/30' })).statusCode).toBe(400);
    expect((await payOnPage(page)).statusCode).toBe(303);
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'hosted', state: 'paid', failure: null }]);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');
  });

  test('a payment whose notification never came is settled by reconciliation; an expired page is closed', async () => {
    const contract = await newContract();
    const { id } = await startPayment(contract.hosted_url);
    const api = sandbox();
    const made = await api.payments.get(id);
    if (!made) throw new Error('no sandbox payment');
    // Paid at the bank, its notification lost.
    await api.payments.put(id, { ...made, status: 'paid' });
    const round = await reconcilePayments(app, { olderThanMs: 0 });
    expect(round.settled).toBeGreaterThanOrEqual(1);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');

    const late = await newContract();
    const old = await startPayment(late.hosted_url);
    const unpaid = await api.payments.get(old.id);
    if (!unpaid) throw new Error('no sandbox payment');
    await api.payments.put(old.id, { ...unpaid, createdAt: Date.now() - hostedPageLifetimeMs - 1000 });
    expect((await hostedGateway(app).status(old.id)).status).toBe('expired');
    expect((await app.inject(old.page)).body).toContain('This payment page has expired.');
    await reconcilePayments(app, { olderThanMs: 0 });
    expect(await paymentsOf(late.contract_id)).toEqual([{ provider: 'hosted', state: 'failed', failure: 'closed by its provider' }]);
    expect((await app.contracts.get(late.contract_id))?.status).toBe('awaiting_payment');
  });

  test('paid for a contract paid another way meanwhile (Payme), the money is given back: one policy, the chat told', async () => {
    const contract = await newContract();
    const { id, page } = await startPayment(contract.hosted_url);
    const account = { contract_id: contract.contract_id };
    const rpc = (method: string, params: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { id: 1, method, params } });
    await rpc('CreateTransaction', { id: `payme-${id}`, time: Date.now(), amount: contract.amount * 100, account });
    expect((await rpc('PerformTransaction', { id: `payme-${id}` })).json().result.state).toBe(2);

    expect((await payOnPage(page)).statusCode).toBe(303);
    expect((await sandbox().payments.get(id))?.status).toBe('refunded');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'hosted', state: 'refunded', failure: 'the contract was paid another way' }]);
    expect(await policiesOf(contract.contract_id)).toHaveLength(1);
    const refunds = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'refund').execute();
    expect(refunds.some((row) => row.text.includes(`order ${contract.order_id}`) && row.text.includes('hosted'))).toBe(true);
    // Notified again: nothing more happens.
    const raw = JSON.stringify({ payment_id: id, status: 'paid' });
    expect((await notify(raw)).statusCode).toBe(200);
    expect(await paymentsOf(contract.contract_id)).toHaveLength(1);
  });

  test('a payment of another amount than the contract\'s is given back and the contract stays unpaid', async () => {
    const contract = await newContract();
    const { id, page } = await startPayment(contract.hosted_url);
    const api = sandbox();
    const made = await api.payments.get(id);
    if (!made) throw new Error('no sandbox payment');
    await api.payments.put(id, { ...made, amount: made.amount - 1 });
    await payOnPage(page);
    expect((await api.payments.get(id))?.status).toBe('refunded');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'hosted', state: 'refunded', failure: 'the bank took another amount than the contract\'s' }]);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('awaiting_payment');
  });

  test('a paid payment is refunded once whatever is asked twice; an unpaid one is not refunded', async () => {
    const contract = await newContract();
    const { id, page } = await startPayment(contract.hosted_url);
    const payment = await app.payments.get('hosted', id);
    if (!payment) throw new Error('no payment');
    await expect(hostedRefund(app, payment)).rejects.toMatchObject({ name: 'HostedApiError', status: 409 });
    await payOnPage(page);
    await hostedRefund(app, payment);
    await hostedRefund(app, payment);
    expect((await sandbox().payments.get(id))?.status).toBe('refunded');
  });

  test('the stand-in answers its protocol: a wrong key is 401, another merchant 403, a reused order id with another amount 409', async () => {
    const api = sandbox();
    const { merchantId, apiKey } = app.config.hosted;
    const authorization = `Bearer ${apiKey}`;
    const base = { merchant_id: merchantId, order_id: 'order-1', amount: 7_000_000, currency: 'UZS', language: 'en', return_url: `${app.config.publicUrl}/en`, notify_url: `${app.config.publicUrl}/api/hosted/notify` };
    expect((await api.handle({ method: 'POST', body: base, authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await api.handle({ method: 'POST', body: { ...base, merchant_id: 'other' }, authorization })).status).toBe(403);
    const made = await api.handle({ method: 'POST', body: base, authorization });
    expect(made.status).toBe(201);
    const again = await api.handle({ method: 'POST', body: base, authorization });
    expect(again.body.payment_id).toBe(made.body.payment_id);
    expect((await api.handle({ method: 'POST', body: { ...base, amount: 7_000_001 }, authorization })).status).toBe(409);
    for (const wrong of [{ amount: 70000.5 }, { amount: '7000000' }, { amount: 0 }, { currency: 'USD' }, { return_url: 'javascript:alert(1)' }, { order_id: '' }]) {
      const res = await api.handle({ method: 'POST', body: { ...base, order_id: `order-${JSON.stringify(wrong)}`, ...wrong }, authorization });
      expect(res.status).toBe(400);
    }
    expect((await api.handle({ method: 'GET', id: 'nope', body: null, authorization })).status).toBe(404);
    const http = await app.inject({ method: 'GET', url: `/sandbox/hosted/api/payments/${String(made.body.payment_id)}`, headers: { authorization } });
    expect(http.json()).toMatchObject({ payment_id: made.body.payment_id, status: 'created', amount: 7_000_000 });
    expect((await app.inject({ method: 'GET', url: `/sandbox/hosted/api/payments/${String(made.body.payment_id)}` })).statusCode).toBe(401);
  });

  test('the stand-in\'s page never sends the payer to another site', async () => {
    const api = sandbox();
    const { merchantId, apiKey } = app.config.hosted;
    const evil = await api.handle({
      method: 'POST',
      authorization: `Bearer ${apiKey}`,
      body: { merchant_id: merchantId, order_id: 'evil-1', amount: 100_000, currency: 'UZS', language: 'en', return_url: 'https://evil.example/steal', notify_url: 'https://evil.example/notify' },
    });
    const page = `/sandbox/hosted/pay/${String(evil.body.payment_id)}`;
    expect((await app.inject(page)).body).not.toContain('evil.example');
    const paid = await payOnPage(page);
    expect(paid.statusCode).toBe(200);
    expect(paid.headers.location).toBeUndefined();
    expect(paid.body).not.toContain('evil.example');
    expect(paid.body).toContain('This payment is made.');
    expect((await app.inject('/sandbox/hosted/pay/nope')).statusCode).toBe(404);
  });
});
