import { createHash, randomUUID } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { OutboxRow } from '../db/database';
import { maskPersonalData } from '../logging';
import { smsKind } from '../plugins/app/outbox';
import { SmsNotSent } from '../sms/sender';
import { startRepeating, type RepeatingJob } from './repeating-job';

/** The Bot API refuses texts longer than this (UTF-16 units are a safe upper bound of its count). */
export const MAX_MESSAGE_LENGTH = 4096;

export interface OutboxWorkerOptions {
  /** Rows claimed per round. */
  batchSize?: number;
  /** Pause between rounds when idle. */
  intervalMs?: number;
  /** First retry delay; doubles per attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** Pause between two messages (the Bot API allows about one per second per chat). */
  pacingMs?: number;
  /**
   * How long a claimed row stays its sender's. The sender renews it just before each send, so it
   * must outlast one request (longer than requestTimeoutMs); a row whose lease ran out (its sender
   * died, or is still busy with the rest of its batch) is any instance's to send.
   */
  leaseMs?: number;
  requestTimeoutMs?: number;
  /** First pause between tries to mark a delivered message sent while the database is away; doubles up to 5 s. */
  markRetryMs?: number;
}

const defaults: Required<OutboxWorkerOptions> = {
  batchSize: 10,
  intervalMs: 2_000,
  baseDelayMs: 5_000,
  maxDelayMs: 60 * 60 * 1000,
  pacingMs: 1_000,
  leaseMs: 60_000,
  requestTimeoutMs: 10_000,
  markRetryMs: 250,
};

const maxMarkRetryMs = 5_000;
/** How long a shutdown still waits for the database to mark a delivered message (main.ts forces the exit after 15 s). */
const markPatienceOnStopMs = 10_000;

function settings(options: OutboxWorkerOptions): Required<OutboxWorkerOptions> {
  const opts = { ...defaults, ...options };
  if (opts.leaseMs <= opts.requestTimeoutMs) throw new Error(`outbox worker: leaseMs (${opts.leaseMs}) must be longer than requestTimeoutMs (${opts.requestTimeoutMs}), or a send could outlive its lease`);
  return opts;
}
/** Splits a text into Bot API sized parts, preferring line breaks and never halving a surrogate pair. */
export function splitMessage(text: string, max = MAX_MESSAGE_LENGTH): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > max) {
    let cut = rest.lastIndexOf('\n', max);
    if (cut < max / 2) cut = max;
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut -= 1;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut).replace(/^\n/, '');
  }
  if (rest.length > 0 || parts.length === 0) parts.push(rest);
  return parts;
}

type SendResult = { ok: true } | { ok: false; error: string; retryAfterMs?: number };

async function postMessage(app: FastifyInstance, text: string, timeoutMs: number): Promise<SendResult> {
  const { apiUrl, token, chatId } = app.config.bot;
  try {
    const response = await fetch(`${apiUrl}/bot${token}/sendMessage`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ chat_id: chatId, text }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = (await response.json().catch(() => null)) as { ok?: boolean; description?: string; parameters?: { retry_after?: number } } | null;
    if (response.ok && body?.ok) return { ok: true };
    const retryAfter = body?.parameters?.retry_after;
    return {
      ok: false,
      error: `HTTP ${response.status}: ${body?.description ?? 'no description'}`.slice(0, 500),
      ...(typeof retryAfter === 'number' && retryAfter >= 0 ? { retryAfterMs: retryAfter * 1000 } : {}),
    };
  } catch (err) {
    return { ok: false, error: (err instanceof Error ? err.message : String(err)).slice(0, 500) };
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The bot as the database names it: a hash of its token, so no table holds the token. */
const botKey = (token: string) => createHash('sha256').update(token).digest('hex').slice(0, 32);

type Moment = Date | RawBuilder<Date>;

/**
 * The moments a round writes and compares, `offsetMs` from now: on the database's clock, the one
 * clock every instance shares (an instance whose clock runs ahead would otherwise take leases that
 * have not ended), or from a fixed `now` (tests).
 */
function clock(now: Date | undefined): (offsetMs?: number) => Moment {
  if (now) return (offsetMs = 0) => new Date(now.getTime() + offsetMs);
  return (offsetMs = 0) => (offsetMs === 0 ? sql<Date>`clock_timestamp()` : sql<Date>`clock_timestamp() + ${offsetMs}::double precision * interval '1 millisecond'`);
}

export interface OutboxRound {
  /** The time the round runs at, instead of the database's clock (tests). */
  now?: Date;
  /** Aborted when the worker stops: the round ends after the message in hand and hands back the rest of its claim. */
  stopping?: AbortSignal;
}

/** An SMS through the configured gateway; what a refusal says names neither the phone nor the text. */
async function sendSms(app: FastifyInstance, phone: string | null, text: string): Promise<SendResult> {
  if (phone === null) return { ok: false, error: 'an SMS row without a phone' };
  try {
    await app.sms.send(phone, text);
    return { ok: true };
  } catch (err) {
    return { ok: false, error: (err instanceof SmsNotSent ? err.message : `the SMS gateway failed (${err instanceof Error ? err.name : 'unknown'})`).slice(0, 500) };
  }
}

/**
 * One round: claims due rows under a lease of its own (`FOR UPDATE SKIP LOCKED`, so instances
 * never claim the same row), and sends them one by one: a chat message to the bot, an SMS (kind
 * `sms`) to its phone through the SMS gateway. Just before each send it renews the row's lease,
 * which also checks that the row is still its own (not taken over by another instance after the
 * lease ran out) and, for a chat message, that the bot is not in a wait; a message accepted is
 * marked sent, and the mark is tried until the database takes it. A refusal schedules the next
 * attempt (exponential backoff); a 429's `retry_after` holds the bot for every instance
 * (`bot_waits`), never the SMS. Without BOT_TOKEN it logs the chat's texts and marks them sent (an
 * SMS is never logged: it names a client). Returns counts.
 */
export async function deliverOutbox(app: FastifyInstance, options: OutboxWorkerOptions & OutboxRound = {}): Promise<{ sent: number; retried: number }> {
  const opts = settings(options);
  const at = clock(options.now);
  const lease = randomUUID();
  const { token } = app.config.bot;
  const bot = token ? botKey(token) : null;
  /** The wait the bot is in, if any. */
  const waitOf = (key: string) => app.db.selectFrom('bot_waits').select('until').where('bot', '=', key).where('until', '>', at());
  const isSms = (row: Pick<OutboxRow, 'kind'>) => row.kind === smsKind;

  const rows: OutboxRow[] = await app.db
    .updateTable('outbox')
    .set({ next_attempt_at: at(opts.leaseMs), lease })
    .where('id', 'in', (eb) => {
      const due = eb
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', at());
      return (bot ? due.where((w) => w.or([w('kind', '=', smsKind), w.not(w.exists(waitOf(bot)))])) : due).orderBy('id').limit(opts.batchSize).forUpdate().skipLocked();
    })
    .returning(['id', 'kind', 'text', 'attempts', 'parts_sent', 'next_attempt_at', 'sent_at', 'last_error', 'created_at', 'lease', 'phone'])
    .execute();
  rows.sort((a, b) => a.id - b.id);

  let sent = 0;
  if (bot === null) {
    const logged = rows.filter((row) => !isSms(row));
    for (const row of logged) app.log.info({ outboxId: row.id, kind: row.kind, text: maskPersonalData(row.text) }, 'chat message (BOT_TOKEN not set, not sent)');
    // Nothing leaves the process: the whole claim is marked at once, one statement per round.
    if (logged.length > 0) await app.db.updateTable('outbox').set({ sent_at: at(), lease: null, last_error: 'BOT_TOKEN not set: logged only' }).where('id', 'in', logged.map((row) => row.id)).execute();
    sent = logged.length;
  }

  /** Hands the rows of this claim not yet sent back to every instance, due at `due` (only the chat's when the bot must wait). */
  const release = (due: Moment, chatOnly = false) => {
    const held = app.db.updateTable('outbox').set({ lease: null, next_attempt_at: due }).where('lease', '=', lease).where('sent_at', 'is', null);
    return (chatOnly ? held.where('kind', '!=', smsKind) : held).execute();
  };

  /** The row's lease renewed for one more send, with what it has delivered; null when it is no longer ours or (a chat message) the bot waits. */
  const renew = async (row: OutboxRow) => {
    const held = app.db
      .updateTable('outbox')
      .set({ next_attempt_at: at(opts.leaseMs) })
      .where('id', '=', row.id)
      .where('lease', '=', lease)
      .where('sent_at', 'is', null);
    const renewed = await (bot && !isSms(row) ? held.where((w) => w.not(w.exists(waitOf(bot)))) : held).returning('parts_sent').executeTakeFirst();
    return renewed?.parts_sent ?? null;
  };

  /** Records parts accepted (the whole message: sent), whoever holds the row now; tried until the database takes it. */
  const markDelivered = (row: OutboxRow, partsSent: number, whole: boolean) =>
    keepTrying(app, row.id, opts.markRetryMs, options.stopping, () =>
      app.db
        .updateTable('outbox')
        .set(whole
          ? { parts_sent: partsSent, sent_at: at(), attempts: row.attempts + 1, last_error: null, lease: null }
          : { parts_sent: sql<number>`GREATEST(parts_sent, ${partsSent}::integer)` })
        .where('id', '=', row.id)
        .where('sent_at', 'is', null)
        .execute());

  let retried = 0;
  let posted = false;
  /** The bot was told to wait: this claim's chat messages are handed back, its SMS still go. */
  let botWaits = false;
  for (const row of rows) {
    if (options.stopping?.aborted) {
      await release(at());
      break;
    }
    const sms = isSms(row);
    if (!sms && (bot === null || botWaits)) continue;
    // An SMS goes whole (the gateway splits it for the phone); a chat message in the Bot API's parts.
    const parts = sms ? [row.text] : splitMessage(row.text);
    let partsSent = row.parts_sent;
    let failure: Extract<SendResult, { ok: false }> | null = null;
    let held = true;
    while (partsSent < parts.length) {
      if (!sms && posted && opts.pacingMs > 0) await sleep(opts.pacingMs);
      const renewed = await renew(row);
      if (renewed === null) {
        held = false;
        break;
      }
      partsSent = renewed;
      if (partsSent >= parts.length) break;
      const part = parts[partsSent] as string;
      let result: SendResult;
      if (sms) {
        result = await sendSms(app, row.phone, part);
      } else {
        posted = true;
        result = await postMessage(app, part, opts.requestTimeoutMs);
      }
      if (!result.ok) {
        failure = result;
        break;
      }
      partsSent += 1;
      if (partsSent < parts.length) await markDelivered(row, partsSent, false);
    }
    if (!held) {
      const wait = bot && !sms ? await waitOf(bot).executeTakeFirst() : undefined;
      if (wait) {
        // Another instance was told to wait: so is this one, with every chat message it holds.
        await release(wait.until, true);
        botWaits = true;
        continue;
      }
      app.log.info({ outboxId: row.id, kind: row.kind }, 'outbox message taken over by another instance (its lease ran out before its turn)');
      continue;
    }
    if (!failure) {
      await markDelivered(row, partsSent, true);
      sent += 1;
      continue;
    }
    const delay = failure.retryAfterMs ?? Math.min(opts.baseDelayMs * 2 ** row.attempts, opts.maxDelayMs);
    if (bot && failure.retryAfterMs !== undefined) {
      // The bot's wait holds for it, so for every instance sending as it, not just for this message:
      // written first, so the others stop as soon as can be.
      await app.db
        .insertInto('bot_waits')
        .values({ bot, until: at(delay) })
        .onConflict((conflict) => conflict.column('bot').doUpdateSet({ until: sql<Date>`GREATEST(bot_waits.until, excluded.until)` }))
        .execute();
    }
    await app.db
      .updateTable('outbox')
      .set({ attempts: row.attempts + 1, last_error: failure.error, next_attempt_at: at(delay), lease: null })
      .where('id', '=', row.id)
      .where('lease', '=', lease)
      .execute();
    app.log.warn({ outboxId: row.id, kind: row.kind, attempts: row.attempts + 1, error: maskPersonalData(failure.error), retryInMs: delay }, sms ? 'SMS not delivered, will retry' : 'chat message not delivered, will retry');
    retried += 1;
    if (failure.retryAfterMs !== undefined) {
      await release(at(delay), true);
      botWaits = true;
    }
  }
  return { sent, retried };
}

/**
 * Runs `write` until it succeeds: the bot has accepted a message, and a mark that fails (the
 * database away) would let another instance send it again once the lease runs out. A shutdown
 * waits a while longer, then gives up (and says so).
 */
async function keepTrying(app: FastifyInstance, outboxId: number, firstPauseMs: number, stopping: AbortSignal | undefined, write: () => Promise<unknown>): Promise<void> {
  let pause = firstPauseMs;
  let giveUpAt: number | null = null;
  for (let attempt = 1; ; attempt += 1) {
    try {
      await write();
      if (attempt > 1) app.log.info({ outboxId, attempts: attempt }, 'delivered outbox message marked sent after the database came back');
      return;
    } catch (err) {
      if (attempt === 1) app.log.warn({ err, outboxId }, 'delivered outbox message not marked sent: trying again until the database answers');
      if (stopping?.aborted) {
        giveUpAt ??= Date.now() + markPatienceOnStopMs;
        if (Date.now() >= giveUpAt) {
          app.log.error({ err, outboxId }, 'delivered outbox message not marked sent before shutdown: it may be sent once more');
          return;
        }
      }
      await sleep(pause);
      pause = Math.min(pause * 2, maxMarkRetryMs);
    }
  }
}

export type OutboxWorker = RepeatingJob;

/** Runs `deliverOutbox` in a loop until stopped; stop() ends the round in flight after its current message and waits for it. */
export function startOutboxWorker(app: FastifyInstance, options: OutboxWorkerOptions = {}): OutboxWorker {
  const opts = settings(options);
  return startRepeating((stopping) => deliverOutbox(app, { ...opts, stopping }), {
    firstDelayMs: 0,
    // A full batch means more may be waiting: go again at once.
    nextDelayMs: (result) => (result && result.sent + result.retried >= opts.batchSize ? 0 : opts.intervalMs),
    onError: (err) => app.log.error({ err }, 'outbox round failed'),
  });
}
