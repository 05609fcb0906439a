import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp } from '../test-helpers';
import type { SandboxSmsInbox } from '../sms/sms';
import { deliverOutbox, splitMessage, startOutboxWorker } from './outbox-worker';

interface Received {
  url: string;
  body: { chat_id: string; text: string };
}

/** A stand-in for the Bot API: records messages and answers with the scripted replies, then ok. */
let bot: FastifyInstance;
let botUrl: string;
const received: Received[] = [];
let script: { status: number; body: Record<string, unknown> }[] = [];
/** While set, the bot answers only once it settles (a slow bot). */
let gate: Promise<void> | null = null;

beforeAll(async () => {
  bot = Fastify();
  bot.post('/*', async (request, reply) => {
    received.push({ url: request.url, body: request.body as Received['body'] });
    if (gate) await gate;
    const next = script.shift() ?? { status: 200, body: { ok: true, result: { message_id: received.length } } };
    return reply.code(next.status).send(next.body);
  });
  botUrl = await bot.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => bot.close());

let app: FastifyInstance;
const options = { baseDelayMs: 1_000, pacingMs: 0, leaseMs: 30_000 };

beforeEach(async () => {
  received.length = 0;
  script = [];
  gate = null;
  app = await createTestApp({ bot: { apiUrl: botUrl, token: 'test-token', chatId: '-100123' } });
});
afterEach(() => app.close());

const row = (id: number) => app.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
async function enqueue(text: string): Promise<number> {
  await app.outbox.enqueue('purchase', text);
  const last = await app.db.selectFrom('outbox').select('id').orderBy('id', 'desc').executeTakeFirstOrThrow();
  return last.id;
}
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('outbox delivery', () => {
  test('sends chat_id and text to /bot<token>/sendMessage and marks the row sent', async () => {
    const id = await enqueue('Purchase: travel policy TRV 2026000001');
    expect(await deliverOutbox(app, options)).toEqual({ sent: 1, retried: 0 });
    expect(received).toEqual([{ url: '/bottest-token/sendMessage', body: { chat_id: '-100123', text: 'Purchase: travel policy TRV 2026000001' } }]);
    expect((await row(id)).sent_at).toBeInstanceOf(Date);
    expect(await deliverOutbox(app, options)).toEqual({ sent: 0, retried: 0 });
    expect(received).toHaveLength(1);
  });

  test('a 429 waits exactly retry_after seconds, and holds the bot\'s other messages as long', async () => {
    const id = await enqueue('hello');
    await enqueue('second');
    script = [{ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } } }];
    const now = new Date(Date.now() + 1000);
    expect(await deliverOutbox(app, { ...options, now })).toEqual({ sent: 0, retried: 1 });
    const waiting = await row(id);
    expect(waiting.next_attempt_at.getTime()).toBe(now.getTime() + 7_000);
    expect(waiting.attempts).toBe(1);
    expect(waiting.last_error).toContain('429');
    expect(received.map((r) => r.body.text)).toEqual(['hello']);
    expect(await deliverOutbox(app, { ...options, now: at(now, 6_000) })).toEqual({ sent: 0, retried: 0 });
    expect(await deliverOutbox(app, { ...options, now: at(now, 7_000) })).toEqual({ sent: 2, retried: 0 });
    expect(received.map((r) => r.body.text)).toEqual(['hello', 'hello', 'second']);
  });

  test('a 500 retries with exponential backoff and nothing is lost', async () => {
    const id = await enqueue('bot is down');
    script = [
      { status: 500, body: { ok: false, error_code: 500, description: 'Internal Server Error' } },
      { status: 500, body: { ok: false, error_code: 500, description: 'Internal Server Error' } },
    ];
    const now = new Date(Date.now() + 1000);
    await deliverOutbox(app, { ...options, now });
    expect((await row(id)).next_attempt_at.getTime()).toBe(now.getTime() + 1_000);
    const second = at(now, 1_000);
    await deliverOutbox(app, { ...options, now: second });
    expect((await row(id)).next_attempt_at.getTime()).toBe(second.getTime() + 2_000);
    expect(await deliverOutbox(app, { ...options, now: at(second, 2_000) })).toEqual({ sent: 1, retried: 0 });
    expect((await row(id)).attempts).toBe(3);
  });

  test('long texts go in parts of at most 4096 characters; a retry resends only what is missing', async () => {
    const text = `${'a'.repeat(3000)}\n${'b'.repeat(3000)}\n${'c'.repeat(100)}`;
    const id = await enqueue(text);
    script = [
      { status: 200, body: { ok: true, result: {} } },
      { status: 502, body: { ok: false, description: 'Bad Gateway' } },
    ];
    const now = new Date(Date.now() + 1000);
    await deliverOutbox(app, { ...options, now });
    expect((await row(id)).parts_sent).toBe(1);
    await deliverOutbox(app, { ...options, now: at(now, 5_000) });
    const texts = received.map((r) => r.body.text);
    expect(texts.every((t) => t.length <= 4096)).toBe(true);
    expect(texts[0]).toBe('a'.repeat(3000));
    expect(texts.slice(1)).toEqual([`${'b'.repeat(3000)}\n${'c'.repeat(100)}`, `${'b'.repeat(3000)}\n${'c'.repeat(100)}`]);
    expect((await row(id)).sent_at).not.toBeNull();
  });

  test('two workers at once never send the same row twice (claims use SKIP LOCKED and a lease)', async () => {
    for (let i = 0; i < 6; i++) await enqueue(`message ${i}`);
    const [a, b] = await Promise.all([deliverOutbox(app, { ...options, batchSize: 3 }), deliverOutbox(app, { ...options, batchSize: 3 })]);
    expect(a.sent + b.sent).toBe(6);
    expect(received.map((r) => r.body.text).sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `message ${i}`));
  });

  test('without BOT_TOKEN messages are only logged and marked sent with a note', async () => {
    const quiet = await createTestApp({ bot: { apiUrl: botUrl, token: null, chatId: '' } });
    try {
      await quiet.outbox.enqueue('failure', 'nobody listens');
      expect(await deliverOutbox(quiet, options)).toEqual({ sent: 1, retried: 0 });
      const rows = await quiet.db.selectFrom('outbox').selectAll().execute();
      expect(rows[0]).toMatchObject({ last_error: 'BOT_TOKEN not set: logged only', sent_at: expect.any(Date) });
      expect(received).toHaveLength(0);
    } finally {
      await quiet.close();
    }
  });

  test('an SMS goes through the SMS gateway to its phone, never to the bot, and a 429 of the bot does not hold it', async () => {
    const inbox = app.sms as SandboxSmsInbox;
    await enqueue('chat before');
    await app.outbox.enqueueSms('998903330001', 'Your OSAGO policy OSG 2026000001 is valid until 31.12.2026.');
    await enqueue('chat after');
    script = [{ status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 30', parameters: { retry_after: 30 } } }];
    expect(await deliverOutbox(app, options)).toEqual({ sent: 1, retried: 1 });
    expect(inbox.messages('998903330001').map((m) => m.text)).toEqual(['Your OSAGO policy OSG 2026000001 is valid until 31.12.2026.']);
    expect(received.map((r) => r.body.text)).toEqual(['chat before']);
    const rows = await app.db.selectFrom('outbox').select(['kind', 'sent_at', 'lease']).orderBy('id').execute();
    expect(rows.map((r) => [r.kind, r.sent_at !== null, r.lease])).toEqual([['purchase', false, null], ['sms', true, null], ['purchase', false, null]]);
    // The bot's wait holds only the chat: a new SMS still goes at once.
    await app.outbox.enqueueSms('998903330002', 'second');
    expect(await deliverOutbox(app, options)).toEqual({ sent: 1, retried: 0 });
    expect(inbox.messages('998903330002')).toHaveLength(1);
    // Without a phone there is no SMS row.
    await expect(app.db.insertInto('outbox').values({ kind: 'sms', text: 'to nobody' }).execute()).rejects.toThrow(/outbox_sms_phone/);
  });

  test('the worker loop delivers in the background and stops cleanly', async () => {
    await enqueue('from the loop');
    const worker = startOutboxWorker(app, { ...options, intervalMs: 20 });
    for (let i = 0; i < 100 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    await worker.stop();
    expect(received.map((r) => r.body.text)).toEqual(['from the loop']);
  });
});

describe('stopping the worker', () => {
  test('ends the round after the message in hand and hands the rest of its claim back at once', async () => {
    for (const text of ['first', 'second', 'third']) await enqueue(text);
    let letGo = () => {};
    gate = new Promise((resolve) => { letGo = resolve; });
    const worker = startOutboxWorker(app, { ...options, intervalMs: 20 });
    for (let i = 0; i < 250 && received.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
    const stopped = worker.stop();
    letGo();
    await stopped;
    expect(received.map((r) => r.body.text)).toEqual(['first']);
    const rows = await app.db.selectFrom('outbox').select(['text', 'sent_at', 'lease', 'next_attempt_at']).orderBy('id').execute();
    expect(rows.map((r) => [r.text, r.sent_at !== null, r.lease])).toEqual([['first', true, null], ['second', false, null], ['third', false, null]]);
    // Due now, for any instance still running, not when this one's lease would have ended.
    expect(rows.filter((r) => r.sent_at === null).every((r) => r.next_attempt_at.getTime() <= Date.now())).toBe(true);
  });
});

describe('splitMessage', () => {
  test('keeps short texts whole and never splits a surrogate pair', () => {
    expect(splitMessage('hi')).toEqual(['hi']);
    const emoji = `${'x'.repeat(4095)}😀tail`;
    const parts = splitMessage(emoji);
    expect(parts.join('')).toBe(emoji);
    expect(parts[0]).toBe('x'.repeat(4095));
  });
});
