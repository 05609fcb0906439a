import type { FastifyInstance } from 'fastify';
import { todayInTashkent } from '../../dates';
import type { Payment } from '../../db/database';
import type { PaymentProvider } from '../provider';
import { providerTransport } from '../transport';
import { clickCallbacks } from './callbacks';
import { clickUrl } from './link';
import { clickMerchantApi, clickPaymentStatus, type ClickMerchantApi } from './merchant-api';
import { clickSandbox } from './sandbox';

/** Click's merchant API as this server is configured (its sandbox stand-in by default). */
export function clickApi(app: FastifyInstance): ClickMerchantApi {
  const { apiUrl, serviceId, merchantUserId, secretKey } = app.config.click;
  return clickMerchantApi(providerTransport(app, apiUrl), { url: apiUrl, serviceId, merchantUserId, secretKey });
}

/**
 * How long after Prepare Click may still complete a payment: one Click has no record of by then
 * (the payer left its page) will never be, and is closed, so it stops being asked about.
 */
export const clickAbandonedAfterMs = 60 * 60_000;

const dayMs = 86_400_000;

/** Click's payment id of a payment of ours (Prepare's `click_paydoc_id`, kept in its detail). */
const paydocOf = (payment: Payment) => {
  const id = payment.detail.click_paydoc_id;
  return typeof id === 'string' ? id : null;
};

/**
 * What Click says of a payment whose Complete has not arrived: Click's payment of the order on the
 * day of Prepare (or the next, when the day turned before the debit), `status_by_mti`; when it is
 * ours, its `payment_status` (2 paid, below zero failed). None, or another payment of the order:
 * ours did not go through at Click, pending until Click could no longer complete it.
 */
async function clickStatus(app: FastifyInstance, payment: Payment): Promise<'paid' | 'failed' | 'pending'> {
  const api = clickApi(app);
  const ours = paydocOf(payment);
  const created = payment.created_at.getTime();
  const next = todayInTashkent(new Date(created + dayMs));
  const days = [todayInTashkent(new Date(created)), ...(next <= todayInTashkent() ? [next] : [])];
  for (const day of days) {
    const found = await api.paymentByMti(payment.contract_id, day);
    if (found === null || found !== ours) continue;
    const status = await api.paymentStatus(found);
    if (status === clickPaymentStatus.paid) return 'paid';
    return status < 0 ? 'failed' : 'pending';
  }
  return Date.now() - created > clickAbandonedAfterMs ? 'failed' : 'pending';
}

/** Gives back a Click payment that took money for a contract paid another way (Click's reversal). */
async function clickRefund(app: FastifyInstance, payment: Payment): Promise<void> {
  const ours = paydocOf(payment);
  if (!ours) throw new Error(`click payment ${payment.id} has no Click payment id`);
  await clickApi(app).reverse(ours);
}

/**
 * Click: the payment link (my.click.uz/services/pay), the SHOP API Click calls (Prepare and
 * Complete under /api/click), its sandbox page and merchant API stand-in, and what reconciliation
 * and refunds ask of Click's merchant API (server/payments/README.md).
 */
export const click: PaymentProvider = {
  id: 'click',
  link: (app, contract) => clickUrl(app.config, contract),
  callbacks: clickCallbacks,
  sandbox: clickSandbox,
  status: clickStatus,
  refund: clickRefund,
};
