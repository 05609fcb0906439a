import type { FastifyInstance } from 'fastify';
import type { ClientClaimResponse, ClientClaimsResponse } from '../../products/kit/api/cabinet-api.generated';
import type { Client } from '../db/database';
import { isRecord } from '../../engine/is-record';
import { ownedBy } from './contract-owner';
import { isoDay } from './claims/filing';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claims with the number of the policy each was filed under, as every reader of claims selects from them. */
const claimsWithPolicies = (app: FastifyInstance) => app.db.selectFrom('claims').leftJoin('policies', 'policies.id', 'claims.policy_id');

/**
 * The claims a client sees: those they filed, and those filed under a policy that is theirs (its
 * contract names their phone or PINFL), whoever filed it — a claim filed signed out by number is
 * the policyholder's. Every read of a claim by a client goes through this rule.
 */
function visibleClaims(app: FastifyInstance, client: Pick<Client, 'id' | 'phone' | 'pinfl'>) {
  return claimsWithPolicies(app)
    .where((eb) => eb.or([
      eb('claims.client_id', '=', client.id),
      eb.exists(eb.selectFrom('contracts').select('contracts.id').whereRef('contracts.id', '=', 'policies.contract_id').where(ownedBy(client))),
    ]));
}

/** What a claim's page is drawn from (`claimDetail`). */
const detailColumns = [
  'claims.id', 'claims.number', 'claims.product', 'policies.number as policy_number', 'claims.event_date', 'claims.claim_status', 'claims.created_at', 'claims.answer_by',
  'claims.description', 'claims.decision_reason', 'claims.payout_amount', 'claims.documents_needed', 'claims.phone', 'claims.lang', 'claims.answers',
] as const;

/** The client's claims, newest event first (the cabinet groups them by event date), each with the number of the policy it was filed under and the documents still needed. */
export async function clientClaims(app: FastifyInstance, client: Pick<Client, 'id' | 'phone' | 'pinfl'>): Promise<ClientClaimsResponse> {
  const rows = await visibleClaims(app, client)
    .select(['claims.id', 'claims.number', 'claims.product', 'policies.number as policy_number', 'claims.event_date', 'claims.claim_status', 'claims.created_at', 'claims.documents_needed'])
    .orderBy('claims.event_date', 'desc')
    .orderBy('claims.created_at', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, event_date: isoDay(row.event_date), created_at: new Date(row.created_at).toISOString() }));
}

/** The claim's row if the client sees it (as `clientClaims` does), else undefined: another client's, nobody's and a malformed id alike. */
export async function clientClaimRow(app: FastifyInstance, client: Pick<Client, 'id' | 'phone' | 'pinfl'>, id: string) {
  if (!uuid.test(id)) return undefined;
  return visibleClaims(app, client).select(detailColumns).where('claims.id', '=', id.toLowerCase()).executeTakeFirst();
}
export type ClaimRow = NonNullable<Awaited<ReturnType<typeof clientClaimRow>>>;

/** Any claim's row, for the insurer's back office (which sees every claim); undefined for an unknown or malformed id. */
export async function claimRow(app: FastifyInstance, id: string): Promise<ClaimRow | undefined> {
  if (!uuid.test(id)) return undefined;
  return claimsWithPolicies(app).select(detailColumns).where('claims.id', '=', id.toLowerCase()).executeTakeFirst();
}

/** A payout card as `8600 •••• •••• 1234`, an account as `•••• 1234`: enough to recognise, not to use. */
export function maskedDigits(method: 'card' | 'account', digits: string): string {
  return method === 'card' ? `${digits.slice(0, 4)} •••• •••• ${digits.slice(-4)}` : `•••• ${digits.slice(-4)}`;
}

/** The payout the form's `payout` step chose, masked. */
function maskedPayout(payout: unknown): ClientClaimResponse['payout'] {
  const chosen = isRecord(payout) ? payout : {};
  const method = chosen.method === 'account' ? 'account' : 'card';
  return { method, masked: maskedDigits(method, String((method === 'card' ? chosen.card : chosen.account) ?? '')) };
}

/**
 * A claim as its page shows it (`client-claim/:id`), and as the back office sees it besides: its
 * timeline oldest first, every document of its form, its files (each read at `fileUrl`).
 */
export async function claimDetail(app: FastifyInstance, row: ClaimRow, fileUrl = (fileId: string) => `/api/shaxsiy_kabinet/client-claim/${row.id}/file/${fileId}`): Promise<ClientClaimResponse> {
  const [events, files] = await Promise.all([
    app.db.selectFrom('claim_events').select(['status', 'created_at', 'reason', 'documents', 'amount']).where('claim_id', '=', row.id).orderBy('id').execute(),
    app.claimForms.filesOf(row.id),
  ]);
  const form = app.claimForms.get(row.product);
  const sent = (kind: string) => files.filter((file) => file.kind === kind).length;
  return {
    id: row.id,
    number: row.number,
    product: row.product,
    policy_number: row.policy_number,
    event_date: isoDay(row.event_date),
    claim_status: row.claim_status,
    created_at: new Date(row.created_at).toISOString(),
    answer_by: row.answer_by === null ? null : isoDay(row.answer_by),
    description: row.description,
    decision_reason: row.decision_reason,
    payout_amount: row.payout_amount === null ? null : Number(row.payout_amount),
    payout: maskedPayout(isRecord(row.answers) ? row.answers.payout : undefined),
    documents: (form?.documents ?? []).map((doc) => ({ kind: doc.kind, needed: row.documents_needed.includes(doc.kind), sent: sent(doc.kind) })),
    documents_needed: row.documents_needed,
    timeline: events.map((event) => ({ status: event.status, at: new Date(event.created_at).toISOString(), reason: event.reason, documents: event.documents, amount: event.amount === null ? null : Number(event.amount) })),
    files: files.map((file) => ({
      id: file.id, kind: file.kind, filename: file.filename, content_type: file.content_type, size: file.size, created_at: new Date(file.created_at).toISOString(),
      url: fileUrl(file.id),
    })),
  };
}
