/*
 * The same migrations and a whole purchase against a real PostgreSQL (TEST_DATABASE_URL, e.g.
 * postgres://postgres@127.0.0.1:55432/postgres; .ci/run starts one). Each run works in a fresh
 * database that it drops afterwards. Without the variable the suite fails with instructions: it
 * must never pass silently, least of all in CI.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { homeSaveBody, payInSandbox, paycomAuth, post } from './test-helpers';

const baseUrl = process.env.TEST_DATABASE_URL;
const missing = `TEST_DATABASE_URL is not set${process.env.CI ? ' (required in CI)' : ''}: point it at a PostgreSQL server, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres (server/README.md shows how to start a scratch cluster).`;

const dbName = `shop_test_${randomBytes(6).toString('hex')}`;
let url = '';
let app: FastifyInstance | undefined;

async function admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  if (!baseUrl) return;
  await admin((c) => c.query(`CREATE DATABASE ${dbName}`));
  const target = new URL(baseUrl);
  target.pathname = `/${dbName}`;
  url = target.toString();
});

afterAll(async () => {
  if (!baseUrl) return;
  await app?.close();
  await admin((c) => c.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`));
});

describe('PostgreSQL', () => {
  test('TEST_DATABASE_URL is set', () => {
    if (!baseUrl) throw new Error(missing);
    expect(baseUrl).toMatch(/^postgres(ql)?:\/\//);
  });

  test('migrations apply once and are idempotent', async () => {
    if (!baseUrl) throw new Error(missing);
    const db = await connectDatabase({ kind: 'postgres', url });
    try {
      expect((await migrate(db)).length).toBeGreaterThan(0);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  test('a home purchase end to end, with racing Payme calls refused', async () => {
    if (!baseUrl) throw new Error(missing);
    app = await buildApp(testConfig({ database: { kind: 'postgres', url } }));
    await app.ready();
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect(saved.order_id).toMatch(/^\d+$/);

    // Two CreateTransaction calls for one order at the same moment: exactly one wins.
    const create = (id: string) =>
      app!.inject({
        method: 'POST',
        url: '/api/payme',
        headers: { authorization: paycomAuth() },
        payload: { id: 1, method: 'CreateTransaction', params: { id, time: Date.now(), amount: 7_000_000, account: { contract_id: saved.contract_id } } },
      });
    const answers = (await Promise.all([create('race-a'), create('race-b')])).map((r) => r.json());
    expect(answers.filter((a) => a.result?.state === 1)).toHaveLength(1);
    expect(answers.filter((a) => a.error?.code === -31051)).toHaveLength(1);
    const winner = answers[0].result ? 'race-a' : 'race-b';
    await app.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { id: 2, method: 'CancelTransaction', params: { id: winner, reason: 3 } } });

    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    const check = (await post(app, '/api/sayt/uyjoy-api/check', { contract_id: saved.contract_id })).json();
    expect(check.response.policy_number).toMatch(/^HOM \d{10}$/);
    const pdf = await app.inject(new URL(check.response.pdf_url).pathname);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const outbox = await app.db.selectFrom('outbox').select(['kind', 'text']).execute();
    expect(outbox.some((r) => r.kind === 'purchase' && r.text.includes(check.response.policy_number))).toBe(true);
  });
});
