/*
 * The chat outbox at two instances on one real PostgreSQL (TEST_DATABASE_URL; vitest's global setup
 * starts a scratch cluster when PostgreSQL is installed), sending as one stand-in bot: a batch that
 * outlives its lease, the database away between the bot's answer and the mark, a 429. In a database
 * of its own that it drops afterwards; without the variable it fails with instructions, never silently.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, test } from 'vitest';
import { testDatabase } from '../../tests/support/test-database';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { deliverOutbox, startOutboxWorker } from './outbox-worker';

const missing = 'TEST_DATABASE_URL is not set: point it at a PostgreSQL server (server/README.md shows how to start a scratch cluster).';
const database = testDatabase('shop_outbox');
const instances: FastifyInstance[] = [];
// Registered after the database's own: runs before it is dropped.
afterAll(() => Promise.all(instances.map((instance) => instance.close())));

type BotAnswer = { status: number; body: Record<string, unknown> };
const accepted: BotAnswer = { status: 200, body: { ok: true, result: {} } };

/**
 * A stand-in Bot API on a real port, shared by the instances as the chat's bot is: it records the
 * text of every sendMessage it receives and answers as `answer` says (by default at once, `ok`).
 */
async function fakeBot(answer: (text: string) => BotAnswer | Promise<BotAnswer> = () => accepted) {
  const received: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => { body += chunk.toString(); });
    request.on('end', () => {
      const { text } = JSON.parse(body) as { text: string };
      received.push(text);
      void Promise.resolve(answer(text)).then(({ status, body: reply }) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(reply)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the chat outbox, two instances on one database sending as one bot', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  async function eventually(check: () => boolean | Promise<boolean>, what: string): Promise<void> {
    for (const deadline = Date.now() + 15_000; !(await check()); await sleep(20)) {
      if (Date.now() > deadline) throw new Error(`not within 15 s: ${what}`);
    }
  }
  const unsent = async (instance: FastifyInstance) => Number((await instance.db.selectFrom('outbox').select((eb) => eb.fn.countAll().as('n')).where('sent_at', 'is', null).executeTakeFirstOrThrow()).n);

  /** Two instances on the test database, both sending as the bot `token` through `botUrl`. */
  async function twoInstances(botUrl: string, token: string): Promise<[FastifyInstance, FastifyInstance]> {
    const config = testConfig({ database: { kind: 'postgres', url: database.url }, bot: { apiUrl: botUrl, token, chatId: '1' } });
    const pair: FastifyInstance[] = [];
    // One after the other: a fresh database is migrated by the first.
    for (let i = 0; i < 2; i += 1) {
      const instance = await buildApp(config);
      instances.push(instance);
      await instance.ready();
      pair.push(instance);
    }
    return [pair[0] as FastifyInstance, pair[1] as FastifyInstance];
  }

  /** An outbox of just `count` new messages, oldest first; earlier tests' are marked sent. */
  async function queue(instance: FastifyInstance, count: number, label: string): Promise<string[]> {
    await instance.db.updateTable('outbox').set({ sent_at: new Date() }).where('sent_at', 'is', null).execute();
    const texts = Array.from({ length: count }, (_, i) => `${label} message ${i + 1}`);
    for (const text of texts) await instance.outbox.enqueue('failure', text);
    return texts;
  }

  test('a batch that outlives its lease: the other instance sends the rest, no message twice', async () => {
    if (!database.server) throw new Error(missing);
    // The rolling restart that sent 4 of 13 messages twice, fifty times faster: ten rows claimed
    // with a 1.2 s lease, a bot taking 200 ms a message and 20 ms between messages (about 2.2 s).
    const bot = await fakeBot(async () => {
      await sleep(200);
      return accepted;
    });
    try {
      const [a, b] = await twoInstances(bot.url, 'lease-bot');
      const texts = await queue(a, 13, 'lease');
      const options = { batchSize: 10, pacingMs: 20, leaseMs: 1_200, requestTimeoutMs: 1_000, intervalMs: 50 };
      const worker = startOutboxWorker(b, options);
      try {
        await deliverOutbox(a, options);
        await eventually(async () => (await unsent(a)) === 0, 'every message sent');
      } finally {
        await worker.stop();
      }
      for (const text of texts) expect(bot.received.filter((received) => received === text), text).toHaveLength(1);
    } finally {
      await bot.close();
    }
  });

  test('the database away between the bot\'s ok and marking the row sent: the mark is retried, not the message', async () => {
    if (!database.server) throw new Error(missing);
    /** Our database refuses connections and drops those it has, as a stopped server would, or takes them again. */
    const databaseUp = (up: boolean) => database.admin(async (client) => {
      await client.query(`ALTER DATABASE ${database.name} ALLOW_CONNECTIONS ${up}`);
      if (!up) await client.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1 AND pid <> pg_backend_pid()', [database.name]);
    });
    let stopped = false;
    const bot = await fakeBot(async () => {
      if (!stopped) {
        stopped = true;
        await databaseUp(false);
      }
      return accepted;
    });
    try {
      const [a, b] = await twoInstances(bot.url, 'restart-bot');
      const [text] = await queue(a, 1, 'restart');
      const options = { pacingMs: 0, leaseMs: 1_000, requestTimeoutMs: 800 };
      const round = deliverOutbox(a, options).catch((err: unknown) => err);
      await eventually(() => stopped, 'the bot reached');
      // Away for longer than the lease, then back: the other instance finds the row due again unless the first marked it.
      await sleep(1_500);
      await databaseUp(true);
      await round;
      await deliverOutbox(b, options);
      expect(bot.received).toEqual([text]);
      expect(await unsent(b)).toBe(0);
    } finally {
      await databaseUp(true);
      await bot.close();
    }
  });

  test('a 429 holds every instance sending as that bot for its retry_after, and no message is lost', async () => {
    if (!database.server) throw new Error(missing);
    let waitEnds = 0;
    let intoTheWait = 0;
    const delivered: string[] = [];
    const tooMany = (seconds: number): BotAnswer => ({ status: 429, body: { ok: false, error_code: 429, description: `Too Many Requests: retry after ${seconds}`, parameters: { retry_after: seconds } } });
    const bot = await fakeBot((text) => {
      const now = Date.now();
      if (waitEnds === 0) {
        waitEnds = now + 1_000;
        return tooMany(1);
      }
      if (now < waitEnds) {
        intoTheWait += 1;
        return tooMany(Math.ceil((waitEnds - now) / 1000));
      }
      delivered.push(text);
      return accepted;
    });
    try {
      const [a, b] = await twoInstances(bot.url, 'busy-bot');
      const texts = await queue(a, 8, 'busy');
      const options = { batchSize: 4, pacingMs: 50, intervalMs: 50, leaseMs: 2_000, requestTimeoutMs: 1_000 };
      const workers = [startOutboxWorker(a, options), startOutboxWorker(b, options)];
      try {
        await eventually(async () => (await unsent(a)) === 0, 'every message sent');
      } finally {
        await Promise.all(workers.map((worker) => worker.stop()));
      }
      // At most the other instance's message already on its way when the wait began.
      expect(intoTheWait).toBeLessThanOrEqual(1);
      expect([...delivered].sort()).toEqual([...texts].sort());
    } finally {
      await bot.close();
    }
  });
});
