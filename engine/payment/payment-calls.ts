import type { ApiPort, Envelope, MessageId } from '../definition';
import { isBindingFailure } from '../failure';
import type { CardCheckRequest, CardCheckResponse, CardRequest, CardResponse, InvoiceRequest, InvoiceResponse, TermsRequest, TermsResponse } from '../payment-api.generated';

/** The site API's payment calls (schemas/api/payment), the same for every product. */
export const paymentPaths = {
  card: '/sayt/payment/payme/card',
  cardCheck: '/sayt/payment/payme/check',
  invoice: '/sayt/payment/payme',
  terms: '/sayt/contract/terms',
} as const;

/**
 * The message ids a payment call may answer in its envelope's `message` (the server's keys are the
 * engine's message ids, as the error keys of requirements §8 are); any other answer is a general failure.
 */
export const paymentMessageIds = [
  'card_invalid',
  'card_expired',
  'card_blocked',
  'card_code_wrong',
  'card_code_expired',
  'card_code_attempts',
  'card_insufficient_funds',
  'card_declined',
  'card_sms_failed',
  'card_session_expired',
  'payment_unavailable',
  'contract_already_paid',
  'contract_not_payable',
] as const;

/** A payment call that did not succeed, with what to tell the visitor. */
export class PaymentProblem extends Error {
  override name = 'PaymentProblem';
  constructor(readonly messageId: MessageId) {
    super(messageId);
  }
}

const knownMessage = (message: unknown): MessageId | null =>
  typeof message === 'string' && (paymentMessageIds as readonly string[]).includes(message) ? message : null;

/** Reads a call's envelope: its response when it succeeded, else the problem it names. */
async function answered<T>(call: Promise<Envelope<T>>): Promise<T> {
  let envelope: Envelope<T>;
  try {
    envelope = await call;
  } catch (error) {
    // No answer at all, or an HTTP error whose envelope names the problem.
    const named = knownMessage((error as { envelope?: Envelope<unknown> }).envelope?.message);
    throw new PaymentProblem(named ?? (isBindingFailure(error) ? error.messageId : 'payment_unavailable'));
  }
  if (!envelope.result) throw new PaymentProblem(knownMessage(envelope.message) ?? 'payment_unavailable');
  return envelope.response;
}

/** Calls of the payment step, each resolving with its answer or rejecting with a PaymentProblem. */
export function paymentCalls(api: ApiPort) {
  return {
    /** Registers a card for an SMS code (Payme cards.create + cards.get_verify_code); repeated only while the page lives, a card number being kept nowhere. */
    card: (request: CardRequest) => answered(api.post<CardResponse>(paymentPaths.card, request, { repeatable: 'page' })),
    /** Pays the contract with the card and its SMS code: sent again (a lost answer, a reload), the same payment. */
    cardCheck: (request: CardCheckRequest) => answered(api.post<CardCheckResponse>(paymentPaths.cardCheck, request, { repeatable: 'tab' })),
    /** Sends the bill to the payer's Payme app: sent again, the same bill. */
    invoice: (request: InvoiceRequest) => answered(api.post<InvoiceResponse>(paymentPaths.invoice, request, { repeatable: 'tab' })),
    /** Records that the visitor accepted the contract's terms. */
    terms: (request: TermsRequest) => answered(api.post<TermsResponse>(paymentPaths.terms, request)),
  };
}

export type PaymentCalls = ReturnType<typeof paymentCalls>;
