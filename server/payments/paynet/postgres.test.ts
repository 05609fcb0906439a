/*
 * Paynet's calls racing on a real PostgreSQL (TEST_DATABASE_URL; vitest's global setup starts a
 * scratch cluster when PostgreSQL is installed), at two instances on one database, in a database of
 * its own that it drops afterwards. Without the variable it fails with instructions, never silently.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { homeSaveBody, post } from '../../test-helpers';
import { paynetTime } from './protocol';

const baseUrl = process.env.TEST_DATABASE_URL;
const dbName = `shop_paynet_${randomBytes(6).toString('hex')}`;
const instances: FastifyInstance[] = [];

async function admin(query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!baseUrl) return;
  await admin(`CREATE DATABASE ${dbName}`);
  const url = new URL(baseUrl);
  url.pathname = `/${dbName}`;
  const config = testConfig({ database: { kind: 'postgres', url: url.toString() } });
  // One after the other: both would migrate the new database at once otherwise (which the advisory lock allows, but slowly).
  for (let i = 0; i < 2; i += 1) {
    const instance = await buildApp(config);
    await instance.ready();
    instances.push(instance);
  }
});

afterAll(async () => {
  if (!baseUrl) return;
  await Promise.all(instances.map((instance) => instance.close()));
  await admin(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
});

const { login, password, serviceId } = testConfig().paynet;
const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
type Answer = { result?: { providerTrnId: number }; error?: { code: number; data?: unknown } };

function perform(instance: FastifyInstance, transactionId: number, order: { order_id: string; amount: number }): Promise<Answer> {
  const params = { serviceId: Number(serviceId), transactionId, amount: order.amount * 100, transactionTime: paynetTime(Date.now()), fields: { order_id: order.order_id } };
  return instance.inject({ method: 'POST', url: '/api/paynet', headers: { authorization }, payload: { jsonrpc: '2.0', id: transactionId, method: 'PerformTransaction', params } }).then((r) => r.json<Answer>());
}

describe('Paynet on PostgreSQL, two instances', () => {
  test('a Perform repeated at both instances at once, and two transactions for one order at once, each pay the order once', async () => {
    if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set: point it at a PostgreSQL server (server/README.md shows how to start a scratch cluster).');
    const [a, b] = instances as [FastifyInstance, FastifyInstance];
    const orders = await Promise.all(Array.from({ length: 10 }, (_, i) => post(i % 2 ? a : b, '/api/sayt/uyjoy-api/save', homeSaveBody()).then((r) => r.json().response as { contract_id: string; order_id: string; amount: number })));
    const base = Date.now() * 100;
    const answers = await Promise.all(orders.map((order, i) =>
      // Even orders: Paynet repeats one transaction at both; odd ones: two transactions of the order meet.
      Promise.all([perform(a, base + i * 2, order), perform(b, base + i * 2 + (i % 2), order)])));
    answers.forEach((pair, i) => {
      const succeeded = pair.filter((answer) => answer.result);
      expect(succeeded, `order ${i}`).toHaveLength(1);
      const refused = pair.find((answer) => answer.error)?.error;
      if (i % 2 === 0) expect(refused).toEqual(expect.objectContaining({ code: 201, data: { providerTrnId: succeeded[0]?.result?.providerTrnId } }));
      else expect(refused).toEqual(expect.objectContaining({ code: 302, data: { order: 'paid' } }));
    });
    const ids = orders.map((order) => order.contract_id);
    const policies = await a.db.selectFrom('policies').select('contract_id').where('contract_id', 'in', ids).execute();
    expect(policies).toHaveLength(orders.length);
    const paid = await b.db.selectFrom('payments').select('contract_id').where('contract_id', 'in', ids).where('state', '=', 'paid').execute();
    expect(paid).toHaveLength(orders.length);
    const purchases = await a.db.selectFrom('outbox').select('text').where('kind', '=', 'purchase').execute();
    for (const order of orders) expect(purchases.filter((row) => row.text.includes(order.order_id)), order.order_id).toHaveLength(1);
  });
});
