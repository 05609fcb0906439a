import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, homeSaveBody, paycomAuth, post } from '../../test-helpers';
import { PAYME_TIMEOUT_MS } from './merchant';

let app: FastifyInstance;
let contractId: string;
let seq = 0;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  contractId = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response.contract_id;
});

async function rpc(method: string, params: Record<string, unknown>, authorization = paycomAuth()) {
  const res = await app.inject({ method: 'POST', url: '/api/payme', payload: { jsonrpc: '2.0', id: ++seq, method, params }, headers: { authorization } });
  expect(res.statusCode).toBe(200);
  return res.json<{ id: number; result?: Record<string, unknown>; error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string } }>();
}

const amount = 70_000 * 100;
const account = () => ({ contract_id: contractId });
const newId = () => `payme-${Date.now()}-${Math.random().toString(16).slice(2)}`;

describe('Payme merchant protocol', () => {
  test('wrong Paycom credential → −32504 with trilingual message', async () => {
    const answer = await rpc('CheckPerformTransaction', { amount, account: account() }, `Basic ${Buffer.from('Paycom:wrong').toString('base64')}`);
    expect(answer.error).toEqual({ code: -32504, message: { ru: 'Недостаточно привилегий', uz: 'Ruxsatlar yetarli emas', en: 'Insufficient privileges' } });
    expect((await rpc('CheckPerformTransaction', { amount, account: account() }, '')).error?.code).toBe(-32504);
  });

  test('CheckPerformTransaction allows the right order and amount only', async () => {
    expect((await rpc('CheckPerformTransaction', { amount, account: account() })).result).toEqual({ allow: true });
    expect((await rpc('CheckPerformTransaction', { amount: amount - 100, account: account() })).error?.code).toBe(-31001);
    expect((await rpc('CheckPerformTransaction', { amount, account: { contract_id: '00000000-0000-4000-8000-000000000000' } })).error?.code).toBe(-31050);
    expect((await rpc('CheckPerformTransaction', { amount, account: { contract_id: 'nope' } })).error).toMatchObject({ code: -31050, data: 'contract_id' });
  });

  test('Create → Perform issues the policy; repeating either returns the same transaction', async () => {
    const id = newId();
    const created = await rpc('CreateTransaction', { id, time: Date.now(), amount, account: account() });
    expect(created.result).toMatchObject({ state: 1, transaction: expect.any(String), create_time: expect.any(Number) });
    expect((await rpc('CreateTransaction', { id, time: Date.now(), amount, account: account() })).result).toEqual(created.result);

    const performed = await rpc('PerformTransaction', { id });
    expect(performed.result).toMatchObject({ state: 2, transaction: created.result?.transaction, perform_time: expect.any(Number) });
    expect((await rpc('PerformTransaction', { id })).result).toEqual(performed.result);

    const contract = await app.contracts.get(contractId);
    expect(contract?.status).toBe('issued');
    expect(contract?.policy_number).toMatch(/^HOM \d{10}$/);
    const purchases = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'purchase').execute();
    expect(purchases.some((p) => p.text.includes(contract?.policy_number ?? '?'))).toBe(true);

    const checked = await rpc('CheckTransaction', { id });
    expect(checked.result).toEqual({
      create_time: created.result?.create_time,
      perform_time: performed.result?.perform_time,
      cancel_time: 0,
      transaction: created.result?.transaction,
      state: 2,
      reason: null,
    });
    expect((await rpc('CheckPerformTransaction', { amount, account: account() })).error?.code).toBe(-31052);
  });

  test('a second transaction for an order in progress → −31051', async () => {
    await rpc('CreateTransaction', { id: newId(), time: Date.now(), amount, account: account() });
    expect((await rpc('CreateTransaction', { id: newId(), time: Date.now(), amount, account: account() })).error?.code).toBe(-31051);
    expect((await rpc('CreateTransaction', { id: newId(), time: Date.now(), amount: 1, account: account() })).error?.code).toBe(-31001);
  });

  test('CreateTransaction refuses an order as CheckPerformTransaction does: unknown −31050, paid −31052', async () => {
    expect((await rpc('CreateTransaction', { id: newId(), time: Date.now(), amount, account: { contract_id: '00000000-0000-4000-8000-000000000000' } })).error?.code).toBe(-31050);
    const id = newId();
    await rpc('CreateTransaction', { id, time: Date.now(), amount, account: account() });
    await rpc('PerformTransaction', { id });
    expect((await rpc('CreateTransaction', { id: newId(), time: Date.now(), amount, account: account() })).error?.code).toBe(-31052);
    // The performed transaction's own id: not creatable again, whatever the order.
    expect((await rpc('CreateTransaction', { id, time: Date.now(), amount, account: account() })).error?.code).toBe(-31008);
  });

  test('unknown transactions → −31003', async () => {
    for (const method of ['PerformTransaction', 'CheckTransaction']) expect((await rpc(method, { id: 'missing' })).error?.code).toBe(-31003);
    expect((await rpc('CancelTransaction', { id: 'missing', reason: 3 })).error?.code).toBe(-31003);
    // A reason past what a cancellation stores is a malformed call, not a server fault.
    expect((await rpc('CancelTransaction', { id: 'missing', reason: 70_000 })).error?.code).toBe(-32600);
  });

  test('cancel before perform: state −1, idempotent, cannot perform afterwards, order can be paid again', async () => {
    const id = newId();
    await rpc('CreateTransaction', { id, time: Date.now(), amount, account: account() });
    const cancelled = await rpc('CancelTransaction', { id, reason: 3 });
    expect(cancelled.result).toMatchObject({ state: -1, cancel_time: expect.any(Number) });
    expect((await rpc('CancelTransaction', { id, reason: 3 })).result).toEqual(cancelled.result);
    expect((await rpc('PerformTransaction', { id })).error?.code).toBe(-31008);
    expect((await rpc('CreateTransaction', { id, time: Date.now(), amount, account: account() })).error?.code).toBe(-31008);
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 3 });
    expect((await app.contracts.get(contractId))?.status).toBe('awaiting_payment');
    const again = newId();
    await rpc('CreateTransaction', { id: again, time: Date.now(), amount, account: account() });
    expect((await rpc('PerformTransaction', { id: again })).result?.state).toBe(2);
  });

  test('cancel after perform is a refund: state −2, contract cancelled, policy revoked, chat told', async () => {
    const id = newId();
    await rpc('CreateTransaction', { id, time: Date.now(), amount, account: account() });
    await rpc('PerformTransaction', { id });
    const number = (await app.contracts.get(contractId))?.policy_number as string;
    const policy = await app.db.selectFrom('policies').select('id').where('contract_id', '=', contractId).executeTakeFirstOrThrow();
    expect((await app.inject(`/api/policies/${policy.id}.pdf`)).statusCode).toBe(200);
    expect((await rpc('CancelTransaction', { id, reason: 5 })).result).toMatchObject({ state: -2 });
    expect((await app.contracts.get(contractId))?.status).toBe('cancelled');
    const verify = await app.inject(`/verify/${number}`);
    expect(verify.body).toContain('Cancelled');
    // The PDF downloaded before is no longer handed out as a cover.
    const pdf = await app.inject(`/api/policies/${policy.id}.pdf`);
    expect(pdf.statusCode).toBe(410);
    expect(pdf.json()).toMatchObject({ result: false, error: 410, message: 'policy_cancelled' });
    const refunds = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'refund').execute();
    expect(refunds.some((r) => r.text.includes(number))).toBe(true);
  });

  test('a transaction older than 12 hours cannot be performed and is cancelled with reason 4', async () => {
    const id = newId();
    await rpc('CreateTransaction', { id, time: Date.now(), amount, account: account() });
    await app.db.updateTable('payme_transactions').set({ create_time: Date.now() - PAYME_TIMEOUT_MS - 1000 }).where('id', '=', id).execute();
    expect((await rpc('PerformTransaction', { id })).error?.code).toBe(-31008);
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 4 });
    expect((await app.contracts.get(contractId))?.status).toBe('awaiting_payment');
  });

  test('GetStatement lists the transactions created in the period', async () => {
    const from = Date.now();
    const id = newId();
    await rpc('CreateTransaction', { id, time: from + 1, amount, account: account() });
    const statement = await rpc('GetStatement', { from, to: from + 10_000 });
    const rows = statement.result?.transactions as { id: string; amount: number; account: { contract_id: string }; state: number }[];
    expect(rows.find((r) => r.id === id)).toMatchObject({ amount, account: { contract_id: contractId }, state: 1 });
    expect(((await rpc('GetStatement', { from: 0, to: 1 })).result?.transactions as unknown[]).length).toBe(0);
  });
});
