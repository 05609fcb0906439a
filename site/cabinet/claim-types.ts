/*
 * The answers of the cabinet's claim calls, written from the shapes the server promises
 * (`client-claims`, `client-claim/:id`, `client-claim/:id/documents`), under the names the answers'
 * generated types (products/kit/api/cabinet-api.generated.ts) give them, so those can take their
 * place: the pages read them through cabinet-api.ts only.
 */

type ClaimStatus = 'received' | 'documents_requested' | 'under_review' | 'approved' | 'declined' | 'paid';

/** A claim in the client's list. */
interface ClientClaim {
  id: string;
  number: string;
  /** The product's folder id (`osago`). */
  product: string;
  policy_number: string | null;
  event_date: string;
  claim_status: ClaimStatus;
  created_at: string;
  /** The document kinds the insurer still needs. */
  documents_needed: string[];
}

export type ClientClaimsResponse = ClientClaim[];

/** A document kind of the claim's form: whether the insurer needs it and how many files of it were sent. */
interface ClaimDocumentState {
  kind: string;
  needed: boolean;
  sent: number;
}

/** A status the claim reached, with what came with it. */
interface ClaimTimelineEntry {
  status: ClaimStatus;
  /** Date-time. */
  at: string;
  reason: string | null;
  /** Document kinds asked for (documents_requested). */
  documents: string[];
  amount: number | null;
}

/** A file sent with the claim or after it. */
interface ClaimFile {
  id: string;
  kind: string;
  filename: string;
  content_type: string;
  size: number;
  created_at: string;
  /** Where it is downloaded with the session cookie. */
  url: string;
}

/** One claim of the client (`client-claim/:id`), also the answer of sending documents: the list's item and more. */
export interface ClientClaimResponse extends ClientClaim {
  /** ISO date by which the insurer answers, or null. */
  answer_by: string | null;
  description: string;
  decision_reason: string | null;
  payout_amount: number | null;
  payout: { method: 'card' | 'account'; masked: string };
  /** Every document kind of the claim's form. */
  documents: ClaimDocumentState[];
  /** Oldest first. */
  timeline: ClaimTimelineEntry[];
  files: ClaimFile[];
}
