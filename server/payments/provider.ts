import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Contract, Payment } from '../db/database';

/**
 * One way to pay (server/payments/<provider>/), wired in by server/payments/providers.ts: what the
 * save answer links to, the site API calls and the provider's callbacks it serves, its sandbox
 * stand-in, and what the reconciliation job and a refund ask of it. Where the provider calls us
 * (Payme, Click, Octo's notifications, Alif's webhook, Paynet) the callback speaks its protocol
 * exactly; where we call it, its client goes through a transport: the provider's URL (http), or
 * this server's own sandbox stand-in of the same protocol.
 */
export interface PaymentProvider {
  /** Its name in `payments.provider` and among the page's ways to pay (`click`, `octo`…). */
  id: string;
  /** Services it adds to the instance (a fastify-plugin, e.g. Payme's merchant protocol as `app.payme`). */
  service?: FastifyPluginAsync;
  /**
   * The address the save answer gives for paying the contract this way (its field in `payment.links`),
   * when it offers one; undefined for a contract it cannot take (Alif outside its amounts).
   */
  link?(app: FastifyInstance, contract: Contract): string | undefined;
  /**
   * Starts a payment for the contract at the provider (a call that makes its payment page) and
   * answers that page's address: `GET /pay/<id>/<contract_id>` sends the visitor there. Throws
   * `PaymentNotStarted` when the provider cannot take this contract (the visitor is told so).
   */
  start?(app: FastifyInstance, contract: Contract): Promise<string>;
  /** Its calls of the site API, mounted under /api behind the API credentials. */
  api?: FastifyPluginAsync;
  /** The endpoints the provider calls, mounted under /api with their own authentication. */
  callbacks?: FastifyPluginAsync;
  /** Its sandbox stand-in (the provider's API and checkout pages), mounted under /sandbox/<id>. */
  sandbox?: FastifyPluginAsync;
  /**
   * What the provider says of a payment still open (reconciliation): paid (the job settles it),
   * failed (closed), or still pending.
   */
  status?(app: FastifyInstance, payment: Payment): Promise<'paid' | 'failed' | 'pending'>;
  /** Gives back the money of a payment that took it for a contract already paid another way. */
  refund?(app: FastifyInstance, payment: Payment): Promise<void>;
  /**
   * The provider tells us nothing when the payer pays (a bill paid in an app): a check of the
   * contract asks it (`status`) about the contract's open payments before answering unpaid.
   */
  checksOnDemand?: boolean;
}

/** A payment's failure reason that means the card's bank refused the debit (the page then says so). */
export const declinedFailure = 'declined';

/**
 * A provider that cannot take this contract's payment (Alif below or above the amounts it lends
 * on): the visitor is told so in their language and chooses another way to pay.
 */
export class PaymentNotStarted extends Error {
  override name = 'PaymentNotStarted';
  constructor(readonly reason: 'amount', message: string) {
    super(message);
  }
}
