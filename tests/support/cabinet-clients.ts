/*
 * Cabinet fixtures of the server tests: a registered client signed in (its session token, as the
 * mobile app sends it), and contracts whose terms name their client as every product's quote does
 * (`clientPhone`, `clientPinfls`), unpaid or paid with their policy issued.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { PolicyTerms } from '../../products/kit/sale/sale';
import type { Client, Contract, Policy } from '../../server/db/database';
import { tokenHash } from '../../server/plugins/app/cabinet';

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
