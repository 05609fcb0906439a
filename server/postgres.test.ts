/*
 * The same migrations and a whole purchase against a real PostgreSQL (TEST_DATABASE_URL, e.g.
 * postgres://postgres@127.0.0.1:55432/postgres; .ci/run starts one). Each run works in a fresh
 * database that it drops afterwards. Without the variable the suite fails with instructions: it
 * must never pass silently, least of all in CI.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, describe, expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { connectDatabase } from './db/connect';
import { migrate } from './db/migrate';
import { createServer } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { databaseSwitch } from '../tests/support/database-switch';
import { testDatabase } from '../tests/support/test-database';
import type { AddressInfo } from 'node:net';
import { deliverOutbox } from './lib/outbox-worker';
import { homeSaveBody, payInSandbox, paycomAuth, post } from './test-helpers';
import { subscribeTestCards } from './payments/payme-subscribe/sandbox-api';
import { keyHashOf } from './plugins/app/idempotency';
import { clickCompleteFields, clickPrepareFields } from './payments/click/signed-fields';

const missing = `TEST_DATABASE_URL is not set${process.env.CI ? ' (required in CI)' : ''}: point it at a PostgreSQL server, e.g. TEST_DATABASE_URL=postgres://postgres@127.0.0.1:55432/postgres (server/README.md shows how to start a scratch cluster).`;

const database = testDatabase('shop_test');
let app: FastifyInstance | undefined;
const instances: FastifyInstance[] = [];

/** Two instances of the app on the test database, built once for the tests that race calls between them. */
let pairOfInstances: Promise<[FastifyInstance, FastifyInstance]> | undefined;
function twoInstances(): Promise<[FastifyInstance, FastifyInstance]> {
  pairOfInstances ??= (async () => {
    const config = testConfig({ database: { kind: 'postgres', url: database.url } });
    const built = [await buildApp(config), await buildApp(config)] as const;
    instances.push(...built);
    await Promise.all(built.map((instance) => instance.ready()));
    return [...built];
  })();
  return pairOfInstances;
}

const paymeRpc = (instance: FastifyInstance, method: string, params: Record<string, unknown>) =>
  instance.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { id: 1, method, params } }).then((r) => r.json());

// Registered after the database's own: runs before it is dropped.
afterAll(async () => {
  await app?.close();
  await Promise.all(instances.map((instance) => instance.close()));
});

describe('PostgreSQL', () => {
  test('TEST_DATABASE_URL is set', () => {
    if (!database.server) throw new Error(missing);
    expect(database.server).toMatch(/^postgres(ql)?:\/\//);
  });

  test('migrations apply once and are idempotent', async () => {
    if (!database.server) throw new Error(missing);
    const db = await connectDatabase({ kind: 'postgres', url: database.url });
    try {
      expect((await migrate(db)).length).toBeGreaterThan(0);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  test('statements are prepared once per connection, except those with a `*`, and stay valid when a column is added', async () => {
    if (!database.server) throw new Error(missing);
    const db = await connectDatabase({ kind: 'postgres', url: database.url });
    try {
      await db.connection().execute(async (connection) => {
        await sql`CREATE TABLE prepared_probe (id int PRIMARY KEY)`.execute(connection);
        await sql`INSERT INTO prepared_probe VALUES (1)`.execute(connection);
        const named = () => sql<{ id: number }>`SELECT id FROM prepared_probe WHERE id = ${1}`.execute(connection);
        const starred = () => sql<{ id: number }>`SELECT * FROM prepared_probe WHERE id = ${1}`.execute(connection);
        expect((await named()).rows).toEqual([{ id: 1 }]);
        expect((await starred()).rows).toEqual([{ id: 1 }]);
        const prepared = (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(connection)).rows.map((row) => row.statement);
        expect(prepared).toContain('SELECT id FROM prepared_probe WHERE id = $1');
        expect(prepared.some((statement) => statement.includes('*'))).toBe(false);
        // A migration elsewhere adds a column: the prepared statement is planned again, the `*` one sees it.
        await sql`ALTER TABLE prepared_probe ADD COLUMN note text`.execute(connection);
        expect((await named()).rows).toEqual([{ id: 1 }]);
        expect((await starred()).rows).toEqual([{ id: 1, note: null }]);
      });
    } finally {
      await db.destroy();
    }
  });

  test('a home purchase end to end, with racing Payme calls refused', async () => {
    if (!database.server) throw new Error(missing);
    app = await buildApp(testConfig({ database: { kind: 'postgres', url: database.url } }));
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

  test('Payme repeating Create while it performs the same transaction: both answer, one payment', async () => {
    if (!database.server) throw new Error(missing);
    const instance = await buildApp(testConfig({ database: { kind: 'postgres', url: database.url } }));
    instances.push(instance);
    await instance.ready();
    const rpc = (method: string, params: Record<string, unknown>) =>
      instance.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { id: 1, method, params } }).then((r) => r.json());
    const contracts = await Promise.all(Array.from({ length: 8 }, () => post(instance, '/api/sayt/uyjoy-api/save', homeSaveBody()).then((r) => r.json().response as { contract_id: string; amount: number })));
    await Promise.all(contracts.map(async (contract, i) => {
      const params = { id: `repeat-${i}`, time: Date.now(), amount: contract.amount * 100, account: { contract_id: contract.contract_id } };
      expect((await rpc('CreateTransaction', params)).result.state).toBe(1);
      // Both lock the transaction, then its contract: whichever comes second waits, then answers.
      const [created, performed] = await Promise.all([rpc('CreateTransaction', params), rpc('PerformTransaction', { id: params.id })]);
      expect(performed.result.state).toBe(2);
      expect(created.result?.state ?? created.error?.code).toSatisfy((answer: number) => answer === 1 || answer === -31008);
    }));
    const paid = await instance.db.selectFrom('policies').select('contract_id').where('contract_id', 'in', contracts.map((c) => c.contract_id)).execute();
    expect(paid).toHaveLength(contracts.length);
  });

  test('identical CreateTransaction calls at the same moment, at one instance or at both, all answer the one transaction', async () => {
    if (!database.server) throw new Error(missing);
    const [a, b] = await twoInstances();
    // The race lost about one triple in five: enough rounds that a lost one shows.
    const rounds = 30;
    for (let i = 0; i < rounds; i += 1) {
      const contract = (await post(i % 2 ? a : b, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response as { contract_id: string; amount: number };
      const params = { id: `same-${i}`, time: Date.now(), amount: contract.amount * 100, account: { contract_id: contract.contract_id } };
      const targets = i % 2 ? [a, a, a] : [a, b, b];
      const answers = await Promise.all(targets.map((instance) => paymeRpc(instance, 'CreateTransaction', params)));
      expect(answers.map((answer) => answer.result?.state ?? answer.error?.code), `round ${i}`).toEqual([1, 1, 1]);
      expect(new Set(answers.map((answer) => answer.result.transaction)).size).toBe(1);
      expect(new Set(answers.map((answer) => answer.result.create_time)).size).toBe(1);
      // Payme goes on with the transaction it was answered: performed once, the order paid.
      expect((await paymeRpc(b, 'PerformTransaction', { id: params.id })).result.state).toBe(2);
    }
  });

  test('Click at both instances at once: a Complete repeated pays once and answers success to each; two transactions of one order, one pays and the other is refused', async () => {
    if (!database.server) throw new Error(missing);
    const [a, b] = await twoInstances();
    const click = (instance: FastifyInstance, action: 'prepare' | 'complete', fields: Record<string, string>) =>
      instance
        .inject({ method: 'POST', url: `/api/click/${action}`, payload: new URLSearchParams(fields).toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } })
        .then((r) => r.json<{ error: number; merchant_prepare_id?: number }>());
    const paidOnce = async (contractId: string) => {
      expect(await a.db.selectFrom('policies').select('number').where('contract_id', '=', contractId).execute()).toHaveLength(1);
      const messages = await a.db.selectFrom('outbox').select('text').where('kind', '=', 'purchase').execute();
      const order = (await a.db.selectFrom('contracts').select('order_id').where('id', '=', contractId).executeTakeFirstOrThrow()).order_id;
      expect(messages.filter((m) => m.text.includes(String(order)))).toHaveLength(1);
    };
    let transId = 2_000_000_000 + Math.floor(Math.random() * 1_000_000);
    for (let round = 0; round < 10; round += 1) {
      const contract = (await post(round % 2 ? a : b, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response as { contract_id: string; amount: number };
      const amount = `${contract.amount}.00`;
      const first = String((transId += 1));
      const prepared = await click(a, 'prepare', clickPrepareFields(first, contract.contract_id, { amount }));
      expect(prepared.error, `round ${round}`).toBe(0);
      const complete = clickCompleteFields(first, contract.contract_id, prepared.merchant_prepare_id as number, { amount });
      const repeated = await Promise.all([click(a, 'complete', complete), click(b, 'complete', complete), click(b, 'complete', complete)]);
      expect(repeated.map((answer) => answer.error), `round ${round}`).toEqual([0, 0, 0]);
      await paidOnce(contract.contract_id);

      const other = (await post(a, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response as { contract_id: string; amount: number };
      const [one, two] = [String((transId += 1)), String((transId += 1))];
      const both = await Promise.all([click(a, 'prepare', clickPrepareFields(one, other.contract_id, { amount })), click(b, 'prepare', clickPrepareFields(two, other.contract_id, { amount }))]);
      expect(both.map((answer) => answer.error), `round ${round}`).toEqual([0, 0]);
      const completed = await Promise.all([
        click(a, 'complete', clickCompleteFields(one, other.contract_id, both[0]?.merchant_prepare_id as number, { amount })),
        click(b, 'complete', clickCompleteFields(two, other.contract_id, both[1]?.merchant_prepare_id as number, { amount })),
      ]);
      expect(completed.map((answer) => answer.error).sort(), `round ${round}`).toEqual([-4, 0]);
      await paidOnce(other.contract_id);
    }
  });

  test('identical saves with one Idempotency-Key at the same moment, at one instance and at both: one contract, every answer it or a 409', async () => {
    if (!database.server) throw new Error(missing);
    const [a, b] = await twoInstances();
    for (let round = 0; round < 20; round += 1) {
      const address = `Tashkent, keyed save ${round}`;
      const body = homeSaveBody({ address });
      const key = `save-${round}-${randomBytes(6).toString('hex')}`;
      const targets = round % 2 ? [a, a, a] : [a, b, a, b];
      const answers = await Promise.all(targets.map((instance) => post(instance, '/api/sayt/uyjoy-api/save', body, { 'idempotency-key': key })));
      expect(answers.map((answer) => answer.statusCode).filter((status) => status !== 200 && status !== 409), `round ${round}`).toEqual([]);
      const saved = new Set(answers.filter((answer) => answer.statusCode === 200).map((answer) => answer.json().response.contract_id as string));
      expect(saved.size, `round ${round}`).toBe(1);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM contracts WHERE request->'body'->>'address' = ${address}`.execute(a.db);
      expect(rows[0]?.n, `round ${round}`).toBe(1);
      // A caller answered 409 sends it again once the first has answered: that answer.
      const again = await post(b, '/api/sayt/uyjoy-api/save', body, { 'idempotency-key': key });
      expect([again.statusCode, again.headers['idempotent-replayed'], again.json().response.contract_id]).toEqual([200, 'true', [...saved][0]]);
    }
  });

  test('the card\'s code sent twice at once with its Idempotency-Key, at both instances: the card is charged once', async () => {
    if (!database.server) throw new Error(missing);
    const [a, b] = await twoInstances();
    for (let round = 0; round < 6; round += 1) {
      const contract = (await post(a, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response as { contract_id: string };
      const card = await post(b, '/api/sayt/payment/payme/card', { card_number: subscribeTestCards.pays.number, card_date: subscribeTestCards.pays.expire, contract_id: contract.contract_id });
      const check = { contract_id: contract.contract_id, card_id: card.json().response.card_id as string, code: '666666' };
      const key = `check-${round}-${randomBytes(6).toString('hex')}`;
      const answers = await Promise.all([a, b].map((instance) => post(instance, '/api/sayt/payment/payme/check', check, { 'idempotency-key': key })));
      expect(answers.map((answer) => answer.statusCode === 409 || answer.json().response?.paid === true), `round ${round}`).toEqual([true, true]);
      const payments = await a.db.selectFrom('payments').select('state').where('contract_id', '=', contract.contract_id).execute();
      expect(payments, `round ${round}`).toEqual([{ state: 'paid' }]);
    }
  });

  test('the card\'s code sent at once to both instances without a key, or each with its own: the card is charged once, and each is told it paid', async () => {
    if (!database.server) throw new Error(missing);
    const [a, b] = await twoInstances();
    for (let round = 0; round < 6; round += 1) {
      const contract = (await post(a, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response as { contract_id: string };
      // Every other round a card asked for without a contract, as a partner may ask for it.
      const asked = await post(b, '/api/sayt/payment/payme/card', { card_number: subscribeTestCards.pays.number, card_date: subscribeTestCards.pays.expire, ...(round % 2 ? {} : { contract_id: contract.contract_id }) });
      const check = { contract_id: contract.contract_id, card_id: asked.json().response.card_id as string, code: '666666' };
      const headers = (i: number): Record<string, string> => (round % 3 === 2 ? { 'idempotency-key': `own-${round}-${i}-${randomBytes(6).toString('hex')}` } : {});
      const answers = await Promise.all([a, b, a, b].map((instance, i) => post(instance, '/api/sayt/payment/payme/check', check, headers(i))));
      expect(answers.map((answer) => answer.json()), `round ${round}`).toEqual(Array(4).fill({ result: true, error: 0, message: 'ok', response: { paid: true } }));
      const payments = await a.db.selectFrom('payments').select('state').where('contract_id', '=', contract.contract_id).execute();
      expect(payments, `round ${round}`).toEqual([{ state: 'paid' }]);
    }
  });

  test('a PostgreSQL restart that breaks the idle connections neither ends the process nor the next request', async () => {
    if (!database.server) throw new Error(missing);
    const instance = await buildApp(testConfig({ database: { kind: 'postgres', url: database.url } }));
    instances.push(instance);
    await instance.ready();
    // Fill the pool with idle connections, then have PostgreSQL end them as a restart would.
    await Promise.all(Array.from({ length: 5 }, () => instance.db.selectFrom('contracts').select('id').limit(1).execute()));
    await database.admin((c) => c.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database.name]));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const saved = await post(instance, '/api/sayt/uyjoy-api/save', homeSaveBody());
    expect(saved.statusCode).toBe(200);
  });

  test('with the database stopped under the running app: 503 with Retry-After and no stack, for calls and pages alike; back, it serves again', async () => {
    if (!database.server) throw new Error(missing);
    const switched = await databaseSwitch(database.url);
    // The site's 500 page, as the build prerenders it: what a page navigation gets when it cannot be served.
    const siteDir = mkdtempSync(join(tmpdir(), 'site-'));
    writeFileSync(join(siteDir, 'index.html'), '<!doctype html><html lang="uz"><head><title>shop</title></head><body></body></html>');
    for (const lang of ['uz', 'en']) {
      mkdirSync(join(siteDir, 'prerendered', lang), { recursive: true });
      writeFileSync(join(siteDir, 'prerendered', lang, '500.html'), `<!doctype html><html lang="${lang}"><title>500</title><a href="/${lang}/__address__">Reload</a>`);
    }
    const instance = await buildApp(testConfig({ database: { kind: 'postgres', url: switched.url }, siteDir }));
    try {
      await instance.ready();
      const saved = (await post(instance, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response as { contract_id: string; amount: number };
      await switched.off();
      const away = {
        save: await post(instance, '/api/sayt/uyjoy-api/save', homeSaveBody()),
        check: await post(instance, '/api/sayt/uyjoy-api/check', { contract_id: saved.contract_id }),
        pdf: await instance.inject(`/api/policies/${saved.contract_id}.pdf`),
      };
      for (const [what, res] of Object.entries(away)) {
        expect(res.statusCode, what).toBe(503);
        expect(res.headers['retry-after'], what).toBe('10');
        expect(res.json(), what).toEqual({ result: false, error: 503, message: 'Service temporarily unavailable; try again shortly', response: null });
      }
      // Pages: the site's error page with the same status, never the failure's text.
      for (const address of ['/verify/HOM%202026000001', `/pay/octo/${saved.contract_id}?lang=en`]) {
        const page = await instance.inject({ url: address, headers: { accept: 'text/html,application/xhtml+xml' } });
        expect(page.statusCode, address).toBe(503);
        expect(page.headers['retry-after'], address).toBe('10');
        expect(page.headers['content-type'], address).toContain('text/html');
        expect(page.body, address).toContain('<title>500</title>');
        expect(page.body, address).not.toMatch(/ECONNREFUSED|terminated|at .*\.ts/);
      }
      // Payme's protocol has its own word for it, as before.
      const payme = await paymeRpc(instance, 'CheckPerformTransaction', { amount: saved.amount * 100, account: { contract_id: saved.contract_id } });
      expect(payme.error.code).toBe(-32400);

      await switched.on();
      expect((await post(instance, '/api/sayt/uyjoy-api/save', homeSaveBody())).statusCode).toBe(200);
    } finally {
      await instance.close();
      await switched.close();
      rmSync(siteDir, { recursive: true, force: true });
    }
  });

  test('a save whose database goes away after its Idempotency-Key was taken: once back, the same key runs again (or answers what it saved), not a 409 for minutes', async () => {
    if (!database.server) throw new Error(missing);
    const switched = await databaseSwitch(database.url);
    const instance = await buildApp(testConfig({ database: { kind: 'postgres', url: switched.url } }));
    const held = (key: string) => instance.db.selectFrom('idempotency_keys').select('status').where('key_hash', '=', keyHashOf(key)).where('status', 'is', null).executeTakeFirst();
    /** Waits (a few seconds at most) until the key is no longer held by a request that never told its answer. */
    const settled = async (key: string) => {
      for (const deadline = Date.now() + 10_000; (await held(key)) && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 100));
    };
    try {
      await instance.ready();
      const create = instance.contracts.create.bind(instance.contracts);

      // Away before the contract is made: the save is a 503, and its key cannot be let go then.
      const failedKey = `away-before-${randomBytes(6).toString('hex')}`;
      const failedBody = homeSaveBody({ address: `Tashkent, away before ${failedKey}` });
      instance.contracts.create = async (...args) => {
        await switched.off();
        return create(...args);
      };
      expect((await post(instance, '/api/sayt/uyjoy-api/save', failedBody, { 'idempotency-key': failedKey })).statusCode).toBe(503);
      instance.contracts.create = create;
      await switched.on();
      await settled(failedKey);
      const retried = await post(instance, '/api/sayt/uyjoy-api/save', failedBody, { 'idempotency-key': failedKey });
      expect([retried.statusCode, retried.headers['idempotent-replayed']]).toEqual([200, undefined]);

      // Away after the contract is made: the caller has its answer, and a repeat gets that same answer.
      const savedKey = `away-after-${randomBytes(6).toString('hex')}`;
      const savedBody = homeSaveBody({ address: `Tashkent, away after ${savedKey}` });
      instance.contracts.create = async (...args) => {
        const made = await create(...args);
        await switched.off();
        return made;
      };
      const first = await post(instance, '/api/sayt/uyjoy-api/save', savedBody, { 'idempotency-key': savedKey });
      expect(first.statusCode).toBe(200);
      instance.contracts.create = create;
      await switched.on();
      await settled(savedKey);
      const repeated = await post(instance, '/api/sayt/uyjoy-api/save', savedBody, { 'idempotency-key': savedKey });
      expect([repeated.statusCode, repeated.headers['idempotent-replayed'], repeated.body]).toEqual([200, 'true', first.body]);
    } finally {
      await instance.close();
      await switched.close();
    }
  });

  test('two instances on one database: purchases through both, Payme at either, every contract paid once, every message sent once', async () => {
    if (!database.server) throw new Error(missing);
    // A stand-in Bot API that counts what it receives.
    const received: string[] = [];
    const bot = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
      request.on('end', () => {
        received.push((JSON.parse(body) as { text: string }).text);
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true,"result":{}}');
      });
    });
    await new Promise<void>((resolve) => bot.listen(0, '127.0.0.1', resolve));
    const botUrl = `http://127.0.0.1:${(bot.address() as AddressInfo).port}`;
    try {
      const config = testConfig({ database: { kind: 'postgres', url: database.url }, bot: { apiUrl: botUrl, token: 'test-token', chatId: '1' } });
      const [a, b] = await Promise.all([buildApp(config), buildApp(config)]);
      if (!a || !b) throw new Error('two instances');
      instances.push(a, b);
      await Promise.all([a.ready(), b.ready()]);
      const rpc = (instance: FastifyInstance, method: string, params: Record<string, unknown>) =>
        instance.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { id: 1, method, params } }).then((r) => r.json());

      const orders = 12;
      const saved = await Promise.all(Array.from({ length: orders }, (_, i) =>
        post(i % 2 ? a : b, '/api/sayt/uyjoy-api/save', homeSaveBody()).then((r) => r.json().response as { contract_id: string; amount: number })));
      await Promise.all(saved.map(async (contract, i) => {
        const [first, second] = i % 2 ? [a, b] : [b, a];
        const account = { contract_id: contract.contract_id };
        const amount = contract.amount * 100;
        expect((await rpc(first, 'CheckPerformTransaction', { amount, account })).result).toEqual({ allow: true });
        expect((await rpc(second, 'CreateTransaction', { id: `two-${i}`, time: Date.now(), amount, account })).result.state).toBe(1);
        // Payme repeats a Perform it is unsure of, here at both instances at once: one payment, one answer.
        const performed = await Promise.all([rpc(first, 'PerformTransaction', { id: `two-${i}` }), rpc(second, 'PerformTransaction', { id: `two-${i}` })]);
        expect(performed.map((p) => p.result?.state)).toEqual([2, 2]);
        expect(performed[0].result.perform_time).toBe(performed[1].result.perform_time);
      }));

      const ids = saved.map((s) => s.contract_id);
      const policies = await a.db.selectFrom('policies').select(['contract_id', 'number']).where('contract_id', 'in', ids).execute();
      expect(policies).toHaveLength(orders);
      expect(new Set(policies.map((p) => p.number)).size).toBe(orders);
      const statuses = await b.db.selectFrom('contracts').select('status').where('id', 'in', ids).execute();
      expect(statuses.every((s) => s.status === 'issued')).toBe(true);

      // Both instances' workers deliver at once: each message reaches the chat exactly once.
      const pending = async () => Number((await a.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('sent_at', 'is', null).executeTakeFirstOrThrow()).n);
      while ((await pending()) > 0) {
        await Promise.all([deliverOutbox(a, { pacingMs: 0, batchSize: 5 }), deliverOutbox(b, { pacingMs: 0, batchSize: 5 })]);
      }
      for (const policy of policies) expect(received.filter((text) => text.includes(policy.number)), policy.number).toHaveLength(1);
      const outbox = await a.db.selectFrom('outbox').select('id').execute();
      expect(received).toHaveLength(outbox.length);
    } finally {
      await new Promise((resolve) => bot.close(resolve));
    }
  });
});
