import type { FastifyInstance } from 'fastify';
import type { ClaimResponse, ClaimsResponse } from '../../../products/kit/api/back-office-api.generated';
import type { ClaimStatus } from '../../db/database';
import { AppError } from '../../envelope';
import { maskedPhone } from '../../payments/payme-subscribe/api';
import { isRecord } from '../../../engine/is-record';

/** A claim as the back office lists it. */
export type ClaimListItem = ClaimsResponse[number];

/** A claim as the back office sees it: what the client's cabinet shows, with the claimant's phone and the form's answers, the payout's card or account masked. */
export type ClaimDetail = ClaimResponse;

/** A payout card as `8600 •••• •••• 1234`, an account as `•••• 1234`: enough to recognise, not to use. */
export function maskedPayout(method: 'card' | 'account', digits: string): string {
  return method === 'card' ? `${digits.slice(0, 4)} •••• •••• ${digits.slice(-4)}` : `•••• ${digits.slice(-4)}`;
}

/** The payout the form's `payout` step chose, masked; null when the answers hold none. */
function payoutOf(answers: Record<string, unknown>): ClaimDetail['payout'] {
  const payout = answers.payout;
  if (!isRecord(payout)) return null;
  if (payout.method === 'card' && typeof payout.card === 'string') return { method: 'card', masked: maskedPayout('card', payout.card) };
  if (payout.method === 'account' && typeof payout.account === 'string') return { method: 'account', masked: maskedPayout('account', payout.account) };
  return null;
}

/** The answers with the payout's card or account and the claimant's phone masked. */
function maskedAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  const masked: Record<string, unknown> = { ...answers };
  const { payout, policy } = answers;
  if (isRecord(payout)) {
    masked.payout = {
      ...payout,
      ...(typeof payout.card === 'string' ? { card: maskedPayout('card', payout.card) } : {}),
      ...(typeof payout.account === 'string' ? { account: maskedPayout('account', payout.account) } : {}),
    };
  }
  if (isRecord(policy) && typeof policy.phone === 'string') masked.policy = { ...policy, phone: maskedPhone(policy.phone) };
  return masked;
}

const isFileRef = (value: unknown) => isRecord(value) && typeof value.id === 'string' && typeof value.name === 'string' && typeof value.size === 'number';

/**
 * The document kinds of a claim's form as its own row tells them: the file fields among its answers
 * (a FileRef, or a list of them, under the kind's name), the kinds of its files, and those still
 * needed. A kind the form has that the claimant left empty and that is not needed is not among them.
 */
export function documentKindsOf(answers: Record<string, unknown>, fileKinds: readonly string[], needed: readonly string[]): string[] {
  const kinds = new Set<string>();
  for (const step of Object.values(answers)) {
    if (!isRecord(step)) continue;
    for (const [field, value] of Object.entries(step)) {
      if (isFileRef(value) || (Array.isArray(value) && value.length > 0 && value.every(isFileRef))) kinds.add(field);
    }
  }
  for (const kind of [...fileKinds, ...needed]) kinds.add(kind);
  return [...kinds];
}

/**
 * The document kinds a claim's form has (what the back office may ask for), read from the claim's
 * own row and files (`documentKindsOf`); undefined for an unknown claim.
 */
export async function formDocumentKinds(app: FastifyInstance, claimId: string): Promise<string[] | undefined> {
  const claim = await app.db.selectFrom('claims').select(['answers', 'documents_needed']).where('id', '=', claimId).executeTakeFirst();
  if (!claim) return undefined;
  const files = await app.db.selectFrom('claim_files').select('kind').where('claim_id', '=', claimId).execute();
  return documentKindsOf(isRecord(claim.answers) ? claim.answers : {}, files.map((file) => file.kind), claim.documents_needed);
}

const dateText = (value: Date | string) => (value instanceof Date ? value.toISOString().slice(0, 10) : value);
const amountOf = (value: number | string | null) => (value === null ? null : Number(value));

/** The claims, newest first: those of one status if given, `limit` of them, filed before `before` (the last one's `created_at` of the page before). */
export async function listClaims(app: FastifyInstance, query: { status?: ClaimStatus | undefined; limit: number; before?: string | undefined }): Promise<ClaimListItem[]> {
  let select = app.db
    .selectFrom('claims')
    .leftJoin('policies', 'policies.id', 'claims.policy_id')
    .select(['claims.id', 'claims.number', 'claims.product', 'policies.number as policy_number', 'claims.claim_status', 'claims.event_date', 'claims.created_at', 'claims.documents_needed']);
  if (query.status) select = select.where('claims.claim_status', '=', query.status);
  if (query.before) select = select.where('claims.created_at', '<', new Date(query.before));
  const rows = await select.orderBy('claims.created_at', 'desc').orderBy('claims.id', 'desc').limit(query.limit).execute();
  return rows.map((row) => ({ ...row, event_date: dateText(row.event_date), created_at: row.created_at.toISOString() }));
}

/** One claim as the back office sees it; 404 `claim_not_found` for an unknown id. `fileUrl` is where one of its files is read. */
export async function claimDetail(app: FastifyInstance, id: string, fileUrl: (fileId: string) => string): Promise<ClaimDetail> {
  const claim = await app.db
    .selectFrom('claims')
    .leftJoin('policies', 'policies.id', 'claims.policy_id')
    .selectAll('claims')
    .select('policies.number as policy_number')
    .where('claims.id', '=', id)
    .executeTakeFirst();
  if (!claim) throw new AppError(404, 'claim_not_found');
  const [events, files] = await Promise.all([
    app.db.selectFrom('claim_events').select(['status', 'created_at', 'reason', 'documents', 'amount']).where('claim_id', '=', id).orderBy('id').execute(),
    app.db.selectFrom('claim_files').select(['id', 'kind', 'filename', 'content_type', 'size', 'created_at']).where('claim_id', '=', id).orderBy('created_at').orderBy('id').execute(),
  ]);
  const answers = isRecord(claim.answers) ? claim.answers : {};
  const kinds = documentKindsOf(answers, files.map((file) => file.kind), claim.documents_needed);
  return {
    id: claim.id,
    number: claim.number,
    product: claim.product,
    policy_number: claim.policy_number,
    event_date: dateText(claim.event_date),
    claim_status: claim.claim_status,
    created_at: claim.created_at.toISOString(),
    answer_by: claim.answer_by === null ? null : dateText(claim.answer_by),
    description: claim.description,
    decision_reason: claim.decision_reason,
    payout_amount: amountOf(claim.payout_amount),
    payout: payoutOf(answers),
    documents: kinds.map((kind) => ({ kind, needed: claim.documents_needed.includes(kind), sent: files.filter((file) => file.kind === kind).length })),
    documents_needed: claim.documents_needed,
    timeline: events.map((event) => ({ status: event.status, at: event.created_at.toISOString(), reason: event.reason, documents: event.documents, amount: amountOf(event.amount) })),
    files: files.map((file) => ({ ...file, created_at: file.created_at.toISOString(), url: fileUrl(file.id) })),
    phone: claim.phone ? maskedPhone(claim.phone) : '',
    answers: maskedAnswers(answers),
  };
}

/** A file of a claim with its bytes, or null when the claim has no such file (or its bytes are gone). */
export async function claimFile(app: FastifyInstance, claimId: string, fileId: string): Promise<{ filename: string; contentType: string; bytes: Uint8Array } | null> {
  const file = await app.db
    .selectFrom('claim_files')
    .leftJoin('claim_file_data', 'claim_file_data.file_id', 'claim_files.id')
    .select(['claim_files.filename', 'claim_files.content_type', 'claim_file_data.data'])
    .where('claim_files.id', '=', fileId)
    .where('claim_files.claim_id', '=', claimId)
    .executeTakeFirst();
  if (!file?.data) return null;
  return { filename: file.filename, contentType: file.content_type, bytes: new Uint8Array(file.data) };
}
