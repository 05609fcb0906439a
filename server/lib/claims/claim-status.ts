import type { FastifyInstance } from 'fastify';
import type { Transaction } from 'kysely';
import { groupDigits } from '../../../products/kit/api/api-format';
import type { ClaimStatus, Database } from '../../db/database';
import { AppError } from '../../envelope';
import { claimStatusText } from '../../sms/claim-texts';
import { siteMessage } from '../policy-words';

/** Where a claim may go from each status; `received` is where filing starts it, `paid` and `declined` are final. */
export const claimMoves: Readonly<Record<ClaimStatus, readonly ClaimStatus[]>> = {
  received: ['documents_requested', 'under_review', 'declined'],
  documents_requested: ['under_review', 'declined'],
  under_review: ['documents_requested', 'approved', 'declined'],
  approved: ['paid'],
  declined: [],
  paid: [],
};

/** A claim's move: the status it goes to, with the reason, the documents asked for (`documents_requested`) or the amount approved (`approved`, UZS). */
export interface ClaimMove {
  status: ClaimStatus;
  reason?: string | undefined;
  documents?: string[] | undefined;
  amount?: number | undefined;
}

export type ClaimActor = 'claimant' | 'back_office';

/** What a move did: `moved` false when the claim already had that status with the same details (nothing changed, nothing sent). */
export interface MoveOutcome {
  moved: boolean;
  status: ClaimStatus;
}

/** The moves `status` allows. */
export const movesFrom = (status: ClaimStatus): readonly ClaimStatus[] => claimMoves[status];

/** The details a move carries, as its event row stores them; refuses, naming the field, what the status needs and lacks or does not take. */
function detailsOf(move: ClaimMove, approvedAmount: number | null): { reason: string | null; documents: string[]; amount: number | null } {
  const reason = move.reason?.trim() ? move.reason.trim() : null;
  if (move.status === 'declined' && reason === null) throw new AppError(400, 'claim_reason_required', { field: '/reason' });
  const documents = [...new Set(move.documents ?? [])];
  if (move.status === 'documents_requested' && documents.length === 0) throw new AppError(400, 'claim_documents_required', { field: '/documents' });
  if (move.status !== 'documents_requested' && documents.length > 0) throw new AppError(400, 'claim_documents_not_asked', { field: '/documents' });
  if (move.status === 'approved' && move.amount === undefined) throw new AppError(400, 'claim_amount_required', { field: '/amount' });
  if (move.status !== 'approved' && move.amount !== undefined) throw new AppError(400, 'claim_amount_not_taken', { field: '/amount' });
  const amount = move.status === 'approved' ? (move.amount ?? null) : move.status === 'paid' ? approvedAmount : null;
  return { reason, documents, amount };
}

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((item) => b.includes(item));

/**
 * Moves a claim to `move.status`, in one transaction: the claim's row (its status, the documents
 * still needed when documents are asked for, the decision's reason and the amount), the event the
 * cabinet's timeline shows, and the SMS that tells the claimant. The claim's row is locked first, so
 * of two requests making the same move at the same moment (two instances on one database) one
 * changes it and the other finds it done: a move to the status the claim has with the same details
 * changes nothing and sends nothing. A move its status does not allow is a 409 naming `/status`.
 * `kinds` are the document kinds the claim's form has (a document asked for must be one of them);
 * `trx` the transaction of a change the move is part of (the claimant's documents stored with the
 * move they make), else the move is a transaction of its own.
 */
export async function moveClaim(
  app: FastifyInstance,
  claimId: string,
  move: ClaimMove,
  actor: ClaimActor,
  options: { kinds?: readonly string[] | undefined; trx?: Transaction<Database> } = {},
): Promise<MoveOutcome> {
  const { kinds } = options;
  const inTransaction = <T>(work: (trx: Transaction<Database>) => Promise<T>) => (options.trx ? work(options.trx) : app.db.transaction().execute(work));
  return inTransaction(async (trx) => {
    const claim = await trx.selectFrom('claims').select(['id', 'number', 'claim_status', 'phone', 'lang', 'payout_amount']).where('id', '=', claimId).forUpdate().executeTakeFirst();
    if (!claim) throw new AppError(404, 'claim_not_found');
    const details = detailsOf(move, claim.payout_amount === null ? null : Number(claim.payout_amount));
    if (kinds) {
      const unknown = details.documents.findIndex((kind) => !kinds.includes(kind));
      if (unknown !== -1) throw new AppError(400, 'claim_document_unknown', { field: `/documents/${unknown}` });
    }
    if (claim.claim_status === move.status) {
      const last = await trx.selectFrom('claim_events').select(['reason', 'documents', 'amount']).where('claim_id', '=', claimId).orderBy('id', 'desc').limit(1).executeTakeFirst();
      const same = last !== undefined && last.reason === details.reason && sameSet(last.documents, details.documents)
        && (last.amount === null ? null : Number(last.amount)) === details.amount;
      if (same) return { moved: false, status: claim.claim_status };
    }
    if (!movesFrom(claim.claim_status).includes(move.status)) throw new AppError(409, 'claim_status_not_allowed', { field: '/status' });
    await trx.updateTable('claims').set({
      claim_status: move.status,
      updated_at: new Date(),
      ...(move.status === 'documents_requested' ? { documents_needed: details.documents } : {}),
      ...(move.status === 'approved' || move.status === 'declined' ? { decision_reason: details.reason } : {}),
      ...(move.status === 'approved' ? { payout_amount: details.amount } : {}),
    }).where('id', '=', claimId).execute();
    await trx.insertInto('claim_events').values({ claim_id: claimId, status: move.status, reason: details.reason, documents: details.documents, amount: details.amount, actor }).execute();
    if (claim.phone) {
      const { lang } = claim;
      const text = claimStatusText({
        number: claim.number,
        status: move.status,
        statusName: siteMessage(lang, `claim.status.${move.status}`) ?? move.status.replaceAll('_', ' '),
        reason: details.reason,
        documents: details.documents.map((kind) => siteMessage(lang, `claim.document.${kind}`) ?? kind.replaceAll('_', ' ')),
        amount: details.amount === null ? null : groupDigits(details.amount),
        link: `${app.config.publicUrl}/${lang}/dashboard/applications/${claimId}`,
      }, lang);
      await app.outbox.enqueueSms(claim.phone, text, trx);
    }
    return { moved: true, status: move.status };
  });
}
