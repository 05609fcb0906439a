import type { FastifyInstance } from 'fastify';
import { unpaidCheckCode, type CheckReading } from '../../products/kit/api/check-readings';
import type { CheckRequest, CheckResponse } from '../../products/kit/api/common-api.generated';
import { isRecord } from '../../engine/is-record';
import { defined } from '../../products/kit/sale/request-reader';
import { isoToDmy } from '../../products/kit/api/api-format';
import { AppError, ok, refusal, type Envelope } from '../envelope';

/**
 * A check as partner clients send it: whatever they add beside the contract or the order (a `lang`,
 * their own reference) left out, as a check reads nothing else. (The order as a number, and the
 * names' other spellings, are the reading every call shares.)
 */
export function readCheck(body: unknown): unknown {
  if (!isRecord(body)) return body;
  return defined({ contract_id: body.contract_id, order_id: body.order_id });
}

/** The paid check, under the names every partner client reads (common/check.response.json); a vehicle's policy with its plate. */
function checkAnswer(number: string, pdfUrl: string, period: { begin: string; end: string }, plate: string | null): CheckResponse {
  const [seria = '', digits = ''] = number.split(' ');
  return {
    check: true, policy_number: number, polis_seria: seria, polis_number: digits, pdf_url: pdfUrl, url: pdfUrl, begin_date: isoToDmy(period.begin, '.'), end_date: isoToDmy(period.end, '.'),
    ...(plate ? { gos_number: plate } : {}),
  };
}

/**
 * A contract's payment check, by `contract_id` or by `order_id` among the caller's own orders: the
 * policy once paid; unpaid, error 1 `payment_not_made` (with `last_payment: "declined"` when the
 * card was refused, so the page can say so); a product whose check is read otherwise (`reading`,
 * sport and documents) gets its own unpaid code. `product` limits it to one product's contracts.
 */
export async function checkContract(app: FastifyInstance, body: CheckRequest, channel: string, product?: string, reading: CheckReading = 'standard'): Promise<Envelope> {
  const { contract_id: contractId, order_id: orderId } = body;
  const key = contractId ? { id: contractId } : { orderId: orderId ?? '', channel };
  let contract = await app.contracts.withPolicy(key);
  if (!contract || (product !== undefined && contract.product !== product)) throw new AppError(404, 'contract not found');
  // Both named: they must be the same contract's, or the caller would read one while meaning the other.
  if (contractId && orderId && String(contract.order_id) !== orderId) throw new AppError(400, 'body/order_id is not the order of body/contract_id', { field: '/order_id' });
  if (contract.status === 'awaiting_payment') {
    // A bill paid in the Payme app tells nobody: its provider is asked before the answer is "unpaid".
    await app.payments.refresh(contract.id);
    contract = (await app.contracts.withPolicy(key)) ?? contract;
  }
  if (contract.status !== 'issued' || !contract.policy_id || !contract.policy_number || !contract.begin_date || !contract.end_date) {
    return refusal(unpaidCheckCode[reading], 'payment_not_made', (await app.payments.lastDeclined(contract.id)) ? { last_payment: 'declined' } : null);
  }
  return ok(checkAnswer(contract.policy_number, app.policies.pdfUrl(contract.policy_id), { begin: contract.begin_date, end: contract.end_date }, contract.plate));
}
