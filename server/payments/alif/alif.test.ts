import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { reconcilePayments } from '../../lib/payment-reconciler';
import { assertMatchesSchema, createTestApp, homeSaveBody, post } from '../../test-helpers';
import { sandboxCards } from '../sandbox-checkout';
import { alifSignature, alifSignatureValid } from './client';
import { alifSandboxApi, alifSandboxOtp } from './sandbox-api';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

interface Saved {
  contract_id: string;
  amount: number;
  order_id: string;
  alif_url?: string;
  octo_url: string;
}

async function newContract(lang = 'en'): Promise<Saved> {
  const res = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ return_url: `/${lang}/housing?step=payment` }));
  expect(res.statusCode).toBe(200);
  return res.json().response;
}

const sandbox = () => alifSandboxApi(app);
const form = (url: string, fields: Record<string, string>) =>
  app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

/** Follows the `alif_url` link: our /pay route makes the invoice and sends the visitor to Alif's checkout. */
async function checkoutOf(link: string): Promise<{ invoice: string; page: string }> {
  const started = await app.inject(new URL(link).pathname);
  expect(started.statusCode).toBe(303);
  const location = new URL(String(started.headers.location));
  expect(location.pathname).toBe('/sandbox/alif/checkout/');
  const invoice = location.searchParams.get('invoice');
  if (!invoice) throw new Error('no invoice');
  return { invoice, page: `${location.pathname}${location.search}` };
}

async function payByCard(invoice: string, card: { number: string; expiry: string } = sandboxCards.pays) {
  const chosen = await form('/sandbox/alif/checkout/card', { invoice, card_number: card.number, card_expiry: card.expiry });
  if (chosen.statusCode !== 200) return chosen;
  return form('/sandbox/alif/checkout/confirm', { invoice, code: alifSandboxOtp });
}

/** Calls our webhook as Alif would (`signature` null: without the header). */
const webhook = (raw: string, signature: string | null = alifSignature(app.config.alif.secret, raw), type = 'application/json') =>
  app.inject({ method: 'POST', url: '/api/alif/webhook', payload: raw, headers: { 'content-type': type, ...(signature === null ? {} : { signature }) } });

const paymentsOf = (contractId: string) => app.db.selectFrom('payments').select(['provider', 'state', 'failure']).where('contract_id', '=', contractId).orderBy('created_at').execute();
const check = (contractId: string) => post(app, '/api/sayt/uyjoy-api/check', { contract_id: contractId });

describe('Alif webhook signature', () => {
  test('is base64(HMAC-SHA256(secret, raw body)) over the very bytes', () => {
    const raw = '{"id":"1","status":"SUCCEEDED"}';
    // `printf '{"id":"1","status":"SUCCEEDED"}' | openssl dgst -sha256 -hmac s3cret -binary | base64`
    expect(alifSignature('s3cret', raw)).toBe('iyN3GyR+n3/zIMwu/MIK7XCkKhtYvqW/C6+i0Psmyq4=');
    expect(alifSignatureValid('s3cret', raw, 'iyN3GyR+n3/zIMwu/MIK7XCkKhtYvqW/C6+i0Psmyq4=')).toBe(true);
    expect(alifSignatureValid('s3cret', Buffer.from(raw), 'iyN3GyR+n3/zIMwu/MIK7XCkKhtYvqW/C6+i0Psmyq4=')).toBe(true);
    // The same JSON written otherwise is other bytes.
    expect(alifSignatureValid('s3cret', '{"id": "1","status":"SUCCEEDED"}', 'iyN3GyR+n3/zIMwu/MIK7XCkKhtYvqW/C6+i0Psmyq4=')).toBe(false);
    expect(alifSignatureValid('other', raw, 'iyN3GyR+n3/zIMwu/MIK7XCkKhtYvqW/C6+i0Psmyq4=')).toBe(false);
    for (const wrong of [undefined, '', ['iyN3GyR+n3/zIMwu/MIK7XCkKhtYvqW/C6+i0Psmyq4='], 'iyN3GyR-n3_zIMwu_MIK7XCkKhtYvqW_C6-i0Psmyq4=', 'iyN3GyR+n3/zIMwu/MIK7XCkKhtYvqW/C6+i0Psmyq4']) {
      expect(alifSignatureValid('s3cret', raw, wrong)).toBe(false);
    }
  });
});

describe('paying with Alif through its sandbox stand-in', () => {
  test('createAlifInvoice makes an invoice in tiyin and answers its checkout', async () => {
    const contract = await newContract();
    const res = await post(app, '/api/alifpay/createAlifInvoice', { contract_id: contract.contract_id, phone: '998901234567' });
    expect(res.statusCode).toBe(200);
    const answer = res.json().response;
    assertMatchesSchema('payment/alif-invoice.response', answer);
    expect(answer.payment_url).toBe(`${app.config.publicUrl}/sandbox/alif/checkout/?invoice=${answer.invoice_id}`);
    const invoice = await sandbox().invoices.get(answer.invoice_id);
    expect(invoice).toMatchObject({
      amount: contract.amount * 100,
      items: [{ name: `Insurance policy, order ${contract.order_id}`, amount: 1, price: contract.amount * 100 }],
      phone: '998901234567',
      webhookUrl: `${app.config.publicUrl}/api/alif/webhook`,
      redirectUrl: `${app.config.publicUrl}/en/housing?step=payment`,
      timeout: 3600,
    });
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'alif', state: 'created', failure: null }]);
    // A partner's call for a contract it cannot pay is refused as the card's are.
    expect((await post(app, '/api/alifpay/createAlifInvoice', { contract_id: '00000000-0000-4000-8000-000000000000' })).json()).toMatchObject({ result: false, message: 'contract_not_payable' });
    expect((await post(app, '/api/alifpay/createAlifInvoice', { contract_id: contract.contract_id, phone: '+998 90' })).statusCode).toBe(400);
  });

  test('Nasiya in Uzbek: the phone and term, a wrong SMS code, then the right one pays the contract once', async () => {
    const contract = await newContract('uz');
    if (!contract.alif_url) throw new Error('no alif_url');
    const { invoice, page } = await checkoutOf(contract.alif_url);
    const shown = await app.inject(page);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toContain('<html lang="uz">');
    expect(shown.body).toContain('Muddatli toʻlov (Nasiya)');
    expect(shown.body).toContain('6 oy, oyiga 11 667 soʻm');
    const code = await form('/sandbox/alif/checkout/nasiya', { invoice, phone: '+998 90 123 45 67', months: '6' });
    expect(code.statusCode).toBe(200);
    expect(code.body).toContain('Kod 99890*****67 raqamiga yuborildi.');
    expect(code.body).not.toContain('998901234567');
    const wrong = await form('/sandbox/alif/checkout/confirm', { invoice, code: '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('Kod notoʻgʻri');
    const paid = await form('/sandbox/alif/checkout/confirm', { invoice, code: alifSandboxOtp });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${app.config.publicUrl}/uz/housing?step=payment`);
    expect((await sandbox().invoices.get(invoice))?.payment).toMatchObject({ status: 'SUCCEEDED', type: 'nasiya', months: 6 });
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'alif', state: 'paid', failure: null }]);
    expect((await check(contract.contract_id)).json()).toMatchObject({ result: true, response: { check: true } });
    expect((await app.inject(page)).body).toContain('Bu hisob toʻlangan.');
  });

  test('a declined card is told to the shop (the page says declined), then another card pays the same invoice', async () => {
    const contract = await newContract('ru');
    if (!contract.alif_url) throw new Error('no alif_url');
    const { invoice } = await checkoutOf(contract.alif_url);
    const declined = await payByCard(invoice, sandboxCards.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('Карта отклонена');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'alif', state: 'failed', failure: 'declined' }]);
    expect((await check(contract.contract_id)).json()).toMatchObject({ result: false, response: { last_payment: 'declined' } });
    const paid = await payByCard(invoice);
    expect(paid.statusCode).toBe(303);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'alif', state: 'paid', failure: null }]);
  });

  test('a webhook repeated pays once; forged, tampered or malformed ones are refused without a 5xx', async () => {
    const contract = await newContract();
    if (!contract.alif_url) throw new Error('no alif_url');
    const { invoice } = await checkoutOf(contract.alif_url);
    await payByCard(invoice);
    const raw = JSON.stringify({ id: invoice, status: 'SUCCEEDED' });
    for (let i = 0; i < 2; i += 1) expect((await webhook(raw)).json()).toMatchObject({ result: true, response: { outcome: 'settled' } });
    expect(await app.db.selectFrom('policies').select('id').where('contract_id', '=', contract.contract_id).execute()).toHaveLength(1);

    expect((await webhook(raw, alifSignature('not the secret', raw))).statusCode).toBe(401);
    expect((await webhook(raw.replace('SUCCEEDED', 'SUCCEEDED '), alifSignature(app.config.alif.secret, raw))).statusCode).toBe(401);
    expect((await webhook(raw, null)).statusCode).toBe(401);
    expect((await webhook(JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', status: 'SUCCEEDED' }))).statusCode).toBe(404);
    for (const body of ['{', '[]', '{"id":"a\\u0000b"}', '{"id":["x","y"]}', '{"id":{"$ne":1}}', '"x"']) expect((await webhook(body)).statusCode, body).toBe(400);
    expect((await webhook(raw, alifSignature(app.config.alif.secret, raw), 'text/plain')).statusCode).toBe(415);
    expect((await webhook('', alifSignature(app.config.alif.secret, ''))).statusCode).toBe(400);
  });

  test('a webhook Alif cannot be asked about is answered 503, to be sent again; the invoice stays open', async () => {
    const contract = await newContract();
    if (!contract.alif_url) throw new Error('no alif_url');
    const { invoice } = await checkoutOf(contract.alif_url);
    const raw = JSON.stringify({ id: invoice, status: 'SUCCEEDED' });
    const configured = app.config.alif;
    app.config.alif = { ...configured, token: 'revoked' };
    try {
      const res = await webhook(raw);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ result: false, message: 'Alif could not be asked about the payment; notify again' });
    } finally {
      app.config.alif = configured;
    }
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'alif', state: 'created', failure: null }]);
  });

  test('paid after the contract was paid another way (Octo), the invoice is given back and the chat told', async () => {
    const contract = await newContract();
    if (!contract.alif_url) throw new Error('no alif_url');
    const { invoice } = await checkoutOf(contract.alif_url);
    const octo = await app.inject(new URL(contract.octo_url).pathname);
    await form(new URL(String(octo.headers.location)).pathname, { card_number: sandboxCards.pays.number, card_expiry: sandboxCards.pays.expiry });
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');

    expect((await payByCard(invoice)).statusCode).toBe(303);
    expect((await sandbox().invoices.get(invoice))?.payment?.status).toBe('REVERTED');
    expect(await paymentsOf(contract.contract_id)).toEqual([
      { provider: 'alif', state: 'refunded', failure: 'the contract was paid another way' },
      { provider: 'octo', state: 'paid', failure: null },
    ]);
    expect(await app.db.selectFrom('policies').select('id').where('contract_id', '=', contract.contract_id).execute()).toHaveLength(1);
    const refunds = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'refund').execute();
    expect(refunds.some((row) => row.text.includes(`order ${contract.order_id}`) && row.text.includes('alif'))).toBe(true);
  });

  test('an invoice paid whose webhook never came is settled by reconciliation', async () => {
    const contract = await newContract();
    if (!contract.alif_url) throw new Error('no alif_url');
    const { invoice } = await checkoutOf(contract.alif_url);
    const api = sandbox();
    const made = await api.invoices.get(invoice);
    if (!made) throw new Error('no invoice');
    // Alif's call goes nowhere this server hears.
    await api.invoices.put(invoice, { ...made, webhookUrl: 'https://elsewhere.example/hook' });
    expect((await payByCard(invoice)).statusCode).toBe(303);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('awaiting_payment');
    await reconcilePayments(app, { olderThanMs: 0 });
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('issued');
  });

  test('Alif saying it took another amount: given back at once, the contract stays unpaid', async () => {
    const contract = await newContract();
    if (!contract.alif_url) throw new Error('no alif_url');
    const { invoice } = await checkoutOf(contract.alif_url);
    const api = sandbox();
    const made = await api.invoices.get(invoice);
    if (!made) throw new Error('no invoice');
    await api.invoices.put(invoice, { ...made, amount: made.amount - 100 });
    await payByCard(invoice);
    expect((await api.invoices.get(invoice))?.payment?.status).toBe('REVERTED');
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'alif', state: 'refunded', failure: 'Alif took another amount than the contract\'s' }]);
    expect((await app.contracts.get(contract.contract_id))?.status).toBe('awaiting_payment');
  });

  test('an amount Alif does not take: no link, a clear refusal from the API and from the link', async () => {
    const contract = await newContract('ru');
    const link = `/pay/alif/${contract.contract_id}`;
    // The sale has no product this cheap: the test makes one (Alif's floor is 500 som).
    await app.db.updateTable('contracts').set({ amount: 499 }).where('id', '=', contract.contract_id).execute();
    const stored = await app.contracts.get(contract.contract_id);
    if (!stored) throw new Error('no contract');
    expect(app.payments.links(stored).alif).toBeUndefined();
    expect(app.payments.links(stored).octo).toBeDefined();
    expect((await post(app, '/api/alifpay/createAlifInvoice', { contract_id: contract.contract_id })).json()).toEqual({ result: false, error: 1, message: 'amount_out_of_range', response: { min_amount: 500, max_amount: 200_000_000 } });
    const page = await app.inject(link);
    expect(page.statusCode).toBe(409);
    expect(page.body).toContain('Этот способ оплаты не принимает такую сумму');
    expect(page.body).toContain('href="/ru/housing?step=payment"');
    expect(await paymentsOf(contract.contract_id)).toEqual([]);
  });

  test('an invoice nobody paid within its time closes; the stand-in refuses what Alif would', async () => {
    const contract = await newContract();
    const made = (await post(app, '/api/alifpay/createAlifInvoice', { contract_id: contract.contract_id })).json().response;
    await app.db.updateTable('payments').set({ created_at: new Date(Date.now() - 2 * 3_600_000) }).where('reference', '=', made.invoice_id).execute();
    expect((await reconcilePayments(app, { olderThanMs: 3_600_000 })).failed).toBeGreaterThanOrEqual(1);
    expect(await paymentsOf(contract.contract_id)).toEqual([{ provider: 'alif', state: 'failed', failure: 'closed by its provider' }]);

    const api = sandbox();
    const { token } = app.config.alif;
    expect(await api.handle('getInvoice', { id: made.invoice_id }, 'wrong')).toEqual({ error: { code: 1002, message: 'Unauthorized' } });
    expect(await api.handle('getInvoice', { id: 'missing' }, token)).toEqual({ error: { code: 1004, message: 'Invoice not found' } });
    const tooSmall = await api.handle('invoice', { items: [{ name: 'x', amount: 1, price: 49_999 }], redirect_url: 'https://a.uz', cancel_url: 'https://a.uz', webhook_url: 'https://a.uz' }, token);
    expect(tooSmall).toMatchObject({ error: { code: 1005 } });
    expect(await api.handle('refundInvoice', { id: made.invoice_id }, token)).toMatchObject({ error: { code: 1007 } });
  });
});
