import { afterAll, describe, expect, test } from 'vitest';
import { homeSaveBody, paycomAuth, siteAuth } from '../../server/test-helpers';
import { killableServer } from '../support/killable-server';

/**
 * The server killed outright (SIGKILL, no shutdown) in the middle of a purchase and between
 * Payme's CreateTransaction and PerformTransaction, then started again on the same embedded
 * database: nothing is lost and nothing is done twice, and the purchase completes.
 */

const server = killableServer();
const { base, start, kill } = server;
afterAll(() => server.dispose());

const api = (path: string, body: unknown) =>
  fetch(`${base}/api${path}`, { method: 'POST', headers: { authorization: siteAuth, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    .then(async (r) => ({ status: r.status, body: (await r.json()) as { result: boolean; error: number; message: string; response: Record<string, unknown> } }));
const payme = (method: string, params: Record<string, unknown>) =>
  fetch(`${base}/api/payme`, { method: 'POST', headers: { authorization: paycomAuth(), 'content-type': 'application/json' }, body: JSON.stringify({ id: 1, method, params }) })
    .then((r) => r.json() as Promise<{ result?: Record<string, unknown>; error?: { code: number } }>);

describe('killed and restarted', () => {
  test('in the middle of a purchase and between Create and Perform: nothing lost, nothing doubled', async () => {
    await start();
    const first = (await api('/sayt/uyjoy-api/save', homeSaveBody())).body.response;
    const second = (await api('/sayt/uyjoy-api/save', homeSaveBody({ program_id: 2, amount: 140_000 }))).body.response;
    const account = (contract: Record<string, unknown>) => ({ contract_id: contract.contract_id });
    const tiyin = (contract: Record<string, unknown>) => Number(contract.amount) * 100;
    // The second purchase has its transaction created when the server dies.
    expect((await payme('CreateTransaction', { id: 'kill-2', time: Date.now(), amount: tiyin(second), account: account(second) })).result?.state).toBe(1);
    kill();

    await start();
    // The first purchase: saved before the kill, still there, still unpaid, and payable now.
    expect((await api('/sayt/uyjoy-api/check', { contract_id: first.contract_id })).body).toMatchObject({ result: false, message: 'payment_not_made' });
    expect((await payme('CreateTransaction', { id: 'kill-1', time: Date.now(), amount: tiyin(first), account: account(first) })).result?.state).toBe(1);
    expect((await payme('PerformTransaction', { id: 'kill-1' })).result?.state).toBe(2);
    // The second: Payme repeats Create (same id: the same transaction), then performs it twice.
    const repeated = await payme('CreateTransaction', { id: 'kill-2', time: Date.now(), amount: tiyin(second), account: account(second) });
    expect(repeated.result?.state).toBe(1);
    const performed = [await payme('PerformTransaction', { id: 'kill-2' }), await payme('PerformTransaction', { id: 'kill-2' })];
    expect(performed.map((p) => p.result?.state)).toEqual([2, 2]);
    expect(performed[0]?.result?.perform_time).toBe(performed[1]?.result?.perform_time);
    kill();

    await start();
    const checks = await Promise.all([first, second].map((c) => api('/sayt/uyjoy-api/check', { contract_id: c.contract_id })));
    const numbers = checks.map((c) => c.body.response.policy_number as string);
    expect(numbers.every((n) => /^HOM \d{10}$/.test(n))).toBe(true);
    expect(new Set(numbers).size).toBe(2);
    const view = await api('/sayt/contract/check', { contract_id: second.contract_id });
    expect(view.body.response).toMatchObject({ status: 'issued', policy_number: numbers[1] });
    kill();
  }, 120_000);
});
