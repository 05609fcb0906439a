import type { FastifyInstance } from 'fastify';
import type { ClaimResponse, ClaimsResponse } from '../../../products/kit/api/back-office-api.generated';
import type { ClaimStatus } from '../../db/database';
import { AppError } from '../../envelope';
import { maskedPhone } from '../../payments/payme-subscribe/api';
import { isRecord } from '../../../engine/is-record';
import { claimDetail as cabinetClaimDetail, claimRow, maskedDigits } from '../claims';
import { isoDay } from './filing';

/** A claim as the back office lists it. */
export type ClaimListItem = ClaimsResponse[number];

/** A claim as the back office sees it: what the client's cabinet shows, with the claimant's phone and the form's answers, the payout's card or account masked. */
export type ClaimDetail = ClaimResponse;

/** The answers with the payout's card or account and the claimant's phone masked. */
function maskedAnswers(answers: Record<string, unknown>): Record<string, unknown> {
  const masked: Record<string, unknown> = { ...answers };
  const { payout, policy } = answers;
  if (isRecord(payout)) {
    masked.payout = {
      ...payout,
      ...(typeof payout.card === 'string' ? { card: maskedDigits('card', payout.card) } : {}),
      ...(typeof payout.account === 'string' ? { account: maskedDigits('account', payout.account) } : {}),
    };
  }
  if (isRecord(policy) && typeof policy.phone === 'string') masked.policy = { ...policy, phone: maskedPhone(policy.phone) };
  return masked;
}

/** The document kinds a claim's form has (what the back office may ask for); undefined for an unknown claim. */
export async function formDocumentKinds(app: FastifyInstance, claimId: string): Promise<string[] | undefined> {
  const claim = await claimRow(app, claimId);
  if (!claim) return undefined;
  return (app.claimForms.get(claim.product)?.documents ?? []).map((doc) => doc.kind);
}


/** The claims, newest first: those of one status if given, `limit` of them, filed before `before` (the last one's `created_at` of the page before). */
export async function listClaims(app: FastifyInstance, query: { status?: ClaimStatus | undefined; limit: number; before?: string | undefined }): Promise<ClaimListItem[]> {
  let select = app.db
    .selectFrom('claims')
    .leftJoin('policies', 'policies.id', 'claims.policy_id')
    .select(['claims.id', 'claims.number', 'claims.product', 'policies.number as policy_number', 'claims.claim_status', 'claims.event_date', 'claims.created_at', 'claims.documents_needed']);
  if (query.status) select = select.where('claims.claim_status', '=', query.status);
  if (query.before) select = select.where('claims.created_at', '<', new Date(query.before));
  const rows = await select.orderBy('claims.created_at', 'desc').orderBy('claims.id', 'desc').limit(query.limit).execute();
  return rows.map((row) => ({ ...row, event_date: isoDay(row.event_date), created_at: row.created_at.toISOString() }));
}

/** One claim as the back office sees it: the cabinet's detail with the claimant's phone and the form's answers, masked; 404 `claim_not_found` for an unknown id. `fileUrl` is where one of its files is read. */
export async function claimDetail(app: FastifyInstance, id: string, fileUrl: (fileId: string) => string): Promise<ClaimDetail> {
  const claim = await claimRow(app, id);
  if (!claim) throw new AppError(404, 'claim_not_found');
  return {
    ...(await cabinetClaimDetail(app, claim, fileUrl)),
    phone: claim.phone ? maskedPhone(claim.phone) : '',
    answers: maskedAnswers(isRecord(claim.answers) ? claim.answers : {}),
  };
}
