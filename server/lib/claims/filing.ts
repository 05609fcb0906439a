import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { ClaimDefinition, FlowData } from '../../../engine/definition';
import { addDays, isoToDmy } from '../../../products/kit/api/api-format';
import type { FileResponse } from '../../../products/kit/api/claims-api.generated';
import { langOfPath } from '../../../products/kit/site/site-pages';
import type { Client } from '../../db/database';
import { todayInTashkent } from '../../dates';
import { AppError } from '../../envelope';
import type { ClaimUpload } from '../../plugins/app/claim-forms';
import { claimFiledText } from '../../sms/claim-texts';
import type { MessageLang } from '../../sms/texts';
import { contextOf } from '../calls';
import { ownedBy } from '../contract-owner';
import { siteMessage } from '../policy-words';
import type { CheckedClaim } from './claim-data';

/** A policy a claim is filed under. */
export interface ClaimPolicy {
  id: string;
  number: string;
  product: string;
  begin_date: string;
  end_date: string;
  subject: string;
}

/** A date column as the ISO day (PGlite and pg may give a Date or a text). */
export const isoDay = (value: string | Date): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

/** The day claims are judged on: Tashkent's today (the sandbox's sales day when it has one). */
export const claimsToday = (app: FastifyInstance): string => app.config.salesDay ?? todayInTashkent();

/** Policies of a product still in force on paper (not cancelled), with their contract's subject. */
function policiesOf(app: FastifyInstance, product: string) {
  return app.db
    .selectFrom('policies')
    .innerJoin('contracts', 'contracts.id', 'policies.contract_id')
    .select(['policies.id', 'policies.number', 'policies.product', 'policies.begin_date', 'policies.end_date', sql<string>`contracts.request -> 'terms' ->> 'subject'`.as('subject')])
    .where('policies.product', '=', product)
    .where('policies.revoked_at', 'is', null);
}

const asPolicy = (row: { id: string; number: string; product: string; begin_date: string | Date; end_date: string | Date; subject: string | null }): ClaimPolicy => ({
  ...row, begin_date: isoDay(row.begin_date), end_date: isoDay(row.end_date), subject: row.subject ?? '',
});

/** The signed-in client's policies of a product, newest first. */
export async function clientPolicies(app: FastifyInstance, client: Pick<Client, 'phone' | 'pinfl'>, product: string): Promise<ClaimPolicy[]> {
  const rows = await policiesOf(app, product).where(ownedBy(client)).orderBy('policies.issued_at', 'desc').orderBy('policies.id', 'desc').execute();
  return rows.map(asPolicy);
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The client's policy of this id and product, or undefined (another client's, another product's, a malformed id alike). */
async function clientPolicy(app: FastifyInstance, client: Pick<Client, 'phone' | 'pinfl'>, product: string, id: string): Promise<ClaimPolicy | undefined> {
  if (!uuid.test(id)) return undefined;
  const row = await policiesOf(app, product).where(ownedBy(client)).where('policies.id', '=', id.toLowerCase()).executeTakeFirst();
  return row ? asPolicy(row) : undefined;
}

/**
 * The policy of this number and product whose policyholder or applicant is the person of this
 * passport and birthday (the person registry's PINFL among the contract's `clientPinfls`), or
 * undefined: an unknown number and someone else's policy are the same answer.
 */
export async function policyByNumber(app: FastifyInstance, request: FastifyRequest, product: string, query: { number: string; passport: string; birthday: string }): Promise<ClaimPolicy | undefined> {
  const passport = /^([A-Z]{2})(\d{7})$/.exec(query.passport);
  if (!passport || !/^\d{4}-\d{2}-\d{2}$/.test(query.birthday)) return undefined;
  const row = await policiesOf(app, product).select(sql<string[] | null>`contracts.request -> 'terms' -> 'clientPinfls'`.as('pinfls')).where('policies.number', '=', query.number).executeTakeFirst();
  if (!row) return undefined;
  const context = await contextOf(app, null, request);
  const person = await context.findPerson({ passportSeria: passport[1] as string, passportNumber: passport[2] as string, birthday: query.birthday });
  if (!person || !(row.pinfls ?? []).includes(person.pinfl)) return undefined;
  return asPolicy(row);
}

/** The refusal of a policy not found at `field`: the same whatever the reason. */
export const policyNotFound = (field: string) => new AppError(404, 'claim_policy_not_found', { field });

/**
 * The policy a claim's first step names: with `way = 'mine'` one of the signed-in client's own of
 * the form's product; else (or signed out) found by number, passport and birthday.
 */
export async function claimantPolicy(app: FastifyInstance, request: FastifyRequest, claim: ClaimDefinition, data: FlowData, client: Client | null): Promise<ClaimPolicy> {
  const step = data.policy ?? {};
  if (step.way === 'mine') {
    const found = client && typeof step.policyId === 'string' ? await clientPolicy(app, client, claim.id, step.policyId) : undefined;
    if (!found) throw policyNotFound('/policy/policyId');
    return found;
  }
  const found = typeof step.policyNumber === 'string' && typeof step.passport === 'string' && typeof step.birthday === 'string'
    ? await policyByNumber(app, request, claim.id, { number: step.policyNumber, passport: step.passport, birthday: step.birthday })
    : undefined;
  if (!found) throw policyNotFound('/policy/policyNumber');
  return found;
}

/** Refuses an event outside the policy's cover or after today. */
export function checkEventDate(eventDate: string, policy: ClaimPolicy, today: string): void {
  if (eventDate > today) throw new AppError(400, 'claim_event_in_future', { field: '/event/date' });
  if (eventDate < policy.begin_date || eventDate > policy.end_date) throw new AppError(400, 'claim_event_outside_cover', { field: '/event/date' });
}

/** The language of the page a claim was filed from (`return_url`, else the Referer), Uzbek when neither says. */
export function claimLang(returnUrl: string | undefined, referer: string | undefined): MessageLang {
  for (const address of [returnUrl, referer]) {
    if (address === undefined) continue;
    try {
      const lang = langOfPath(new URL(address, 'http://shop.invalid').pathname);
      if (lang) return lang;
    } catch {
      // Not an address: the next one says.
    }
  }
  return 'uz';
}

/** A document's name in a language: its `claim.document.<kind>` message, or the kind when the catalog has none. */
export const documentName = (lang: MessageLang, kind: string): string => siteMessage(lang, `claim.document.${kind}`) ?? kind;

const mobile = /^998\d{9}$/;

export interface ClaimFiling {
  claim: ClaimDefinition;
  checked: CheckedClaim;
  uploads: readonly ClaimUpload[];
  policy: ClaimPolicy;
  client: Client | null;
  lang: MessageLang;
}

/**
 * Files a claim in one transaction: its row (number `C<yy>-<6 digits>`), its files (rows and
 * bytes), the first status event, the SMS to the claimant and the chat's message. Any failure on
 * the way leaves none of them.
 */
export async function fileClaim(app: FastifyInstance, filing: ClaimFiling): Promise<FileResponse> {
  const { claim, checked, uploads, policy, client, lang } = filing;
  const today = claimsToday(app);
  const answerBy = addDays(today, claim.decisionDays);
  const event = checked.data.event ?? {};
  // The number the form asked for; a form without one tells the signed-in filer at theirs.
  const asked = String(checked.data.policy?.phone ?? '');
  const phone = mobile.test(asked) ? asked : client?.phone ?? '';
  const id = randomUUID();
  const now = new Date();
  const number = await app.db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ seq: string }>`SELECT nextval('claim_number_seq') AS seq`.execute(trx);
    const claimNumber = `C${today.slice(2, 4)}-${String(rows[0]?.seq ?? '').padStart(6, '0')}`;
    await trx.insertInto('claims').values({
      id,
      client_id: client?.id ?? null,
      number: claimNumber,
      product: claim.id,
      policy_id: policy.id,
      event_date: String(event.date),
      claim_status: 'received',
      description: String(event.description ?? ''),
      created_at: now,
      updated_at: now,
      phone,
      lang,
      answers: JSON.stringify(checked.data),
      documents_needed: checked.documentsNeeded,
      answer_by: answerBy,
    }).execute();
    await app.claimForms.keepFiles(id, uploads, trx);
    await trx.insertInto('claim_events').values({ claim_id: id, status: 'received', actor: 'claimant', created_at: now }).execute();
    const documents = checked.documentsNeeded.map((kind) => documentName(lang, kind));
    if (phone) await app.outbox.enqueueSms(phone, claimFiledText({ number: claimNumber, answerBy: isoToDmy(answerBy, '.'), documents }, lang), trx);
    await app.outbox.enqueue('claim', [
      `Claim: ${claim.id} claim ${claimNumber}`,
      `Policy ${policy.number}, event on ${String(event.date)}`,
      `Files: ${uploads.length}${checked.documentsNeeded.length > 0 ? `, still needed: ${checked.documentsNeeded.join(', ')}` : ''}`,
      `Answer by ${answerBy}`,
    ].join('\n'), trx);
    return claimNumber;
  });
  return { claim_id: id, number, status: 'received', documents: checked.documentsNeeded, answer_by: answerBy };
}
