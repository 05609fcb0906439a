import type { FastifyInstance } from 'fastify';
import type { Contract, Payment } from '../../db/database';
import { declinedFailure } from '../provider';
import type { ClickFields } from './fields';
import { clickSignMatches } from './signature';

/** Click's SHOP API actions: Prepare checks the order before Click debits, Complete follows the debit. */
export const clickActions = { prepare: 0, complete: 1 } as const;
export type ClickAction = (typeof clickActions)[keyof typeof clickActions];

/** The merchant's error codes and the notes Click's documentation gives them. */
export const clickErrors = {
  0: 'Success',
  [-1]: 'SIGN CHECK FAILED!',
  [-2]: 'Incorrect parameter amount',
  [-3]: 'Action not found',
  [-4]: 'Already paid',
  [-5]: 'User does not exist',
  [-6]: 'Transaction does not exist',
  [-7]: 'Failed to update user',
  [-8]: 'Error in request from click',
  [-9]: 'Transaction cancelled',
} as const satisfies Record<number, string>;
export type ClickError = keyof typeof clickErrors;

/** The merchant's answer, HTTP 200 whatever it says; Prepare's carries `merchant_prepare_id`, Complete's `merchant_confirm_id`. */
export interface ClickAnswer {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
  merchant_prepare_id?: number | null;
  merchant_confirm_id?: number | null;
  error: ClickError;
  error_note: string;
}

/** A request as read and checked: every field well formed, the signature not yet checked. */
interface ClickRequest {
  clickTransId: string;
  serviceId: string;
  clickPaydocId: string;
  merchantTransId: string;
  merchantPrepareId: string | undefined;
  amount: string;
  action: string;
  /** Click's own result: below zero when the debit failed (Complete) or the payment was cancelled. */
  error: number;
  signTime: string;
  signString: string;
}

/** NUL, or half of a UTF-16 surrogate pair: no Click field holds them. */
const unsafeText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

const patterns = {
  click_trans_id: /^[1-9]\d{0,15}$/,
  service_id: /^\d{1,12}$/,
  click_paydoc_id: /^\d{1,16}$/,
  merchant_trans_id: /^[\s\S]{1,128}$/,
  merchant_prepare_id: /^\d{1,10}$/,
  // A decimal as Click writes sums (`70000`, `70000.00`); a sign is a wrong amount, not a malformed one.
  amount: /^-?\d{1,15}(?:\.\d{1,10})?$/,
  action: /^-?\d{1,3}$/,
  error: /^-?\d{1,10}$/,
  sign_time: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/,
  sign_string: /^[0-9a-fA-F]{32}$/,
} as const;

class Malformed extends Error {}

/** The request's fields, or null when one is missing, repeated, malformed or holds text no field holds. */
function readRequest(fields: ClickFields): ClickRequest | null {
  for (const [name, value] of fields) if (value === null || unsafeText.test(name) || unsafeText.test(value)) return null;
  const field = (name: keyof typeof patterns): string => {
    const value = fields.get(name);
    if (typeof value !== 'string' || !patterns[name].test(value)) throw new Malformed(name);
    return value;
  };
  try {
    const action = field('action');
    const clickTransId = field('click_trans_id');
    if (!Number.isSafeInteger(Number(clickTransId))) return null;
    return {
      clickTransId,
      serviceId: field('service_id'),
      clickPaydocId: field('click_paydoc_id'),
      merchantTransId: field('merchant_trans_id'),
      // Complete names (and signs) the prepare id Prepare answered.
      merchantPrepareId: action === String(clickActions.complete) ? field('merchant_prepare_id') : undefined,
      amount: field('amount'),
      action,
      error: Number(field('error')),
      signTime: field('sign_time'),
      signString: field('sign_string'),
    };
  } catch (err) {
    if (err instanceof Malformed) return null;
    throw err;
  }
}

/** Whether Click's decimal text is exactly `uzs` (whole sum): `70000`, `70000.00` are; `70000.01`, `69999.999` are not. */
export function sameAmount(sent: string, uzs: number): boolean {
  const [whole = '', fraction = ''] = sent.split('.');
  return /^0*$/.test(fraction) && BigInt(whole) === BigInt(uzs);
}

/**
 * `merchant_prepare_id` (and `merchant_confirm_id`): the number Click keeps for our payment record,
 * a positive 31-bit integer (Click's `int`) derived from the record's id, so the same payment always
 * answers the same number. Complete is matched by `click_trans_id`, and its prepare id checked
 * against the payment found, so the number need not be unique.
 */
export function merchantPrepareId(payment: Pick<Payment, 'id'>): number {
  return (Number.parseInt(payment.id.replace(/-/g, '').slice(0, 8), 16) % 2_147_483_646) + 1;
}

/**
 * The merchant's answer to a call: `click_trans_id` and `merchant_trans_id` as Click sent them
 * (null when they were not readable), our payment's number with a success only (a refusal has no
 * payment for Click to keep), the code and its note.
 */
export function clickAnswer(action: ClickAction, fields: ClickFields, error: ClickError, payment?: Pick<Payment, 'id'>): ClickAnswer {
  const id = fields.get('click_trans_id');
  const order = fields.get('merchant_trans_id');
  const ours = payment && error === 0 ? merchantPrepareId(payment) : null;
  return {
    click_trans_id: typeof id === 'string' && patterns.click_trans_id.test(id) && Number.isSafeInteger(Number(id)) ? Number(id) : null,
    merchant_trans_id: typeof order === 'string' && patterns.merchant_trans_id.test(order) && !unsafeText.test(order) ? order : null,
    ...(action === clickActions.prepare ? { merchant_prepare_id: ours } : { merchant_confirm_id: ours }),
    error,
    error_note: clickErrors[error],
  };
}

const unpayable = (contract: Contract): ClickError | null => (contract.status === 'awaiting_payment' ? null : contract.status === 'cancelled' ? -9 : -4);

/**
 * Click's SHOP API over `app.payments` (provider `click`, reference `click_trans_id`): Prepare
 * records the payment Click has begun, Complete pays the contract with it (or closes it when Click
 * says the debit failed). Answers are idempotent: the same call again answers the same. A contract
 * paid another way is refused at either step (−4), so Click never debits, or reverses the debit.
 */
export function clickShopApi(app: FastifyInstance) {
  const { serviceId, secretKey } = app.config.click;

  async function prepare(request: ClickRequest): Promise<{ error: ClickError; payment?: Payment }> {
    const contract = await app.contracts.get(request.merchantTransId);
    if (!contract) return { error: -5 };
    if (!sameAmount(request.amount, contract.amount)) return { error: -2 };
    const existing = await app.payments.get('click', request.clickTransId);
    if (existing && existing.contract_id !== contract.id) return { error: -8 };
    // Prepare again for a payment Complete has paid: the same answer.
    if (existing?.state === 'paid') return { error: 0, payment: existing };
    // Closed (declined, refused, given back): still refused, as the order now stands.
    if (existing && existing.state !== 'created') return { error: unpayable(contract) ?? -9 };
    if (request.error < 0) {
      if (existing) await app.payments.fail('click', request.clickTransId, `click error ${request.error}`);
      return { error: -9 };
    }
    const refused = unpayable(contract);
    if (refused !== null) return { error: refused };
    const opened = await app.payments.open({ contractId: contract.id, provider: 'click', reference: request.clickTransId, amount: contract.amount, detail: { click_paydoc_id: request.clickPaydocId } });
    if (opened) return { error: 0, payment: opened.payment };
    // Paid or cancelled in the meantime.
    const now = await app.contracts.get(contract.id);
    return { error: (now && unpayable(now)) ?? -7 };
  }

  async function complete(request: ClickRequest): Promise<{ error: ClickError; payment?: Payment }> {
    const contract = await app.contracts.get(request.merchantTransId);
    if (!contract) return { error: -5 };
    const payment = await app.payments.get('click', request.clickTransId);
    if (!payment || payment.contract_id !== contract.id || String(merchantPrepareId(payment)) !== request.merchantPrepareId) return { error: -6 };
    if (!sameAmount(request.amount, payment.amount)) return { error: -2 };
    if (payment.state === 'paid') {
      if (request.error < 0) app.log.warn({ payment: payment.id, clickError: request.error }, 'click reported a failure for a payment it had completed');
      return request.error < 0 ? { error: -4 } : { error: 0, payment };
    }
    // Closed before: the same refusal again (−4 while the contract stands paid another way).
    if (payment.state !== 'created') return { error: request.error < 0 ? -9 : (unpayable(contract) ?? -9) };
    if (request.error < 0) {
      // Click could not debit the card: the page then says the card was declined.
      await app.payments.fail('click', request.clickTransId, declinedFailure);
      return { error: -9 };
    }
    const settlement = await app.payments.settle('click', request.clickTransId, { click_paydoc_id: request.clickPaydocId, completed_at: request.signTime });
    if (settlement.outcome === 'paid' || settlement.outcome === 'already') return { error: 0, payment };
    if (settlement.reason === 'amount') return { error: -2 };
    if (settlement.reason === 'unknown') return { error: -6 };
    // Paid another way, or cancelled, while Click debited: refused, so Click gives the money back.
    await app.payments.fail('click', request.clickTransId, settlement.reason === 'cancelled' ? 'the contract was cancelled' : 'the contract was paid another way');
    return { error: settlement.reason === 'cancelled' ? -9 : -4 };
  }

  return {
    /** Answers one Prepare (`action` 0) or Complete (`action` 1) call as received at that action's address. */
    async handle(action: ClickAction, fields: ClickFields | null): Promise<ClickAnswer> {
      const given = fields ?? new Map<string, string | null>();
      const request = fields ? readRequest(fields) : null;
      if (!request) return clickAnswer(action, given, -8);
      if (!clickSignMatches(request, secretKey, request.signString)) return clickAnswer(action, given, -1);
      if (request.action !== String(action)) return clickAnswer(action, given, -3);
      if (request.serviceId !== serviceId) return clickAnswer(action, given, -8);
      try {
        const outcome = action === clickActions.prepare ? await prepare(request) : await complete(request);
        return clickAnswer(action, given, outcome.error, outcome.payment);
      } catch (err) {
        app.log.error({ err, action }, 'click shop api call failed');
        return clickAnswer(action, given, -7);
      }
    },
  };
}
