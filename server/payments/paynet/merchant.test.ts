import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { loggerOptions } from '../../logging';
import { homeSaveBody, payInSandbox, paycomAuth, post } from '../../test-helpers';
import { parsePaynetTime, paynetTime } from './protocol';

/**
 * Paynet's provider protocol as Paynet calls it: the credential, each method, amounts in tiyin,
 * repeats, calls at once, a cancellation after payment, and bodies no one should send.
 */

const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildApp(testConfig(), { logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } } });
  await app.ready();
});
afterAll(() => app.close());

const { login, password, serviceId } = testConfig().paynet;
const paynetAuth = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

let order: { contract_id: string; order_id: string; amount: number; payme_url: string };
beforeEach(async () => {
  order = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
});

type Answer = { id: number | string | null } & ({ result: Record<string, unknown>; error?: undefined } | { error: { code: number; message: string; data?: unknown }; result?: undefined });

let seq = 0;
async function rpc(method: string, params: Record<string, unknown>, authorization = paynetAuth): Promise<Answer> {
  const res = await app.inject({ method: 'POST', url: '/api/paynet', payload: { jsonrpc: '2.0', id: ++seq, method, params: { serviceId: Number(serviceId), ...params } }, headers: { authorization } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Answer>();
}

let transactions = 0;
const newTransactionId = () => Date.now() * 1000 + (transactions++ % 1000);
const tiyin = () => order.amount * 100;
const perform = (transactionId: number, extra: Record<string, unknown> = {}) =>
  rpc('PerformTransaction', { transactionId, amount: tiyin(), transactionTime: paynetTime(Date.now()), fields: { order_id: order.order_id }, ...extra });
const gmt5 = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

async function contract() {
  return app.db.selectFrom('contracts').select(['status', 'policy_number']).where('id', '=', order.contract_id).executeTakeFirstOrThrow();
}
async function messages(kind: string) {
  const rows = await app.db.selectFrom('outbox').select('text').where('kind', '=', kind).execute();
  return rows.map((row) => row.text).filter((text) => text.includes(order.order_id));
}

describe('Paynet provider protocol', () => {
  test('a missing or wrong credential is HTTP 401, as the protocol says, and nothing else is read', async () => {
    for (const authorization of [undefined, `Basic ${Buffer.from(`${login}:wrong`).toString('base64')}`, `Basic ${Buffer.from(`other:${password}`).toString('base64')}`, paycomAuth(), `Bearer ${password}`]) {
      const res = await app.inject({ method: 'POST', url: '/api/paynet', payload: { jsonrpc: '2.0', id: 1, method: 'GetInformation', params: { serviceId: Number(serviceId), fields: { order_id: order.order_id } } }, headers: authorization ? { authorization } : {} });
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toMatch(/^Basic realm="paynet"/);
      expect(res.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: 412, message: 'Неверный логин или пароль' } });
    }
  });

  test('malformed bodies get JSON-RPC errors with HTTP 200, whatever their content type', async () => {
    const send = (payload: string, type = 'application/json') => app.inject({ method: 'POST', url: '/api/paynet', payload, headers: { authorization: paynetAuth, 'content-type': type } });
    const cases: [string, string, number][] = [
      ['{', 'application/json', -32700],
      ['', 'application/json', -32700],
      ['order_id=1', 'application/x-www-form-urlencoded', -32700],
      ['<xml/>', 'text/xml', -32700],
      ['[1,2]', 'application/json', -32600],
      ['{"jsonrpc":"2.0","id":7}', 'text/plain', -32600],
      ['{"jsonrpc":"2.0","id":7,"method":"GetInformation","params":[]}', 'application/json', -32600],
      ['{"jsonrpc":"2.0","id":7,"method":"Nope","params":{}}', 'application/json', -32601],
      ['{"jsonrpc":"2.0","id":7,"method":"toString","params":{}}', 'application/json', -32601],
      ['{"jsonrpc":"2.0","id":"x","method":"ChangePassword","params":{"password":"a","newPassword":"b"}}', 'application/json', -32601],
    ];
    for (const [payload, type, code] of cases) {
      const res = await send(payload, type);
      expect(res.statusCode, payload).toBe(200);
      expect(res.json().error.code, payload).toBe(code);
    }
    // The request's id comes back once it can be read.
    expect((await send('{"jsonrpc":"2.0","id":"abc","method":"Nope","params":{}}')).json().id).toBe('abc');
  });

  test('every method names our service: 411 without it, 305 for another', async () => {
    for (const method of ['GetInformation', 'PerformTransaction', 'CheckTransaction', 'CancelTransaction', 'GetStatement']) {
      expect((await rpc(method, { serviceId: undefined })).error?.code, method).toBe(411);
      expect((await rpc(method, { serviceId: 999 })).error?.code, method).toBe(305);
    }
  });

  test('GetInformation answers the amount due in tiyin and the payer masked; unknown orders are 302', async () => {
    const answer = await rpc('GetInformation', { fields: { order_id: order.order_id } });
    expect(answer.result).toEqual({ status: '0', timestamp: expect.stringMatching(gmt5), fields: { order_id: order.order_id, amount: order.amount * 100, name: 'D. Karimova' } });
    // The order number as a number works too.
    expect((await rpc('GetInformation', { fields: { order_id: Number(order.order_id) } })).result?.fields).toMatchObject({ amount: order.amount * 100 });
    expect((await rpc('GetInformation', { fields: {} })).error).toMatchObject({ code: 411, data: 'order_id' });
    expect((await rpc('GetInformation', {})).error?.code).toBe(411);
    expect((await rpc('GetInformation', { fields: { order_id: '1000000000000000' } })).error).toMatchObject({ code: 302, message: 'Клиент не найден' });
    for (const odd of ['abc', '12345678901234567', -5, 1.5, { $gt: 0 }, ['1'], true]) {
      expect((await rpc('GetInformation', { fields: { order_id: odd } })).error?.code, JSON.stringify(odd)).toBe(302);
    }
  });

  test('PerformTransaction takes exactly the amount due in tiyin, and reads its parameters strictly', async () => {
    const id = newTransactionId();
    // Soʻm where tiyin are meant, a tiyin off, and amounts that are no amount.
    for (const amount of [order.amount, tiyin() - 1, tiyin() + 100, 0, -tiyin(), tiyin() + 0.5, String(tiyin())]) {
      expect((await perform(id, { amount })).error?.code, String(amount)).toBe(413);
    }
    expect((await perform(id, { amount: undefined })).error).toMatchObject({ code: 411, data: 'amount' });
    expect((await perform(id, { transactionId: undefined })).error).toMatchObject({ code: 411, data: 'transactionId' });
    expect((await perform(id, { transactionId: { a: 1 } })).error).toMatchObject({ code: 411, data: 'transactionId' });
    expect((await perform(id, { transactionTime: undefined })).error).toMatchObject({ code: 411, data: 'transactionTime' });
    for (const transactionTime of ['2026-02-30 10:00:00', '2026-11-24T25:00:00', '24/11/2026 10:00', 1732440000, '9999-12-31 23:59:59', '2000-01-01 10:00:00']) {
      expect((await perform(id, { transactionTime })).error, String(transactionTime)).toMatchObject({ code: 414, data: 'transactionTime' });
    }
    expect((await perform(id, { fields: {} })).error?.code).toBe(411);
    expect((await perform(id, { fields: { order_id: '1000000000000000' } })).error?.code).toBe(302);
    // Nothing was recorded by any of these.
    expect(await app.payments.get('paynet', String(id))).toBeUndefined();
    expect((await contract()).status).toBe('awaiting_payment');
  });

  test('PerformTransaction pays the order once: its policy, one purchase message; a repeat is 201 with the same providerTrnId', async () => {
    const id = newTransactionId();
    const performed = await perform(id);
    expect(performed.result).toEqual({ providerTrnId: expect.any(Number), timestamp: expect.stringMatching(gmt5), fields: { order_id: order.order_id } });
    const providerTrnId = performed.result?.providerTrnId;
    const paid = await contract();
    expect(paid.status).toBe('issued');
    expect(paid.policy_number).toMatch(/^HOM \d{10}$/);
    expect(await messages('purchase')).toHaveLength(1);
    const payment = await app.payments.get('paynet', String(id));
    expect(payment).toMatchObject({ contract_id: order.contract_id, provider: 'paynet', state: 'paid', amount: order.amount });

    // Paynet repeating its Perform: "transaction already exists", naming our number for it.
    expect((await perform(id)).error).toEqual({ code: 201, message: 'Транзакция уже существует', data: { providerTrnId } });
    // Another transaction for the paid order, and the terminal asking about it: refused before cash is taken.
    expect((await perform(newTransactionId())).error).toMatchObject({ code: 302, data: { order: 'paid' } });
    expect((await rpc('GetInformation', { fields: { order_id: order.order_id } })).error).toMatchObject({ code: 302, data: { order: 'paid' } });
    expect(await messages('purchase')).toHaveLength(1);
    expect(await app.db.selectFrom('policies').select('id').where('contract_id', '=', order.contract_id).execute()).toHaveLength(1);

    const checked = await rpc('CheckTransaction', { transactionId: id });
    expect(checked.result).toEqual({ providerTrnId, timestamp: performed.result?.timestamp, transactionState: 1 });
    // The shop's own checks answer the policy: the product's, and both contract checks of requirements §7.
    expect((await post(app, '/api/sayt/uyjoy-api/check', { contract_id: order.contract_id })).json()).toMatchObject({ result: true, response: { policy_number: paid.policy_number } });
    expect((await post(app, '/api/sayt/contract/check-universal', { order_id: order.order_id })).json()).toMatchObject({ result: true, response: { policy_number: paid.policy_number } });
    expect((await post(app, '/api/sayt/contract/check', { contract_id: order.contract_id })).json()).toMatchObject({ result: true, response: { status: 'issued', policy_number: paid.policy_number } });
  });

  test('a transaction id sent as text is kept as text: statements answer it as it came', async () => {
    const id = `tx-${newTransactionId()}`;
    const from = paynetTime(Date.now() - 1000);
    expect((await perform(0, { transactionId: id })).result).toBeDefined();
    expect((await rpc('CheckTransaction', { transactionId: id })).result).toMatchObject({ transactionState: 1 });
    const statement = await rpc('GetStatement', { dateFrom: from, dateTo: paynetTime(Date.now() + 1000) });
    expect((statement.result?.statements as { transactionId: unknown }[]).map((row) => row.transactionId)).toContain(id);
  });

  test('a transaction id Paynet used for another order is 201, not a payment of this one', async () => {
    const id = newTransactionId();
    expect((await perform(id)).result).toBeDefined();
    order = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await perform(id)).error?.code).toBe(201);
    expect((await contract()).status).toBe('awaiting_payment');
  });

  test('two Performs at once pay once: the same transaction (one answer, one 201), or two transactions (one refused)', async () => {
    const same = newTransactionId();
    const twice = await Promise.all([perform(same), perform(same)]);
    expect(twice.filter((answer) => answer.result)).toHaveLength(1);
    expect(twice.find((answer) => answer.error)?.error).toMatchObject({ code: 201, data: { providerTrnId: twice.find((answer) => answer.result)?.result?.providerTrnId } });

    order = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    const [one, other] = [newTransactionId(), newTransactionId()];
    const both = await Promise.all([perform(one), perform(other)]);
    expect(both.filter((answer) => answer.result)).toHaveLength(1);
    expect(both.find((answer) => answer.error)?.error).toMatchObject({ code: 302, data: { order: 'paid' } });
    expect(await messages('purchase')).toHaveLength(1);
    // The other was refused before or after it was recorded (as failed), as the calls met.
    const payments = await app.db.selectFrom('payments').select(['state']).where('contract_id', '=', order.contract_id).execute();
    expect(payments.filter((p) => p.state === 'paid')).toHaveLength(1);
    expect(payments.every((p) => p.state === 'paid' || p.state === 'failed')).toBe(true);
    // The refused one was never performed: Paynet hears "not found" of it.
    const refused = both[0]?.error ? one : other;
    expect((await rpc('CheckTransaction', { transactionId: refused })).result).toMatchObject({ transactionState: 3, providerTrnId: 0 });
  });

  test('the same Perform arriving twice, its twin paying the order between the repeat check and the order read, is a repeat (201), not a refusal', async () => {
    const id = newTransactionId();
    const first = await perform(id);
    const get = app.payments.get;
    // The moment two instances leave open: the repeat check ran before the twin settled, the order is read after.
    let calls = 0;
    app.payments.get = async (...args) => (calls++ === 0 ? undefined : get(...args));
    try {
      expect((await perform(id)).error).toMatchObject({ code: 201, data: { providerTrnId: first.result?.providerTrnId } });
    } finally {
      app.payments.get = get;
    }
    expect(calls).toBeGreaterThan(1);
    expect(await messages('purchase')).toHaveLength(1);
  });

  test('an order paid through Payme first is refused by Paynet, before and at the payment', async () => {
    expect((await payInSandbox(app, order.payme_url)).statusCode).toBe(303);
    expect((await rpc('GetInformation', { fields: { order_id: order.order_id } })).error).toMatchObject({ code: 302, data: { order: 'paid' } });
    expect((await perform(newTransactionId())).error).toMatchObject({ code: 302, data: { order: 'paid' } });
    expect(await messages('purchase')).toHaveLength(1);
  });

  test('an order paid through Paynet first is refused by Payme: one payment, one policy', async () => {
    expect((await perform(newTransactionId())).result).toBeDefined();
    const payme = await app.inject({
      method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() },
      payload: { jsonrpc: '2.0', id: 1, method: 'CheckPerformTransaction', params: { amount: tiyin(), account: { contract_id: order.contract_id } } },
    });
    expect(payme.json()).toMatchObject({ error: { code: -31052 } });
    expect(await messages('purchase')).toHaveLength(1);
  });

  test('Payme paying between Paynet’s check and its settlement: Paynet’s payment is closed unpaid and refused (302), so Paynet takes no cash', async () => {
    const id = newTransactionId();
    const settle = app.payments.settle;
    // The moment the race leaves open: Paynet's payment recorded, the contract paid through Payme before it settles.
    app.payments.settle = async (...args) => {
      expect((await payInSandbox(app, order.payme_url)).statusCode).toBe(303);
      return settle(...args);
    };
    try {
      expect((await perform(id)).error).toMatchObject({ code: 302, data: { order: 'paid' } });
    } finally {
      app.payments.settle = settle;
    }
    expect(await app.payments.get('paynet', String(id))).toMatchObject({ state: 'failed' });
    expect((await rpc('CheckTransaction', { transactionId: id })).result).toMatchObject({ transactionState: 3 });
    expect(await messages('purchase')).toHaveLength(1);
    expect(await app.db.selectFrom('policies').select('id').where('contract_id', '=', order.contract_id).execute()).toHaveLength(1);
  });

  test('CancelTransaction after Perform gives the money back: the policy revoked, the chat told; repeats are 202', async () => {
    const id = newTransactionId();
    const performed = await perform(id);
    const { policy_number: number } = await contract();
    expect((await rpc('CancelTransaction', { transactionId: newTransactionId() })).error).toMatchObject({ code: 203 });

    const cancelled = await rpc('CancelTransaction', { transactionId: id });
    expect(cancelled.result).toEqual({ providerTrnId: performed.result?.providerTrnId, timestamp: expect.stringMatching(gmt5), transactionState: 2 });
    expect((await contract()).status).toBe('cancelled');
    const policy = await app.db.selectFrom('policies').select('revoked_at').where('contract_id', '=', order.contract_id).executeTakeFirstOrThrow();
    expect(policy.revoked_at).not.toBeNull();
    const refunds = await messages('refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toContain(`policy ${number} cancelled`);
    expect(refunds[0]).toContain(`Paynet cancelled transaction ${id}`);
    // The verification page says the policy is no longer valid.
    expect((await app.inject({ method: 'GET', url: `/verify/${encodeURIComponent(number ?? '')}` })).body).not.toContain('is valid');

    expect((await rpc('CancelTransaction', { transactionId: id })).error).toEqual({ code: 202, message: 'Транзакция уже отменена', data: { providerTrnId: performed.result?.providerTrnId } });
    expect(await messages('refund')).toHaveLength(1);
    expect((await rpc('CheckTransaction', { transactionId: id })).result).toMatchObject({ transactionState: 2, providerTrnId: performed.result?.providerTrnId });
    expect((await perform(id)).error?.code).toBe(202);
    expect((await perform(newTransactionId())).error).toMatchObject({ code: 302, data: { order: 'cancelled' } });
    expect((await rpc('GetInformation', { fields: { order_id: order.order_id } })).error).toMatchObject({ code: 302, data: { order: 'cancelled' } });
    // The shop's check no longer answers a policy.
    expect((await post(app, '/api/sayt/uyjoy-api/check', { contract_id: order.contract_id })).json().result).toBe(false);
  });

  test('GetStatement lists the transactions performed in the period, in tiyin, without cancelled ones', async () => {
    const from = paynetTime(Date.now() - 1000);
    const kept = newTransactionId();
    const keptAnswer = await perform(kept);
    order = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    const cancelled = newTransactionId();
    await perform(cancelled);
    await rpc('CancelTransaction', { transactionId: cancelled });
    const to = paynetTime(Date.now() + 1000);
    const statement = await rpc('GetStatement', { dateFrom: from, dateTo: to });
    const rows = statement.result?.statements as { transactionId: number; providerTrnId: number; amount: number; timestamp: string }[];
    expect(rows.find((row) => row.transactionId === kept)).toEqual({ transactionId: kept, providerTrnId: keptAnswer.result?.providerTrnId, amount: order.amount * 100, timestamp: expect.stringMatching(gmt5) });
    expect(rows.some((row) => row.transactionId === cancelled)).toBe(false);
    // A period before any of it is empty.
    expect((await rpc('GetStatement', { dateFrom: '2020-01-01 00:00:00', dateTo: '2020-01-02 00:00:00' })).result).toEqual({ statements: [] });
    expect((await rpc('GetStatement', { dateFrom: from })).error).toMatchObject({ code: 411, data: 'dateTo' });
    expect((await rpc('GetStatement', { dateFrom: 'yesterday', dateTo: to })).error).toMatchObject({ code: 414, data: 'dateFrom' });
  });

  test('a Paynet payment left open by a stopped server is closed by reconciliation, and a Perform tried again still pays', async () => {
    const id = newTransactionId();
    // As a server stopping between recording the payment and settling it leaves it.
    await app.payments.open({ contractId: order.contract_id, provider: 'paynet', reference: String(id), amount: order.amount, detail: { providerTrnId: 42, transactionTime: paynetTime(Date.now()) } });
    expect((await rpc('CheckTransaction', { transactionId: id })).result).toMatchObject({ transactionState: 3 });
    const payment = await app.payments.get('paynet', String(id));
    if (!payment) throw new Error('no payment');
    expect(await app.payments.ask(payment)).toBe('failed');
    const retried = await perform(id);
    expect(retried.result).toMatchObject({ providerTrnId: 42 });
    expect((await contract()).status).toBe('issued');
  });

  test('writes neither the payer nor the order number into the logs', () => {
    const written = lines.join('\n');
    expect(written).toContain('/api/paynet');
    expect(written).not.toMatch(/Dilnoza|Karimova|7654321/);
    expect(written).not.toContain(order.order_id);
  });
});

describe('Paynet timestamps (GMT+5)', () => {
  test('are written and read in Tashkent time', () => {
    expect(paynetTime(Date.UTC(2026, 0, 1, 0, 0, 0))).toBe('2026-01-01 05:00:00');
    expect(paynetTime(Date.UTC(2026, 11, 31, 20, 30, 15))).toBe('2027-01-01 01:30:15');
    expect(parsePaynetTime('2026-01-01 05:00:00')?.getTime()).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
    expect(parsePaynetTime('01.01.2026 05:00:00')?.getTime()).toBe(Date.UTC(2026, 0, 1, 0, 0, 0));
    for (const odd of ['2026-02-29 00:00:00', '2026-13-01 00:00:00', '2026-01-01 24:00:00', '2026-01-01 00:60:00', '2026-01-01', '', null, 5]) {
      expect(parsePaynetTime(odd), String(odd)).toBeNull();
    }
  });
});
