import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { FastifyReply, FastifyRequest, onSendHookHandler, preHandlerHookHandler, RouteOptions } from 'fastify';
import { AppError } from '../../envelope';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A save or a call that starts a payment: it takes an `Idempotency-Key` (plugins/app/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** The Idempotency-Key this request holds while it runs (its hash and secret); null without one, or once its answer is kept. */
    idempotencyKey: { caller: string; keyHash: string; secret: Buffer; fingerprint: string; claimedAt: number } | null;
  }
  interface FastifyInstance {
    idempotency: {
      /** Deletes the keys older than a day (their answers are no longer given again). */
      forgetExpired(): Promise<number>;
    };
  }
}

/** The request header, as Fastify names it. */
const idempotencyHeader = 'idempotency-key';
/** What a refusal of the header names. */
const field = '/headers/idempotency-key';
/** The answer given again to a replayed request says so. */
const replayedHeader = 'idempotent-replayed';
/** The longest key taken (Stripe's limit). */
const maxKeyLength = 255;
/** How long a key's first answer is given again: a retry comes within the day or is a new request. */
const keptHours = 24;
/** Statuses whose answer is not kept: the request is run again when repeated (the database away, a provider silent, too many requests, another request on the same thing still running). */
const tryAgain = (status: number) => status >= 500 || status === 429 || status === 409;

/** How long before a key counts as abandoned its request stops trying to keep its answer: another request may take it then. */
const keepMarginMs = 10_000;

/** Printable ASCII only: no control character (NUL, a line break, DEL), nothing a header's encoding could change. */
const keyPattern = /^[\x20-\x7e]+$/;

/** The caller's key, or null when the request carries none; a malformed or repeated one is refused naming the header. */
function keyOf(request: FastifyRequest): string | null {
  const value = request.headers[idempotencyHeader];
  if (value === undefined) return null;
  const sent = request.raw.rawHeaders.filter((name, i) => i % 2 === 0 && name.toLowerCase() === idempotencyHeader).length;
  if (Array.isArray(value) || sent > 1) throw new AppError(400, 'Idempotency-Key is sent more than once', { field });
  if (value.trim() === '') throw new AppError(400, 'Idempotency-Key is empty', { field });
  if (value.length > maxKeyLength) throw new AppError(400, `Idempotency-Key is longer than ${maxKeyLength} characters`, { field });
  if (!keyPattern.test(value)) throw new AppError(400, 'Idempotency-Key holds a character other than printable ASCII (a control character, NUL, or a letter outside ASCII)', { field });
  return value;
}

/** JSON with every object's keys in order, so a body repeated with its fields in another order is the same request. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * What a row keeps of a key: the hash it is found by, and the secret its fingerprint and answer are
 * sealed with, both derived from the key, which only the caller holds. A request may carry a card
 * number and an answer a card's token: without the key, the row gives neither, nor a hash to guess
 * a card number against.
 */
export function keyHashOf(key: string): string {
  return createHash('sha256').update('idempotency-key lookup\0').update(key).digest('hex');
}
const secretOf = (key: string): Buffer => createHash('sha256').update('idempotency-key secret\0').update(key).digest();

/** What makes two requests the same: the method, the route, the query, the body as read, and the bytes of the files it carried. */
function fingerprintOf(request: FastifyRequest, secret: Buffer): string {
  const hmac = createHmac('sha256', secret).update(canonicalJson([request.method, request.routeOptions.url, request.query, request.body]));
  for (const upload of request.uploads ?? []) hmac.update(`\n${upload.field}\n${upload.filename}\n${upload.bytes.length}\n`).update(upload.bytes);
  return hmac.digest('hex');
}

/** An answer's body sealed with the key's secret (AES-256-GCM): its nonce, tag and text, in base64. */
function seal(secret: Buffer, body: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secret, iv);
  const sealed = Buffer.concat([cipher.update(body, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
}

function unseal(secret: Buffer, stored: string): string {
  const bytes = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', secret, bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(12, 28));
  return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
}

const asArray = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * The `Idempotency-Key` header of the API's saves and of the calls that start a payment (routes
 * with `config.idempotent`), with Stripe's semantics: the caller's key (1–255 printable ASCII
 * characters) is kept with a fingerprint of the request for 24 hours; the same request sent again
 * with it gets the first answer again (its status and body, `Idempotent-Replayed: true`), another
 * request with it is refused (422), and one sent while the first still runs gets 409. Keys are each
 * caller's own (the API credential's channel). An answer of 5xx, 429 or 409 is not kept: the key is let
 * go and a repeat runs again. Without the header a call behaves as before.
 *
 * Kept in the database, so instances agree (the key only as a hash, the request's fingerprint and
 * the answer sealed with it: `keyHashOf`): the key is claimed by one INSERT … ON CONFLICT, which
 * two requests sending it at the same moment cannot both win (the second waits for the first's
 * commit, then finds its row); a key whose request never answered (its instance stopped) is free
 * again after twice the time a request may take. An answer the database did not take (away at that
 * moment) is kept, or the key let go, as soon as it is back (`keepTrying`).
 */
export default fp(
  async (app) => {
    const abandonedAfterSeconds = Math.ceil((2 * app.config.requestTimeoutMs) / 1000);
    app.decorateRequest('idempotencyKey', null);

    /** Takes the key for this request: true when it is this request's to answer (new, expired, or abandoned). */
    async function claim(caller: string, keyHash: string, fingerprint: string): Promise<boolean> {
      const claimed = await app.db
        .insertInto('idempotency_keys')
        .values({ caller, key_hash: keyHash, fingerprint })
        .onConflict((conflict) =>
          conflict
            .columns(['caller', 'key_hash'])
            .doUpdateSet({ fingerprint, status: null, content_type: null, body: null, created_at: sql`now()` })
            .where((eb) =>
              eb.or([
                eb('idempotency_keys.created_at', '<', sql<Date>`now() - make_interval(hours => ${keptHours})`),
                eb.and([eb('idempotency_keys.status', 'is', null), eb('idempotency_keys.created_at', '<', sql<Date>`now() - make_interval(secs => ${abandonedAfterSeconds})`)]),
              ]),
            ),
        )
        .returning('key_hash')
        .executeTakeFirst();
      return claimed !== undefined;
    }

    /** The key's row, read after a claim that lost (in a statement of its own, which sees the winner's commit). */
    const stored = (caller: string, keyHash: string) =>
      app.db.selectFrom('idempotency_keys').select(['fingerprint', 'status', 'content_type', 'body']).where('caller', '=', caller).where('key_hash', '=', keyHash).executeTakeFirst();


    const stillRunning = (reply: FastifyReply) => {
      reply.header('Retry-After', '1');
      return new AppError(409, 'a request with this Idempotency-Key is still being answered: send it again shortly for its answer', { field });
    };

    const takeKey: preHandlerHookHandler = async (request: FastifyRequest, reply: FastifyReply) => {
      const key = keyOf(request);
      if (key === null) return;
      const caller = request.channel;
      const keyHash = keyHashOf(key);
      const secret = secretOf(key);
      const fingerprint = fingerprintOf(request, secret);
      // A row let go (its answer a 5xx) between the claim and the read is claimed again.
      for (let attempt = 0; attempt < 3; attempt += 1) {
        if (await claim(caller, keyHash, fingerprint)) {
          request.idempotencyKey = { caller, keyHash, secret, fingerprint, claimedAt: Date.now() };
          return;
        }
        const row = await stored(caller, keyHash);
        if (!row) continue;
        if (row.fingerprint !== fingerprint) {
          throw new AppError(422, 'Idempotency-Key was sent before with another request: a new request takes a new key', { field });
        }
        if (row.status === null || row.body === null) throw stillRunning(reply);
        return reply
          .code(row.status)
          .header('content-type', row.content_type ?? 'application/json; charset=utf-8')
          .header(replayedHeader, 'true')
          .send(unseal(secret, row.body));
      }
      throw stillRunning(reply);
    };

    /** Writes still tried after the database refused them (a key's answer, or its release), stopped when the app closes. */
    const stopping = new AbortController();
    app.addHook('onClose', () => stopping.abort());

    /**
     * Tries `write` again in the background (from half a second apart to five) until the database
     * takes it, while the key is still this request's (a while before it counts as abandoned and
     * another request may take it): otherwise a database away at this moment would leave the key
     * taken, every repeat answered 409 for minutes, and a repeat after that run a second time.
     */
    async function keepTrying(request: FastifyRequest, until: number, write: () => Promise<unknown>): Promise<void> {
      for (let pause = 500; Date.now() + pause < until; pause = Math.min(2 * pause, 5_000)) {
        try {
          await sleep(pause, undefined, { signal: stopping.signal });
          await write();
          request.log.info('the answer to an Idempotency-Key was kept once the database answered');
          return;
        } catch {
          if (stopping.signal.aborted) return;
        }
      }
      request.log.warn('the answer to an Idempotency-Key was never kept: the key is free again once it counts as abandoned');
    }

    const keepAnswer: onSendHookHandler = async (request, reply, payload) => {
      const held = request.idempotencyKey;
      if (!held) return payload;
      request.idempotencyKey = null;
      const body = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString('utf8') : null;
      const type = reply.getHeader('content-type');
      // Kept, or let go for a repeat to run again; only the row this request took (not one another took since with another request).
      const write = body === null || tryAgain(reply.statusCode)
        ? () => app.db.deleteFrom('idempotency_keys').where('caller', '=', held.caller).where('key_hash', '=', held.keyHash).where('fingerprint', '=', held.fingerprint).where('status', 'is', null).execute()
        : () => app.db
          .updateTable('idempotency_keys')
          .set({ status: reply.statusCode, content_type: typeof type === 'string' ? type : null, body: seal(held.secret, body) })
          .where('caller', '=', held.caller)
          .where('key_hash', '=', held.keyHash)
          .where('fingerprint', '=', held.fingerprint)
          .where('status', 'is', null)
          .execute();
      try {
        await write();
      } catch (err) {
        // The answer still goes out; the key is kept (or let go) as soon as the database takes it.
        request.log.warn({ err }, 'the answer to an Idempotency-Key could not be kept: trying again');
        void keepTrying(request, held.claimedAt + abandonedAfterSeconds * 1000 - keepMarginMs, write);
      }
      return payload;
    };

    app.addHook('onRoute', (route: RouteOptions) => {
      if (route.config?.idempotent !== true) return;
      // After the route's own (a partner's body read into the documented one): the request as it is answered.
      route.preHandler = [...asArray(route.preHandler), takeKey];
      route.onSend = [...asArray(route.onSend), keepAnswer];
    });

    app.decorate('idempotency', {
      async forgetExpired() {
        const result = await app.db.deleteFrom('idempotency_keys').where('created_at', '<', sql<Date>`now() - make_interval(hours => ${keptHours})`).executeTakeFirst();
        return Number(result.numDeletedRows);
      },
    });
  },
  { name: 'idempotency', dependencies: ['database', 'config', 'edge'] },
);
