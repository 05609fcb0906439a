import type { FlowData } from '../../../engine/definition';

/** The shapes of a claim's data and catalog, which the kit's assembly and its binding both speak. */

/** What a claim's binding loads: whether the visitor is signed in, and then their policies of the product, newest first. */
export interface ClaimCatalog {
  signedIn: boolean;
  policies: { id: string; number: string; subject: string; beginDate: string; endDate: string }[];
}

/** The `policy` step: the client's own policy by its id, or a policy found by its number and the policyholder's passport and birthday. */
export interface ClaimPolicy {
  way?: 'mine' | 'number';
  policyId?: string;
  policyNumber?: string;
  passport?: string;
  birthday?: string;
  phone?: string;
}

/** Where the payout goes: a card (16 digits), or a bank account (20 digits) at a bank by its MFO code. */
export interface ClaimPayout {
  method?: 'card' | 'account';
  card?: string;
  account?: string;
  mfo?: string;
  holder?: string;
}

/** Flow data of a claim: the fixed steps typed, the family's steps as their schemas have them. */
export type ClaimData = FlowData & {
  policy: ClaimPolicy & Record<string, unknown>;
  event: Record<string, unknown>;
  payout: ClaimPayout & Record<string, unknown>;
  consent: { agree?: boolean } & Record<string, unknown>;
};
