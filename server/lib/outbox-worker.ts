import { startRepeating, type RepeatingJob } from './repeating-job';
import type { FastifyInstance } from 'fastify';
import type { OutboxRow } from '../db/database';
import { maskPersonalData } from '../logging';

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
  /** A claimed row is retried by any instance after this long, in case its sender died. */
  leaseMs?: number;
  requestTimeoutMs?: number;
}

const defaults: Required<OutboxWorkerOptions> = {
  batchSize: 10,
  intervalMs: 2_000,
  baseDelayMs: 5_000,
  maxDelayMs: 60 * 60 * 1000,
  pacingMs: 1_000,
  leaseMs: 60_000,
  requestTimeoutMs: 10_000,
};

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

/**
 * One round: claims due rows (`FOR UPDATE SKIP LOCKED`, so instances never take the same row),
 * sends them, and records success or the next attempt (exponential backoff, or the bot's
 * `retry_after`). Without BOT_TOKEN it logs the texts and marks them sent. Returns counts.
 */
export async function deliverOutbox(app: FastifyInstance, options: OutboxWorkerOptions & { now?: Date } = {}): Promise<{ sent: number; retried: number }> {
  const opts = { ...defaults, ...options };
  const now = options.now ?? new Date();
  const rows: OutboxRow[] = await app.db
    .updateTable('outbox')
    .set({ next_attempt_at: new Date(now.getTime() + opts.leaseMs) })
    .where('id', 'in', (eb) =>
      eb
        .selectFrom('outbox')
        .select('id')
        .where('sent_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('id')
        .limit(opts.batchSize)
        .forUpdate()
        .skipLocked(),
    )
    .returning(['id', 'kind', 'text', 'attempts', 'parts_sent', 'next_attempt_at', 'sent_at', 'last_error', 'created_at'])
    .execute();
  rows.sort((a, b) => a.id - b.id);

  if (!app.config.bot.token) {
    for (const row of rows) app.log.info({ outboxId: row.id, kind: row.kind, text: maskPersonalData(row.text) }, 'chat message (BOT_TOKEN not set, not sent)');
    // Nothing leaves the process: the whole claim is marked at once, one statement per round.
    if (rows.length > 0) await app.db.updateTable('outbox').set({ sent_at: new Date(), last_error: 'BOT_TOKEN not set: logged only' }).where('id', 'in', rows.map((row) => row.id)).execute();
    return { sent: rows.length, retried: 0 };
  }

  let sent = 0;
  let retried = 0;
  for (const [index, row] of rows.entries()) {
    if (index > 0 && opts.pacingMs > 0) await sleep(opts.pacingMs);
    const parts = splitMessage(row.text);
    let partsSent = row.parts_sent;
    let failure: Extract<SendResult, { ok: false }> | null = null;
    while (partsSent < parts.length) {
      const result = await postMessage(app, parts[partsSent] as string, opts.requestTimeoutMs);
      if (!result.ok) {
        failure = result;
        break;
      }
      partsSent += 1;
    }
    if (!failure) {
      await app.db.updateTable('outbox').set({ sent_at: new Date(), parts_sent: partsSent, attempts: row.attempts + 1, last_error: null }).where('id', '=', row.id).execute();
      sent += 1;
      continue;
    }
    const delay = failure.retryAfterMs ?? Math.min(opts.baseDelayMs * 2 ** row.attempts, opts.maxDelayMs);
    await app.db
      .updateTable('outbox')
      .set({ attempts: row.attempts + 1, parts_sent: partsSent, last_error: failure.error, next_attempt_at: new Date(now.getTime() + delay) })
      .where('id', '=', row.id)
      .execute();
    app.log.warn({ outboxId: row.id, attempts: row.attempts + 1, error: maskPersonalData(failure.error), retryInMs: delay }, 'chat message not delivered, will retry');
    retried += 1;
  }
  return { sent, retried };
}

export type OutboxWorker = RepeatingJob;

/** Runs `deliverOutbox` in a loop until stopped; stop() waits for the round in flight. */
export function startOutboxWorker(app: FastifyInstance, options: OutboxWorkerOptions = {}): OutboxWorker {
  const opts = { ...defaults, ...options };
  return startRepeating(() => deliverOutbox(app, opts), {
    firstDelayMs: 0,
    // A full batch means more may be waiting: go again at once.
    nextDelayMs: (result) => (result && result.sent + result.retried >= opts.batchSize ? 0 : opts.intervalMs),
    onError: (err) => app.log.error({ err }, 'outbox round failed'),
  });
}
