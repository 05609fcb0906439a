import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { testConfig } from '../../config';
import { reconcilePayments } from '../../lib/payment-reconciler';
import { createTestApp, homeSaveBody, paycomAuth, post } from '../../test-helpers';
import { checkoutTexts, sandboxCards } from '../sandbox-checkout';
import { clickAbandonedAfterMs, clickApi } from '.';
import { ClickApiError } from './merchant-api';
import { sandboxClickPayments, sandboxClickStatus } from './sandbox-api';
import { clickAuthHeader, clickSignString } from './signature';

/** The sandbox's Click: its payment page paying through our SHOP API, and its merchant API answering reconciliation and refunds. */

let app: FastifyInstance;
const config = testConfig();
const { serviceId, secretKey, merchantUserId } = config.click;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function newContract(returnUrl = '/uz/housing?step=payment') {
  const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ return_url: returnUrl }))).json().response;
  return { id: saved.contract_id as string, orderId: String(saved.order_id), link: new URL(saved.url as string) };
}

const pagePath = (link: URL) => `${link.pathname}${link.search}`;

/** Opens the Click page, then pays on it as a browser would (its XSRF cookie echoed in the form). */
async function payOnPage(link: URL | string, fields: Record<string, string> = { card_number: '8600 0000 0000 0001', card_expiry: '12/30' }, form = (xsrf: string) => new URLSearchParams({ ...fields, _xsrf: xsrf }).toString()): Promise<LightMyRequestResponse> {
  const path = typeof link === 'string' ? link : pagePath(link);
  const page = await app.inject(path);
  const cookie = page.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? 'none';
  return app.inject({ method: 'POST', url: path, headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `XSRF-TOKEN=${cookie}` }, payload: form(cookie) });
}

const clickPayments = (contractId: string) => app.db.selectFrom('payments').select(['reference', 'state', 'failure', 'detail']).where('contract_id', '=', contractId).where('provider', '=', 'click').execute();

async function payWithPayme(contractId: string) {
  const rpc = (method: string, params: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { id: 1, method, params } });
  const id = `payme-${Date.now()}-${Math.random()}`;
  await rpc('CreateTransaction', { id, time: Date.now(), amount: 70_000 * 100, account: { contract_id: contractId } });
  expect((await rpc('PerformTransaction', { id })).json().result.state).toBe(2);
}

describe('the sandbox Click page', () => {
  test('shows the order and its amount in the language of the page it returns to, and pays through Prepare and Complete', async () => {
    const contract = await newContract();
    const page = await app.inject(pagePath(contract.link));
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="uz">');
    expect(page.body).toContain(`Click · ${checkoutTexts.uz.title}`);
    expect(page.body).toContain(contract.orderId);
    expect(page.body).toContain('70 000 soʻm');
    expect(page.body).toContain('8600 0000 0000 0001');
    expect(page.headers['cache-control']).toBe('no-store');

    const paid = await payOnPage(contract.link);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${config.publicUrl}/uz/housing?step=payment`);
    expect((await app.contracts.get(contract.id))?.status).toBe('issued');
    const [payment] = await clickPayments(contract.id);
    expect(payment?.state).toBe('paid');
    // The sandbox's Click keeps the payment as paid, under the id it sent as click_paydoc_id.
    const kept = await sandboxClickPayments(app).get(String(payment?.detail.click_paydoc_id));
    expect(kept).toMatchObject({ clickTransId: payment?.reference, merchantTransId: contract.id, amount: '70000.00', status: sandboxClickStatus.paid });
    // Paid: the page says so and leads back.
    const again = await app.inject(pagePath(contract.link));
    expect(again.body).toContain(checkoutTexts.uz.alreadyPaid);
  });

  test('speaks Russian and English for pages in those languages', async () => {
    expect((await app.inject(pagePath((await newContract('/ru/housing?step=payment')).link))).body).toContain(checkoutTexts.ru.cardNumber);
    expect((await app.inject(pagePath((await newContract('/en/housing?step=payment')).link))).body).toContain(checkoutTexts.en.cardNumber);
  });

  test('a declined card: Click sends Complete with its error, the payment is closed as declined, the page says so with the way back', async () => {
    const contract = await newContract('/ru/housing?step=payment');
    const declined = await payOnPage(contract.link, { card_number: sandboxCards.declined.number, card_expiry: '12/30' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain(checkoutTexts.ru.declined);
    expect(declined.body).toContain(`href="${config.publicUrl}/ru/housing?step=payment"`);
    expect(await clickPayments(contract.id)).toEqual([expect.objectContaining({ state: 'failed', failure: 'declined' })]);
    expect((await post(app, '/api/sayt/uyjoy-api/check', { contract_id: contract.id })).json()).toMatchObject({ result: false, response: { last_payment: 'declined' } });
    const failures = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'failure').execute();
    // The staff find the order it names: its number whole, the card's masked.
    const order = (await app.contracts.get(contract.id))?.order_id;
    expect(failures.some((f) => f.text.includes('sandbox Click') && f.text.includes(`order ${order},`) && f.text.includes('****0002') && !f.text.includes(sandboxCards.declined.number))).toBe(true);
    // Another card then pays.
    expect((await payOnPage(contract.link)).statusCode).toBe(303);
    expect((await app.contracts.get(contract.id))?.status).toBe('issued');
  });

  test('an order paid another way while the page was open: Click\'s Prepare is refused and nothing is charged', async () => {
    const contract = await newContract('/en/housing?step=payment');
    const page = await app.inject(pagePath(contract.link));
    const cookie = page.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    await payWithPayme(contract.id);
    const res = await app.inject({
      method: 'POST', url: pagePath(contract.link),
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `XSRF-TOKEN=${cookie}` },
      payload: new URLSearchParams({ card_number: '8600000000000001', card_expiry: '12/30', _xsrf: cookie }).toString(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('The order is already paid. Nothing was charged.');
    expect(await clickPayments(contract.id)).toEqual([]);
    expect(await app.db.selectFrom('policies').select('id').where('contract_id', '=', contract.id).execute()).toHaveLength(1);
  });

  test('a link with another amount is refused by our Prepare (−2), and its tiyin are shown, not rounded', async () => {
    const contract = await newContract('/en/housing?step=payment');
    const forged = new URL(contract.link);
    forged.searchParams.set('amount', '69999.50');
    expect((await app.inject(pagePath(forged))).body).toContain('69999.50 UZS');
    const res = await payOnPage(forged);
    expect(res.statusCode).toBe(409);
    expect(res.body).toContain('The amount differs from that of the order. Nothing was charged.');
    expect((await app.contracts.get(contract.id))?.status).toBe('awaiting_payment');
  });

  test('returns only to this shop: another site\'s return address becomes the thank-you page', async () => {
    const contract = await newContract();
    const forged = new URL(contract.link);
    forged.searchParams.set('return_url', 'https://evil.example/uz/');
    const page = await app.inject(pagePath(forged));
    expect(page.body).toContain(`<a href="${config.publicUrl}/thank-you/${contract.id}">`);
    expect(page.body).not.toContain('href="https://evil');
    const paid = await payOnPage(forged);
    expect(paid.headers.location).toBe(`${config.publicUrl}/thank-you/${contract.id}`);
  });

  test('refuses a forged form: XSRF token missing or wrong, fields repeated, a card that is not a test card', async () => {
    const contract = await newContract('/en/housing?step=payment');
    const wrongToken = await payOnPage(contract.link, undefined, () => new URLSearchParams({ card_number: '8600000000000001', card_expiry: '12/30', _xsrf: 'forged' }).toString());
    expect(wrongToken.statusCode).toBe(403);
    expect(wrongToken.body).toContain(checkoutTexts.en.expired);
    const noToken = await payOnPage(contract.link, undefined, () => new URLSearchParams({ card_number: '8600000000000001', card_expiry: '12/30' }).toString());
    expect(noToken.statusCode).toBe(403);
    const repeated = await payOnPage(contract.link, undefined, (xsrf) => `card_number=8600000000000001&card_number=8600000000000002&card_expiry=12%2F30&_xsrf=${xsrf}`);
    expect(repeated.statusCode).toBe(400);
    expect(repeated.body).toContain(checkoutTexts.en.sendOnce);
    const repeatedToken = await payOnPage(contract.link, undefined, (xsrf) => `card_number=8600000000000001&card_expiry=12%2F30&_xsrf=${xsrf}&_xsrf=${xsrf}`);
    expect(repeatedToken.statusCode).toBe(403);
    const unknown = await payOnPage(contract.link, { card_number: '4111 1111 1111 1111', card_expiry: '12/30' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain(checkoutTexts.en.onlyTestCards);
    const nul = await payOnPage(contract.link, { card_number: '8600000000000001\u0000', card_expiry: '12/30' });
    expect(nul.statusCode).toBeLessThan(500);
    expect(await clickPayments(contract.id)).toEqual([]);
    expect((await app.contracts.get(contract.id))?.status).toBe('awaiting_payment');
  });

  test('a link that is not ours: 404 in the browser\'s language', async () => {
    const contract = await newContract();
    for (const change of [{ transaction_param: 'nope' }, { transaction_param: '00000000-0000-4000-8000-000000000000' }, { service_id: '1' }, { merchant_id: '1' }, { amount: '70000.001' }, { amount: '-1' }]) {
      const link = new URL(contract.link);
      for (const [name, value] of Object.entries(change)) link.searchParams.set(name, value);
      const res = await app.inject({ url: pagePath(link), headers: { 'accept-language': 'ru-RU' } });
      expect(res.statusCode, JSON.stringify(change)).toBe(404);
      expect(res.body).toContain(checkoutTexts.ru.notFound);
    }
    expect((await app.inject(`${pagePath(contract.link)}&amount=70000.00`)).statusCode).toBe(404);
  });
});

describe('reconciliation through Click\'s merchant API (its sandbox stand-in)', () => {
  /** Click's side of a payment whose Complete never reached us: prepared with us, then debited at Click. */
  async function paidAtClickOnly(contractId: string) {
    const paymentId = String(3_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
    const clickTransId = String(5_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
    const signTime = '2026-03-01 12:00:00';
    const fields = { click_trans_id: clickTransId, service_id: serviceId, click_paydoc_id: paymentId, merchant_trans_id: contractId, amount: '70000.00', action: '0', error: '0', error_note: 'Success', sign_time: signTime };
    const sign_string = clickSignString({ clickTransId, serviceId, merchantTransId: contractId, amount: '70000.00', action: '0', signTime }, secretKey);
    const prepared = await app.inject({ method: 'POST', url: '/api/click/prepare', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ ...fields, sign_string }).toString() });
    expect(prepared.json().error).toBe(0);
    const payment = await app.payments.get('click', clickTransId);
    if (!payment) throw new Error('not prepared');
    const date = new Date(payment.created_at.getTime() + 5 * 3_600_000).toISOString().slice(0, 10);
    await sandboxClickPayments(app).put(paymentId, { clickTransId, serviceId, merchantTransId: contractId, amount: '70000.00', date, status: sandboxClickStatus.paid, createdAt: Date.now() });
    return { paymentId, clickTransId, prepareId: prepared.json().merchant_prepare_id as number, signTime };
  }

  test('settles a Click payment whose Complete never arrived: one policy, and Click\'s late Complete is answered success', async () => {
    const contract = await newContract();
    const click = await paidAtClickOnly(contract.id);
    const counts = await reconcilePayments(app, { olderThanMs: 0 });
    expect(counts.settled).toBeGreaterThanOrEqual(1);
    expect((await app.contracts.get(contract.id))?.status).toBe('issued');
    const late = { click_trans_id: click.clickTransId, service_id: serviceId, click_paydoc_id: click.paymentId, merchant_trans_id: contract.id, merchant_prepare_id: String(click.prepareId), amount: '70000.00', action: '1', error: '0', error_note: 'Success', sign_time: click.signTime };
    const sign_string = clickSignString({ clickTransId: click.clickTransId, serviceId, merchantTransId: contract.id, merchantPrepareId: String(click.prepareId), amount: '70000.00', action: '1', signTime: click.signTime }, secretKey);
    const res = await app.inject({ method: 'POST', url: '/api/click/complete', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ ...late, sign_string }).toString() });
    expect(res.json()).toMatchObject({ error: 0, merchant_confirm_id: click.prepareId });
    expect(await app.db.selectFrom('policies').select('id').where('contract_id', '=', contract.id).execute()).toHaveLength(1);
  });

  test('a Click payment of a contract paid another way meanwhile is reversed at Click, and the chat hears of it', async () => {
    const contract = await newContract();
    const click = await paidAtClickOnly(contract.id);
    await payWithPayme(contract.id);
    await reconcilePayments(app, { olderThanMs: 0 });
    expect(await clickPayments(contract.id)).toEqual([expect.objectContaining({ state: 'refunded' })]);
    expect((await sandboxClickPayments(app).get(click.paymentId))?.status).toBe(sandboxClickStatus.reversed);
    const refunds = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'refund').execute();
    expect(refunds.some((r) => r.text.includes(`order ${contract.orderId}`) && r.text.includes('click'))).toBe(true);
  });

  test('a payment Click has no record of stays open for a while, then is closed', async () => {
    const contract = await newContract();
    const transId = String(7_000_000_000 + Math.floor(Math.random() * 1_000_000_000));
    const signTime = '2026-03-01 12:00:00';
    const fields = { click_trans_id: transId, service_id: serviceId, click_paydoc_id: '42', merchant_trans_id: contract.id, amount: '70000', action: '0', error: '0', error_note: '', sign_time: signTime };
    const sign_string = clickSignString({ clickTransId: transId, serviceId, merchantTransId: contract.id, amount: '70000', action: '0', signTime }, secretKey);
    await app.inject({ method: 'POST', url: '/api/click/prepare', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ ...fields, sign_string }).toString() });
    const payment = await app.payments.get('click', transId);
    if (!payment) throw new Error('not prepared');
    expect(await app.payments.ask(payment)).toBe('pending');
    await app.db.updateTable('payments').set({ created_at: new Date(Date.now() - clickAbandonedAfterMs - 60_000) }).where('id', '=', payment.id).execute();
    const old = await app.payments.get('click', transId);
    if (!old) throw new Error('gone');
    expect(await app.payments.ask(old)).toBe('failed');
    expect((await app.contracts.get(contract.id))?.status).toBe('awaiting_payment');
  });

  test('the stand-in answers only Click\'s Auth, and the client says Click\'s refusals', async () => {
    const url = `/sandbox/click/api/payment/status/${serviceId}/1`;
    for (const auth of [undefined, 'x', clickAuthHeader(merchantUserId, 'wrong'), clickAuthHeader('other', secretKey), clickAuthHeader(merchantUserId, secretKey, Date.now() - 3_600_000)]) {
      const res = await app.inject({ url, headers: auth ? { auth } : {} });
      expect(res.statusCode, String(auth)).toBe(401);
    }
    const ok = await app.inject({ url, headers: { auth: clickAuthHeader(merchantUserId, secretKey) } });
    expect(ok.json()).toMatchObject({ error_code: -6 });
    const api = clickApi(app);
    expect(await api.paymentByMti('00000000-0000-4000-8000-000000000000', '2026-03-01')).toBeNull();
    await expect(api.paymentStatus('1')).rejects.toBeInstanceOf(ClickApiError);
    await expect(api.reverse('1')).rejects.toBeInstanceOf(ClickApiError);
    const wrongService = await app.inject({ method: 'DELETE', url: '/sandbox/click/api/payment/reversal/1/1', headers: { auth: clickAuthHeader(merchantUserId, secretKey) } });
    expect(wrongService.json()).toMatchObject({ error_code: -8 });
  });
});
