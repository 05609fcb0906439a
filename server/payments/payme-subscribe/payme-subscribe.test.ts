import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { reconcilePayments } from '../../lib/payment-reconciler';
import { assertMatchesSchema, createTestApp, homeSaveBody, paycomAuth, post } from '../../test-helpers';
import { sandboxCodeAttempts, sandboxCodeTtlMs, subscribeTestCards } from './sandbox-api';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function newContract(): Promise<{ contract_id: string; amount: number; order_id: string }> {
  const res = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody());
  expect(res.statusCode).toBe(200);
  return res.json().response;
}

const card = (contractId: string, which: { number: string; expire: string } = subscribeTestCards.pays) =>
  post(app, '/api/sayt/payment/payme/card', { card_number: which.number, card_date: `${which.expire.slice(0, 2)}/${which.expire.slice(2)}`, contract_id: contractId });

const check = (contractId: string) => post(app, '/api/sayt/uyjoy-api/check', { contract_id: contractId });

describe('the card in the page (Payme Subscribe API through its sandbox stand-in)', () => {
  test('a card asks for its code; a wrong code is refused, the right one pays the contract once', async () => {
    const contract = await newContract();
    const asked = await card(contract.contract_id);
    expect(asked.json()).toMatchObject({ result: true, response: { phone: '99890*****66', wait: 60 } });
    assertMatchesSchema('payment/card.response', asked.json().response);
    const cardId = asked.json().response.card_id as string;
    const wrong = await post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: cardId, code: '123456' });
    expect(wrong.json()).toMatchObject({ result: false, message: 'card_code_wrong' });
    expect((await check(contract.contract_id)).json()).toMatchObject({ result: false, message: 'payment_not_made' });
    const paid = await post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: cardId, code: '666666' });
    expect(paid.json()).toEqual({ result: true, error: 0, message: 'ok', response: { paid: true } });
    expect((await check(contract.contract_id)).json()).toMatchObject({ result: true, response: { check: true } });
    // The same card and code again (the first answer lost on its way): told it paid, and nothing is paid twice.
    const again = await post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: cardId, code: '666666' });
    expect(again.json()).toEqual({ result: true, error: 0, message: 'ok', response: { paid: true } });
    const policies = await app.db.selectFrom('policies').select('id').where('contract_id', '=', contract.contract_id).execute();
    expect(policies).toHaveLength(1);
    // Only the masked card is kept, never its number; the token's session is spent.
    const rows = await app.db.selectFrom('payments').select(['state', 'detail']).where('contract_id', '=', contract.contract_id).execute();
    expect(rows).toEqual([{ state: 'paid', detail: { card: '860006******6311' } }]);
    const sessions = await app.db.selectFrom('card_sessions').select(['expires_at']).where('contract_id', '=', contract.contract_id).execute();
    expect(sessions.every((session) => session.expires_at.getTime() <= Date.now())).toBe(true);
  });

  test('the same code sent several times at once (a double tap, a retry at another instance) takes the money once, and each is told it paid', async () => {
    for (const bound of [true, false]) {
      const contract = await newContract();
      const asked = bound
        ? await card(contract.contract_id)
        : await post(app, '/api/sayt/payment/payme/card', { card_number: subscribeTestCards.pays.number, card_date: subscribeTestCards.pays.expire });
      const cardId = asked.json().response.card_id as string;
      const pay = () => post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: cardId, code: '666666' });
      const answers = await Promise.all([pay(), pay(), pay()]);
      for (const answer of answers) expect(answer.json(), bound ? 'a card asked for the contract' : 'a card asked for without one').toEqual({ result: true, error: 0, message: 'ok', response: { paid: true } });
      // One receipt debited: none paid and given back, no second payment opened.
      const rows = await app.db.selectFrom('payments').select(['state']).where('contract_id', '=', contract.contract_id).execute();
      expect(rows).toEqual([{ state: 'paid' }]);
    }
  });

  test('a code sent while another request pays with the card waits for it, then gives up with 409 and Retry-After, an answer its Idempotency-Key does not keep', async () => {
    const contract = await newContract();
    const cardId = (await card(contract.contract_id)).json().response.card_id as string;
    const session = app.db.updateTable('card_sessions').where('contract_id', '=', contract.contract_id);
    // Another request (at another instance) holds the token: it is verifying the code and paying.
    await session.set({ paying_since: new Date() }).execute();
    const body = { contract_id: contract.contract_id, card_id: cardId, code: '666666' };
    const headers = { 'idempotency-key': `held-card-${Date.now()}` };
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now(), shouldAdvanceTime: true });
    let waited: Awaited<ReturnType<typeof post>>;
    try {
      const sent = post(app, '/api/sayt/payment/payme/check', body, headers);
      await new Promise((resolve) => setTimeout(resolve, 300));
      vi.setSystemTime(Date.now() + 60_000);
      waited = await sent;
    } finally {
      vi.useRealTimers();
    }
    expect(waited.statusCode, waited.body).toBe(409);
    expect(waited.headers['retry-after']).toBe('1');
    expect(waited.json()).toMatchObject({ result: false, response: { field: '/card_id' } });
    expect(await app.db.selectFrom('payments').select('id').where('contract_id', '=', contract.contract_id).execute()).toEqual([]);
    // The other request ended without paying: the same request with the same key now pays.
    await session.set({ paying_since: null }).execute();
    const again = await post(app, '/api/sayt/payment/payme/check', body, headers);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json()).toMatchObject({ result: true, response: { paid: true } });
  });

  test('a wrong code sent twice at once is refused for each, and the right one then pays', async () => {
    const contract = await newContract();
    const cardId = (await card(contract.contract_id)).json().response.card_id as string;
    const pay = (code: string) => post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: cardId, code });
    const wrong = await Promise.all([pay('123456'), pay('123456')]);
    for (const answer of wrong) expect(answer.json()).toMatchObject({ result: false, message: 'card_code_wrong' });
    expect((await pay('666666')).json()).toMatchObject({ result: true, response: { paid: true } });
  });

  test('a token that has paid pays nothing else, nor does one asked for without a contract once it has paid', async () => {
    const [first, second, third] = [await newContract(), await newContract(), await newContract()];
    const bound = (await card(first.contract_id)).json().response.card_id as string;
    expect((await post(app, '/api/sayt/payment/payme/check', { contract_id: first.contract_id, card_id: bound, code: '666666' })).json().result).toBe(true);
    expect((await post(app, '/api/sayt/payment/payme/check', { contract_id: second.contract_id, card_id: bound, code: '666666' })).json()).toMatchObject({ result: false, message: 'card_session_expired' });
    const unbound = (await post(app, '/api/sayt/payment/payme/card', { card_number: subscribeTestCards.pays.number, card_date: `${subscribeTestCards.pays.expire.slice(0, 2)}/${subscribeTestCards.pays.expire.slice(2)}` })).json().response.card_id as string;
    expect((await post(app, '/api/sayt/payment/payme/check', { contract_id: second.contract_id, card_id: unbound, code: '666666' })).json().result).toBe(true);
    expect((await post(app, '/api/sayt/payment/payme/check', { contract_id: third.contract_id, card_id: unbound, code: '666666' })).json()).toMatchObject({ result: false, message: 'card_session_expired' });
    expect((await check(third.contract_id)).json()).toMatchObject({ result: false, message: 'payment_not_made' });
  });

  test('each refusal is named: no money (and the check says the card was declined), a blocked card, an unknown one, an expired one', async () => {
    const contract = await newContract();
    const poor = await card(contract.contract_id, subscribeTestCards.noMoney);
    const paying = await post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: poor.json().response.card_id, code: '666666' });
    expect(paying.json()).toMatchObject({ result: false, message: 'card_insufficient_funds' });
    expect((await check(contract.contract_id)).json()).toMatchObject({ result: false, message: 'payment_not_made', response: { last_payment: 'declined' } });
    expect((await card(contract.contract_id, subscribeTestCards.blocked)).json()).toMatchObject({ result: false, message: 'card_blocked' });
    expect((await card(contract.contract_id, { number: '8600111122223333', expire: '1230' })).json()).toMatchObject({ result: false, message: 'card_invalid' });
    expect((await card(contract.contract_id, { number: subscribeTestCards.pays.number, expire: '0120' })).json()).toMatchObject({ result: false, message: 'card_expired' });
  });

  test('an expired code and too many wrong codes are said as such; a new code then pays', async () => {
    const contract = await newContract();
    const cardId = (await card(contract.contract_id)).json().response.card_id as string;
    const pay = (code: string) => post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: cardId, code });
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + sandboxCodeTtlMs + 1_000 });
    try {
      expect((await pay('666666')).json()).toMatchObject({ result: false, message: 'card_code_expired' });
    } finally {
      vi.useRealTimers();
    }
    // A new code for the same card (the page's "send the code again").
    const again = (await card(contract.contract_id)).json().response.card_id as string;
    const payAgain = (code: string) => post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: again, code });
    for (let i = 0; i < sandboxCodeAttempts; i += 1) expect((await payAgain('000000')).json()).toMatchObject({ message: 'card_code_wrong' });
    expect((await payAgain('666666')).json()).toMatchObject({ result: false, message: 'card_code_attempts' });
    expect((await check(contract.contract_id)).json()).toMatchObject({ result: false, message: 'payment_not_made' });
    const fresh = (await card(contract.contract_id)).json().response.card_id as string;
    expect((await post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: fresh, code: '666666' })).json()).toMatchObject({ result: true, response: { paid: true } });
  });

  test('a card asked for one contract does not pay another', async () => {
    const first = await newContract();
    const second = await newContract();
    const cardId = (await card(first.contract_id)).json().response.card_id as string;
    const other = await post(app, '/api/sayt/payment/payme/check', { contract_id: second.contract_id, card_id: cardId, code: '666666' });
    expect(other.json()).toMatchObject({ result: false, message: 'card_session_expired' });
  });

  test('malformed card fields are refused naming the field', async () => {
    const contract = await newContract();
    for (const [body, field] of [
      [{ card_number: '8600', card_date: '0399', contract_id: contract.contract_id }, '/card_number'],
      [{ card_number: subscribeTestCards.pays.number, card_date: '1399' }, '/card_date'],
      [{ card_number: subscribeTestCards.pays.number, card_date: ['03', '99'] }, '/card_date'],
    ] as const) {
      const res = await post(app, '/api/sayt/payment/payme/card', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().response.field).toBe(field);
    }
  });
});

describe('the bill to the Payme app', () => {
  test('is sent by phone, paid in the app, and the contract check finds it paid', async () => {
    const contract = await newContract();
    const sent = await post(app, '/api/sayt/payment/payme', { contract_id: contract.contract_id, phone: '998901234567' });
    expect(sent.json()).toEqual({ result: true, error: 0, message: 'ok', response: { sent: true, phone: '99890*****67' } });
    expect((await check(contract.contract_id)).json()).toMatchObject({ result: false, message: 'payment_not_made' });
    const phoneApp = await app.inject('/sandbox/invoice/app?phone=998901234567&lang=en');
    const receipt = /name="receipt" value="([0-9a-f]+)"/.exec(phoneApp.body)?.[1];
    expect(receipt).toBeDefined();
    await app.inject({ method: 'POST', url: '/sandbox/invoice/app/pay', payload: { receipt, lang: 'en' } });
    expect((await check(contract.contract_id)).json()).toMatchObject({ result: true, response: { check: true } });
  });

  test('paid in the app after the contract was paid another way, the bill is given back and the chat hears of it', async () => {
    const contract = await newContract();
    await post(app, '/api/sayt/payment/payme', { contract_id: contract.contract_id, phone: '998907654321' });
    const cardId = (await card(contract.contract_id)).json().response.card_id as string;
    await post(app, '/api/sayt/payment/payme/check', { contract_id: contract.contract_id, card_id: cardId, code: '666666' });
    const receipt = /name="receipt" value="([0-9a-f]+)"/.exec((await app.inject('/sandbox/invoice/app?phone=998907654321')).body)?.[1];
    await app.inject({ method: 'POST', url: '/sandbox/invoice/app/pay', payload: { receipt } });
    // Whoever looks next (the page's check, or the reconciliation job) finds the second payment and gives it back.
    await reconcilePayments(app, { olderThanMs: 0 });
    const payments = await app.db.selectFrom('payments').select(['provider', 'state']).where('contract_id', '=', contract.contract_id).orderBy('created_at').execute();
    expect(payments).toEqual([
      { provider: 'invoice', state: 'refunded' },
      { provider: 'card', state: 'paid' },
    ]);
    const refunds = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'refund').execute();
    expect(refunds.some((row) => row.text.includes(`order ${contract.order_id}`) && row.text.includes('invoice'))).toBe(true);
    // Payme's own checkout cannot pay it either.
    const rpc = await app.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { id: 1, method: 'CheckPerformTransaction', params: { amount: contract.amount * 100, account: { contract_id: contract.contract_id } } } });
    expect(rpc.json().error.code).toBe(-31052);
  });
});
