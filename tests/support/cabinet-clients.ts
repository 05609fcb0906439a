/*
 * Cabinet fixtures of the server tests: a client signing in as the site does (by the sandbox inbox's
 * code), a registered client signed in directly (its session token, as the mobile app sends it), and contracts whose terms name their client as every product's quote does
 * (`clientPhone`, `clientPinfls`), unpaid or paid with their policy issued.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import type { PolicyTerms } from '../../products/kit/sale/sale';
import type { Client, Contract, Policy } from '../../server/db/database';
import { tokenHash } from '../../server/plugins/app/cabinet';
import type { SandboxSmsInbox } from '../../server/sms/sms';
import { siteAuth } from '../../server/test-helpers';

let seq = 0;

/** A client registered with `phone` and `pinfl`, signed in: its row, and the headers of its calls. */
export async function signedInClient(app: FastifyInstance, person: { phone: string; pinfl: string; lang?: Client['lang'] }): Promise<{ client: Client; headers: Record<string, string> }> {
  seq += 1;
  const client = await app.db.insertInto('clients').values({
    id: randomUUID(),
    phone: person.phone,
    pinfl: person.pinfl,
    passport_seria: 'AA',
    passport_number: String(1_000_000 + seq),
    birthday: '1990-05-15',
    first_name: 'Test',
    last_name: `Client${seq}`,
    lang: person.lang ?? 'uz',
    terms_accepted_at: new Date(),
  }).returningAll().executeTakeFirstOrThrow();
  const token = randomBytes(32).toString('base64url');
  const now = app.config.cabinet.clock?.() ?? new Date();
  await app.db.insertInto('client_sessions').values({ token_hash: tokenHash(token), client_id: client.id, created_at: now, last_seen_at: now, expires_at: new Date(now.getTime() + 12 * 3_600_000) }).execute();
  return { client, headers: { authorization: `Bearer ${token}` } };
}

export interface SavedContract {
  /** The contact phone of the save (998 and nine digits). */
  phone?: string;
  /** The PINFLs the person registry gave for its policyholder and applicant. */
  pinfls?: string[];
  product?: string;
  beginDate: string;
  endDate: string;
  /** The language its terms were accepted in. */
  lang?: 'uz' | 'en' | 'ru';
  amount?: number;
}

/** Terms as a quote fills them, naming the client. */
function termsOf(saved: SavedContract): PolicyTerms {
  const terms = {
    holder: 'VALI ALIYEV',
    insured: [{ name: 'VALI ALIYEV', passport: 'AA1234567', birthday: '1990-05-15' }],
    beginDate: saved.beginDate,
    endDate: saved.endDate,
    sumInsured: 80_000_000,
    currency: 'UZS' as const,
    programName: 'OSAGO',
    subject: '01A123BC Chevrolet Cobalt',
    ...(saved.phone ? { clientPhone: saved.phone } : {}),
    ...(saved.pinfls ? { clientPinfls: saved.pinfls } : {}),
  };
  return terms as PolicyTerms;
}

/** A contract saved and not paid. */
export async function unpaidContract(app: FastifyInstance, saved: SavedContract): Promise<Contract> {
  const contract = await app.contracts.create({ product: saved.product ?? 'osago', channel: 'site', amount: saved.amount ?? 168_000, body: {}, terms: termsOf(saved) });
  if (saved.lang) await app.payments.acceptTerms(contract.id, saved.lang);
  return contract;
}

/** A contract saved and paid: its policy issued (and its purchase message queued), as a payment issues it. */
export async function issuedPolicy(app: FastifyInstance, saved: SavedContract): Promise<Policy> {
  const contract = await unpaidContract(app, saved);
  return app.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ seq: number }>`SELECT ${app.policies.nextSeq} AS seq`.execute(trx);
    return app.policies.issue(trx, contract, Number(rows[0]?.seq));
  });
}

/*
 * A client signing in to the cabinet as the site does: send-code, the code read from the sandbox SMS
 * inbox, check-verification-code, then check_register (a client) or register-person with the
 * passport and birthday given (a new one). Answers the headers of the signed-in calls.
 */

const base = '/api/shaxsiy_kabinet';

/** A person of the sandbox registry a new client registers as. */
export interface CabinetPerson {
  passport_seria: string;
  passport_number: string;
  /** DD.MM.YYYY */
  birthday: string;
}

async function posted(app: FastifyInstance, path: string, payload: object, address: string): Promise<LightMyRequestResponse> {
  const answer = await app.inject({ method: 'POST', url: `${base}/${path}`, payload, remoteAddress: address, headers: { authorization: siteAuth } });
  if (answer.statusCode !== 200) throw new Error(`${path}: ${answer.statusCode} ${answer.body}`);
  return answer;
}

/** The last code the sandbox inbox holds for `phone`. */
export function sentCode(app: FastifyInstance, phone: string): string {
  const code = /\b(\d{6})\b/.exec((app.sms as SandboxSmsInbox).messages(phone)[0]?.text ?? '')?.[1];
  if (!code) throw new Error('no code was sent to that phone');
  return code;
}

/**
 * Signs `phone` in (registering it as `person` when it is no client yet) from `address`; the
 * headers every signed-in call then sends: the site's credential and the session cookie.
 */
export async function signIn(app: FastifyInstance, phone: string, person: CabinetPerson | null, address = '10.7.0.1'): Promise<Record<string, string>> {
  const sent = await posted(app, 'send-code', { phone }, address);
  const requestId = sent.json<{ response: { request_id: string } }>().response.request_id;
  const checked = await posted(app, 'check-verification-code', { phone, request_id: requestId, code: sentCode(app, phone) }, address);
  const ticket = checked.json<{ response: { ticket: string } }>().response.ticket;
  let answer = await posted(app, 'check_register', { phone, ticket }, address);
  if (!answer.json<{ response: { registered: boolean } }>().response.registered) {
    if (!person) throw new Error('not a client, and no person to register');
    answer = await posted(app, 'register-person', { phone, ticket, ...person, accept_terms: 1 }, address);
  }
  const cookie = answer.cookies.find((c) => c.name === '__Host-session');
  if (!cookie) throw new Error('no session cookie');
  return { authorization: siteAuth, cookie: `__Host-session=${cookie.value}` };
}
