import type { FastifyInstance } from 'fastify';
import type { Payment } from '../../db/database';
import type { PaymentProvider } from '../provider';
import { paymeSubscribe, subscribeApiCalls } from './api';
import { receiptCancelled, receiptPaid } from './client';
import { invoiceSandbox, subscribeSandbox } from './sandbox';

/** A receipt's state as the reconciliation job reads it. */
async function receiptStatus(app: FastifyInstance, payment: Payment): Promise<'paid' | 'failed' | 'pending'> {
  const { state } = await paymeSubscribe(app).receiptsCheck(payment.reference);
  if (state === receiptPaid) return 'paid';
  return state === receiptCancelled ? 'failed' : 'pending';
}

async function cancelReceipt(app: FastifyInstance, payment: Payment): Promise<void> {
  await paymeSubscribe(app).receiptsCancel(payment.reference);
}

/**
 * A Uzcard or Humo card paid in the page with its SMS code (Payme's Subscribe API: cards, then a
 * receipt paid with the card's token). Its calls of the site API serve the bill by phone too.
 */
export const card: PaymentProvider = {
  id: 'card',
  api: subscribeApiCalls,
  sandbox: subscribeSandbox,
  status: receiptStatus,
  refund: cancelReceipt,
};

/**
 * The bill sent to the payer's Payme app by phone (receipts.create + receipts.send): paid in the app,
 * which tells us nothing; the shop asks (receipts.check) when the page checks the contract.
 */
export const invoice: PaymentProvider = {
  id: 'invoice',
  sandbox: invoiceSandbox,
  status: receiptStatus,
  refund: cancelReceipt,
  checksOnDemand: true,
};
