import { createHash, createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { CookieSerializeOptions } from '@fastify/cookie';
import fp from 'fastify-plugin';
import { sql, type RawBuilder } from 'kysely';
import type { Client } from '../../db/database';
import { uniqueViolation } from '../../db/errors';
import { AppError } from '../../envelope';
import { codeText, phoneChangeCodeText, phoneChangedText, type MessageLang } from '../../sms/texts';
import type { Executor } from './outbox';

/**
 * The sign-in's numbers (NIST SP 800-63B §5.1.3, OWASP ASVS V2.7): a code of 6 digits valid 5
 * minutes, voided after 5 wrong entries; per phone a resend after 60 s, 3 codes in 10 minutes, 10 a
 * day, and 10 wrong entries in a row lock it for 15 minutes, each lock after that twice as long, up
 * to an hour; per address 10 codes a minute.
 */
export const signInLimits = {
  codeTtlMs: 5 * 60_000,
  wrongPerCode: 5,
  resendAfterMs: 60_000,
  windowMs: 10 * 60_000,
  codesPerWindow: 3,
  dayMs: 24 * 60 * 60_000,
  codesPerDay: 10,
  addressWindowMs: 60_000,
  codesPerAddress: 10,
  failuresToLock: 10,
  firstLockMs: 15 * 60_000,
  longestLockMs: 60 * 60_000,
  /** How long the proof of a verified phone (the ticket) may wait for check_register or register-person. */
  ticketTtlMs: 10 * 60_000,
} as const;

/** A session ends after 30 minutes without a call, and 12 hours after it began whatever happens. */
export const sessionLimits = { idleMs: 30 * 60_000, absoluteMs: 12 * 60 * 60_000 } as const;

/** Hosts a browser treats as secure over plain http: it keeps a Secure cookie from them. */
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The cookie the site keeps the cabinet's session in: `__Host-session`, Secure, HttpOnly,
 * SameSite=Lax, path `/`, no domain (so only this host, over https, and never read by a script).
 * Browsers keep Secure cookies from `http://localhost` too, so a sandbox on this machine signs in
 * as production does; a sandbox served over plain http on another host (`PUBLIC_URL` of a LAN
 * address) gets a plain `session` cookie, the one a browser keeps there.
 */
export function sessionCookieOf(publicUrl: string): { name: string; options: CookieSerializeOptions } {
  const url = new URL(publicUrl);
  const secure = url.protocol === 'https:' || localHosts.has(url.hostname);
  return {
    name: secure ? '__Host-session' : 'session',
    options: { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: sessionLimits.absoluteMs / 1000 },
  };
}

/** A session token as the Authorization header carries it (`Bearer` and 256 bits, base64url), or null. */
export function bearerToken(authorization: string | undefined): string | null {
  return /^Bearer +([A-Za-z0-9_-]{43})$/i.exec(authorization ?? '')?.[1] ?? null;
}

/** A limit reached: 429 whose message is the key the page shows, with the seconds until it lifts. */
export class SignInLimit extends AppError {
  constructor(
    key: 'sign_in_locked' | 'code_resend_wait' | 'too_many_codes',
    readonly retryAfterSeconds: number,
  ) {
    super(429, key, { retry_after: retryAfterSeconds });
  }
}

/** What entering a code led to: the proof of the phone (`ticket`), or why not. */
export type CodeCheck =
  | { verified: true; ticket: string }
  | { verified: false; reason: 'code_wrong'; attemptsLeft: number }
  | { verified: false; reason: 'code_expired' | 'code_attempts' };

/** Why an entered code was not taken. */
export type CodeRefused = Exclude<CodeCheck, { verified: true }>;

/** What entering a phone change's code led to: the client with the new phone, or why not. */
export type PhoneChange = { changed: true; client: Client } | { changed: false; refused: CodeRefused } | { changed: false; refused: 'phone_registered' };

export interface NewClient {
  pinfl: string;
  passportSeria: string;
  passportNumber: string;
  birthday: string;
  firstName: string;
  lastName: string;
  lang: MessageLang;
}

export interface CabinetService {
  /** Sends a code to `phone` asked from `address`; the id that binds it to this request. */
  sendCode(phone: string, address: string, lang: MessageLang): Promise<{ requestId: string }>;
  checkCode(phone: string, requestId: string, code: string): Promise<CodeCheck>;
  /** Whether `ticket` proves `phone` (verified, unspent, in time). */
  ticketValid(phone: string, ticket: string): Promise<boolean>;
  /** The registered client of a verified phone, or null; spends the ticket when there is one. */
  signInRegistered(phone: string, ticket: string): Promise<{ client: Client; token: string } | null | 'ticket_invalid'>;
  /** Registers the client of a verified phone and signs them in; spends the ticket. */
  register(phone: string, ticket: string, person: NewClient): Promise<{ client: Client; token: string } | 'ticket_invalid' | 'phone_registered' | 'person_registered'>;
  /** The client a session token is for, its idle time renewed; null when it is unknown or over. */
  sessionClient(token: string): Promise<Client | null>;
  endSession(token: string): Promise<void>;
  /**
   * Sends a code to `phone`, the new number `client` asks to change theirs to, under the sign-in
   * codes' limits for that phone and address; good only for changing this client's phone.
   */
  sendPhoneChangeCode(client: Client, phone: string, address: string, lang: MessageLang): Promise<{ requestId: string }>;
  /**
   * Enters the code of `client`'s phone change `requestId`: right, the phone is the new one, the
   * client's other sessions (all but `sessionToken`) are ended and the old number is told by SMS.
   */
  changePhone(client: Client, sessionToken: string, requestId: string, code: string): Promise<PhoneChange>;
  /** Changes what a client may change of their profile; the client as it now is. */
  editProfile(clientId: string, changes: { email?: string; lang?: MessageLang }): Promise<Client>;
  /** Deletes sessions, codes and counters no rule reads any more. */
  forgetExpired(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cabinet: CabinetService;
  }
}

/** The digits of a code: `crypto.randomInt`, uniform over 000000–999999. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** What names a phone in the sign-in's rows: its HMAC under the server's key. */
export const phoneKeyOf = (secret: string, phone: string) => createHmac('sha256', secret).update(`phone\u0000${phone}`).digest('hex');

/** The SHA-256 of a token: what is kept of a session token or a ticket (256 random bits need no key). */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** 256 random bits, as a URL-safe text. */
const newToken = () => randomBytes(32).toString('base64url');

const sameHex = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

type Moment = RawBuilder<Date>;
const span = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/**
 * Now, `offsetMs` from now: the database's time of the statement, the one clock every instance
 * shares, or the configured clock's (tests).
 */
function moments(clock: (() => Date) | undefined): (offsetMs?: number) => Moment {
  if (clock) return (offsetMs = 0) => sql<Date>`${new Date(clock().getTime() + offsetMs).toISOString()}::timestamptz`;
  return (offsetMs = 0) => (offsetMs === 0 ? sql<Date>`statement_timestamp()` : sql<Date>`(statement_timestamp() + ${span(offsetMs)})`);
}

const secondsUntil = (end: Date, now: Date) => Math.max(1, Math.ceil((end.getTime() - now.getTime()) / 1000));

export default fp(
  async (app) => {
    const { secret, clock } = app.config.cabinet;
    const at = moments(clock);
    const hmac = (text: string) => createHmac('sha256', secret).update(text).digest('hex');
    const phoneKey = (phone: string) => phoneKeyOf(secret, phone);
    const codeHmac = (requestId: string, key: string, code: string) => hmac(`code\u0000${requestId}\u0000${key}\u0000${code}`);
    const L = signInLimits;

    /** One more code from `address` this minute, or SignInLimit. */
    async function countAddress(address: string): Promise<void> {
      const stale = sql`a.window_start <= ${at(-L.addressWindowMs)}`;
      const { rows } = await sql<{ codes: number }>`
        INSERT INTO sign_in_addresses AS a (address, window_start, codes) VALUES (${address}, ${at()}, 1)
        ON CONFLICT (address) DO UPDATE SET
          window_start = CASE WHEN ${stale} THEN ${at()} ELSE a.window_start END,
          codes = CASE WHEN ${stale} THEN 1 ELSE a.codes + 1 END
        WHERE ${stale} OR a.codes < ${L.codesPerAddress}
        RETURNING codes`.execute(app.db);
      if (rows.length === 0) throw new SignInLimit('too_many_codes', Math.ceil(L.addressWindowMs / 1000));
    }

    /** The phone's counters and the time now, to tell why a limit refused it and until when. */
    async function phoneState(key: string) {
      const { rows } = await sql<{ now: Date; last_code_at: Date | null; window_start: Date | null; window_codes: number; day_start: Date | null; day_codes: number; locked_until: Date | null }>`
        SELECT ${at()} AS now, last_code_at, window_start, window_codes, day_start, day_codes, locked_until
        FROM sign_in_phones WHERE phone_key = ${key}`.execute(app.db);
      return rows[0];
    }

    /** SignInLimit when the phone is locked now. */
    async function refuseLocked(key: string): Promise<void> {
      const state = await phoneState(key);
      if (state?.locked_until && state.locked_until > state.now) throw new SignInLimit('sign_in_locked', secondsUntil(state.locked_until, state.now));
    }

    /** One more code for the phone, or SignInLimit saying which limit and until when. */
    async function countPhone(key: string): Promise<void> {
      const windowOver = sql`(p.window_start IS NULL OR p.window_start <= ${at(-L.windowMs)})`;
      const dayOver = sql`(p.day_start IS NULL OR p.day_start <= ${at(-L.dayMs)})`;
      const { rows } = await sql<{ phone_key: string }>`
        INSERT INTO sign_in_phones AS p (phone_key, last_code_at, window_start, window_codes, day_start, day_codes)
        VALUES (${key}, ${at()}, ${at()}, 1, ${at()}, 1)
        ON CONFLICT (phone_key) DO UPDATE SET
          last_code_at = ${at()},
          window_start = CASE WHEN ${windowOver} THEN ${at()} ELSE p.window_start END,
          window_codes = CASE WHEN ${windowOver} THEN 1 ELSE p.window_codes + 1 END,
          day_start = CASE WHEN ${dayOver} THEN ${at()} ELSE p.day_start END,
          day_codes = CASE WHEN ${dayOver} THEN 1 ELSE p.day_codes + 1 END
        WHERE (p.locked_until IS NULL OR p.locked_until <= ${at()})
          AND (p.last_code_at IS NULL OR p.last_code_at <= ${at(-L.resendAfterMs)})
          AND (${windowOver} OR p.window_codes < ${L.codesPerWindow})
          AND (${dayOver} OR p.day_codes < ${L.codesPerDay})
        RETURNING phone_key`.execute(app.db);
      if (rows.length > 0) return;
      const state = await phoneState(key);
      if (!state) throw new SignInLimit('code_resend_wait', Math.ceil(L.resendAfterMs / 1000));
      const { now } = state;
      if (state.locked_until && state.locked_until > now) throw new SignInLimit('sign_in_locked', secondsUntil(state.locked_until, now));
      const ends: Date[] = [];
      if (state.day_start && state.day_codes >= L.codesPerDay && state.day_start.getTime() + L.dayMs > now.getTime()) ends.push(new Date(state.day_start.getTime() + L.dayMs));
      if (state.window_start && state.window_codes >= L.codesPerWindow && state.window_start.getTime() + L.windowMs > now.getTime()) ends.push(new Date(state.window_start.getTime() + L.windowMs));
      if (ends.length > 0) throw new SignInLimit('too_many_codes', secondsUntil(new Date(Math.max(...ends.map((end) => end.getTime()))), now));
      const resend = new Date((state.last_code_at ?? now).getTime() + L.resendAfterMs);
      throw new SignInLimit('code_resend_wait', secondsUntil(resend, now));
    }

    /** A wrong entry for the phone: the tenth in a row locks it (15 minutes, doubling up to an hour) and starts the count again. */
    async function countFailure(key: string): Promise<void> {
      const locking = sql`p.failures + 1 >= ${L.failuresToLock}`;
      const lockMs = sql`LEAST(${L.firstLockMs}::double precision * power(2, p.locks), ${L.longestLockMs}::double precision)`;
      await sql`
        INSERT INTO sign_in_phones AS p (phone_key, failures) VALUES (${key}, 1)
        ON CONFLICT (phone_key) DO UPDATE SET
          failures = CASE WHEN ${locking} THEN 0 ELSE p.failures + 1 END,
          locks = CASE WHEN ${locking} THEN p.locks + 1 ELSE p.locks END,
          locked_until = CASE WHEN ${locking} THEN ${at()} + ${lockMs} * interval '1 millisecond' ELSE p.locked_until END`.execute(app.db);
    }

    async function startSession(clientId: string, executor: Executor): Promise<string> {
      const token = newToken();
      await sql`
        INSERT INTO client_sessions (token_hash, client_id, created_at, last_seen_at, expires_at)
        VALUES (${tokenHash(token)}, ${clientId}, ${at()}, ${at()}, ${at(sessionLimits.absoluteMs)})`.execute(executor);
      return token;
    }

    /** Spends the ticket of `phone` (once, whichever instance asks first); false when it is not valid. */
    async function spendTicket(key: string, ticket: string, executor: Executor): Promise<boolean> {
      const { rows } = await sql<{ id: string }>`
        UPDATE sign_in_codes SET ticket_spent_at = ${at()}
        WHERE ticket_hash = ${tokenHash(ticket)} AND phone_key = ${key} AND ticket_spent_at IS NULL AND ticket_expires_at > ${at()}
        RETURNING id`.execute(executor);
      return rows.length > 0;
    }

    /**
     * Sends a new code to `phone` asked from `address`, under the limits of both. `owner`: the
     * signed-in client a phone change's code is for (null: a sign-in code). A new code replaces the
     * earlier ones of its kind: the phone's sign-in codes, or the client's phone-change codes, so
     * only the latest request's code is good.
     */
    async function issueCode(phone: string, address: string, text: (code: string) => string, owner: { clientId: string } | null): Promise<{ requestId: string }> {
      await countAddress(address);
      const key = phoneKey(phone);
      await countPhone(key);
      const requestId = randomUUID();
      const code = newCode();
      const earlier = owner ? sql`client_id = ${owner.clientId}` : sql`phone_key = ${key} AND client_id IS NULL`;
      await sql`UPDATE sign_in_codes SET expires_at = ${at()} WHERE ${earlier} AND verified_at IS NULL AND expires_at > ${at()}`.execute(app.db);
      await sql`
        INSERT INTO sign_in_codes (id, phone_key, code_hmac, created_at, expires_at, client_id, new_phone)
        VALUES (${requestId}, ${key}, ${codeHmac(requestId, key, code)}, ${at()}, ${at(L.codeTtlMs)}, ${owner?.clientId ?? null}, ${owner ? phone : null})`.execute(app.db);
      try {
        await app.sms.send(phone, text(code));
      } catch (error) {
        // A code that did not leave is no code: nobody can enter it.
        await sql`UPDATE sign_in_codes SET expires_at = created_at WHERE id = ${requestId}`.execute(app.db);
        app.log.warn({ err: error }, 'a sign-in code was not sent');
        throw new AppError(503, 'sms_not_sent', null);
      }
      return { requestId };
    }

    /** A code's row, if `requestId` is one of `owner`'s (the condition that tells a sign-in code from a phone change's). */
    async function codeRow(requestId: string, owner: RawBuilder<unknown>) {
      const { rows } = await sql<{ phone_key: string; new_phone: string | null; code_hmac: string; live: boolean; wrong: number; verified: boolean }>`
        SELECT phone_key, new_phone, code_hmac, expires_at > ${at()} AS live, wrong, verified_at IS NOT NULL AS verified
        FROM sign_in_codes WHERE id = ${requestId} AND ${owner}`.execute(app.db);
      return rows[0];
    }

    /**
     * `code` entered for the code `requestId` of the phone `key` (its row, read before): a wrong
     * one counts against the code (5 void it) and the phone (10 in a row lock it); the right one
     * marks the code verified, with `alsoSet` (a sign-in's ticket), once whoever enters it first.
     */
    async function enterCode(key: string, requestId: string, code: string, row: Awaited<ReturnType<typeof codeRow>>, alsoSet: RawBuilder<unknown>): Promise<{ verified: true } | CodeRefused> {
      if (!row || !row.live || row.verified || row.wrong >= L.wrongPerCode) {
        await countFailure(key);
        return { verified: false, reason: row && row.wrong >= L.wrongPerCode ? 'code_attempts' : 'code_expired' };
      }
      if (!sameHex(row.code_hmac, codeHmac(requestId, key, code))) {
        const counted = await sql<{ wrong: number }>`
          UPDATE sign_in_codes SET wrong = wrong + 1
          WHERE id = ${requestId} AND verified_at IS NULL AND wrong < ${L.wrongPerCode}
          RETURNING wrong`.execute(app.db);
        await countFailure(key);
        const wrong = counted.rows[0]?.wrong;
        if (wrong === undefined || wrong >= L.wrongPerCode) return { verified: false, reason: 'code_attempts' };
        return { verified: false, reason: 'code_wrong', attemptsLeft: L.wrongPerCode - wrong };
      }
      // Once, whichever entry of the right code comes first, and not after its fifth wrong one.
      const spent = await sql<{ id: string }>`
        UPDATE sign_in_codes SET verified_at = ${at()}${alsoSet}
        WHERE id = ${requestId} AND verified_at IS NULL AND wrong < ${L.wrongPerCode} AND expires_at > ${at()}
        RETURNING id`.execute(app.db);
      if (spent.rows.length === 0) return { verified: false, reason: 'code_expired' };
      await sql`UPDATE sign_in_phones SET failures = 0, locks = 0 WHERE phone_key = ${key}`.execute(app.db);
      return { verified: true };
    }

    const clientOfPhone = (phone: string, executor: Executor = app.db) => executor.selectFrom('clients').selectAll().where('phone', '=', phone).executeTakeFirst();

    const service: CabinetService = {
      sendCode: (phone, address, lang) => issueCode(phone, address, (code) => codeText(code, lang), null),

      async checkCode(phone, requestId, code) {
        const key = phoneKey(phone);
        await refuseLocked(key);
        // A phone change's code (one with a client) never signs in.
        const row = await codeRow(requestId, sql`phone_key = ${key} AND client_id IS NULL`);
        const ticket = newToken();
        const entered = await enterCode(key, requestId, code, row, sql`, ticket_hash = ${tokenHash(ticket)}, ticket_expires_at = ${at(L.ticketTtlMs)}`);
        return entered.verified ? { verified: true, ticket } : entered;
      },

      sendPhoneChangeCode: (client, phone, address, lang) => issueCode(phone, address, (code) => phoneChangeCodeText(code, lang), { clientId: client.id }),

      async changePhone(client, sessionToken, requestId, code) {
        // Another client's request, or a sign-in code, is none of this client's: as an unknown one.
        const row = await codeRow(requestId, sql`client_id = ${client.id}`);
        if (!row?.new_phone) return { changed: false, refused: { verified: false, reason: 'code_expired' } };
        await refuseLocked(row.phone_key);
        const entered = await enterCode(row.phone_key, requestId, code, row, sql``);
        if (!entered.verified) return { changed: false, refused: entered };
        const newPhone = row.new_phone;
        let changed: Client;
        try {
          changed = await app.db.transaction().execute(async (trx) => {
            const before = await trx.selectFrom('clients').select('phone').where('id', '=', client.id).forUpdate().executeTakeFirstOrThrow();
            const after = await trx.updateTable('clients').set({ phone: newPhone }).where('id', '=', client.id).returningAll().executeTakeFirstOrThrow();
            // Whoever signed in with the old number is signed out: only this session goes on.
            await trx.deleteFrom('client_sessions').where('client_id', '=', client.id).where('token_hash', '<>', tokenHash(sessionToken)).execute();
            // The old number is told through the outbox, with the change: a gateway down loses no notice.
            if (before.phone !== newPhone) await app.outbox.enqueueSms(before.phone, phoneChangedText(after.lang), trx);
            return after;
          });
        } catch (error) {
          // Another client has the number (or took it at this very moment): told only now, after its code.
          if (uniqueViolation(error)?.includes('phone')) return { changed: false, refused: 'phone_registered' };
          throw error;
        }
        return { changed: true, client: changed };
      },

      async ticketValid(phone, ticket) {
        const row = await app.db.selectFrom('sign_in_codes').select('id')
          .where('ticket_hash', '=', tokenHash(ticket)).where('phone_key', '=', phoneKey(phone)).where('ticket_spent_at', 'is', null)
          .where(sql<boolean>`ticket_expires_at > ${at()}`).executeTakeFirst();
        return row !== undefined;
      },

      async signInRegistered(phone, ticket) {
        if (!(await service.ticketValid(phone, ticket))) return 'ticket_invalid';
        const client = await clientOfPhone(phone);
        if (!client) return null;
        return app.db.transaction().execute(async (trx) => {
          if (!(await spendTicket(phoneKey(phone), ticket, trx))) return 'ticket_invalid' as const;
          return { client, token: await startSession(client.id, trx) };
        });
      },

      async register(phone, ticket, person) {
        return app.db.transaction().execute(async (trx) => {
          if (!(await spendTicket(phoneKey(phone), ticket, trx))) return 'ticket_invalid' as const;
          const inserted = await trx.insertInto('clients').values({
            id: randomUUID(),
            phone,
            pinfl: person.pinfl,
            passport_seria: person.passportSeria,
            passport_number: person.passportNumber,
            birthday: person.birthday,
            first_name: person.firstName,
            last_name: person.lastName,
            lang: person.lang,
            terms_accepted_at: at(),
          }).onConflict((conflict) => conflict.doNothing()).returningAll().executeTakeFirst();
          if (!inserted) {
            // Nothing changed: the ticket stays unspent for check_register (the phone) or the phone change (the person).
            throw new Conflict((await clientOfPhone(phone, trx)) ? 'phone_registered' : 'person_registered');
          }
          return { client: inserted, token: await startSession(inserted.id, trx) };
        }).catch((error: unknown) => {
          if (error instanceof Conflict) return error.reason;
          throw error;
        });
      },

      async sessionClient(token) {
        const { rows } = await sql<{ client_id: string }>`
          UPDATE client_sessions SET last_seen_at = ${at()}
          WHERE token_hash = ${tokenHash(token)} AND last_seen_at > ${at(-sessionLimits.idleMs)} AND expires_at > ${at()}
          RETURNING client_id`.execute(app.db);
        const id = rows[0]?.client_id;
        if (!id) return null;
        return (await app.db.selectFrom('clients').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
      },

      async endSession(token) {
        await app.db.deleteFrom('client_sessions').where('token_hash', '=', tokenHash(token)).execute();
      },

      async editProfile(clientId, changes) {
        const set = { ...(changes.email ? { email: changes.email } : {}), ...(changes.lang ? { lang: changes.lang } : {}) };
        return app.db.updateTable('clients').set(set).where('id', '=', clientId).returningAll().executeTakeFirstOrThrow();
      },

      async forgetExpired() {
        await sql`DELETE FROM client_sessions WHERE expires_at <= ${at()} OR last_seen_at <= ${at(-sessionLimits.idleMs)}`.execute(app.db);
        await sql`DELETE FROM sign_in_codes WHERE created_at <= ${at(-L.dayMs)}`.execute(app.db);
        await sql`DELETE FROM sign_in_addresses WHERE window_start <= ${at(-L.addressWindowMs)}`.execute(app.db);
        await sql`
          DELETE FROM sign_in_phones
          WHERE (day_start IS NULL OR day_start <= ${at(-L.dayMs)}) AND (locked_until IS NULL OR locked_until <= ${at()}) AND failures = 0`.execute(app.db);
      },
    };
    app.decorate('cabinet', service);
  },
  { name: 'cabinet', dependencies: ['database', 'sms', 'outbox'] },
);

/** A registration that would make a second client of a phone or a person: the transaction is rolled back. */
class Conflict extends Error {
  constructor(readonly reason: 'phone_registered' | 'person_registered') {
    super(reason);
  }
}
