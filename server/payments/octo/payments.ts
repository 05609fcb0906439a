import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Contract, Payment } from '../../db/database';
import { maskPersonalData } from '../../logging';
import { somToTiyin } from '../amounts';
import { returnUrl } from '../links';
import { checkoutLang, checkoutTexts } from '../sandbox-checkout';
import { providerTransport, ProviderUnavailable } from '../transport';
import { octoApi, tashkentTime, type OctoApi } from './client';

/** The client of Octo's API as this server is configured (its sandbox stand-in by default). */
export function octoClient(app: FastifyInstance): OctoApi {
  const { apiUrl, shopId, secret, test } = app.config.octo;
  return octoApi(providerTransport(app, apiUrl), { url: apiUrl, shopId, secret, test });
}

/** Where Octo notifies us of a payment's status (`callbacks.ts`). */
export const octoNotifyPath = '/api/octo/notify';

/** Our id of an Octo payment (its `shop_transaction_id`), kept with the payment when it was opened. */
function shopTransactionId(payment: Payment): string {
  const id = payment.detail.shop_transaction_id;
  if (typeof id !== 'string') throw new Error(`Octo payment ${payment.id} has no shop_transaction_id`);
  return id;
}

/** A page address Octo gave, if it is one a browser may be sent to. */
function pageAddress(url: string): string {
  try {
    if (['https:', 'http:'].includes(new URL(url).protocol)) return url;
  } catch {
    // Not a URL: said below.
  }
  throw new ProviderUnavailable('Octo prepare_payment: no pay page address');
}

/**
 * Prepares an Octo payment for the contract (two-stage: Octo holds the money until we capture it),
 * opens it as ours under Octo's payment UUID, and answers Octo's pay page in the shop page's language.
 */
export async function startOcto(app: FastifyInstance, contract: Contract): Promise<string> {
  const lang = checkoutLang(contract.return_url);
  const id = randomUUID();
  const prepared = await octoClient(app).prepare({
    shopTransactionId: id,
    amount: somToTiyin(contract.amount),
    description: `${checkoutTexts[lang].order} ${contract.order_id}`,
    returnUrl: returnUrl(app.config, contract),
    notifyUrl: `${app.config.publicUrl}${octoNotifyPath}`,
    language: lang,
    initTime: tashkentTime(),
  });
  const opened = await app.payments.open({ contractId: contract.id, provider: 'octo', reference: prepared.uuid, amount: contract.amount, detail: { shop_transaction_id: id } });
  // Paid or cancelled meanwhile: the shop's page says which; the payment made at Octo is never paid.
  if (!opened) return returnUrl(app.config, contract);
  return pageAddress(prepared.payUrl);
}

/**
 * What Octo says of a payment, read again from Octo (a notification's signature covers neither the
 * amount nor our id, so it is never taken at its word). A held payment is decided here, once, under
 * the contract's lock: the contract is paid by it first (`settle`), then the hold is captured; if the
 * contract cannot take it (paid another way, cancelled), the hold is released and no money moves.
 */
export async function octoStatus(app: FastifyInstance, payment: Payment): Promise<'paid' | 'failed' | 'pending'> {
  const api = octoClient(app);
  const read = await api.status(shopTransactionId(payment));
  if (read.uuid !== payment.reference) throw new ProviderUnavailable('Octo answered another payment for our id');
  const amount = somToTiyin(payment.amount);
  const amountRight = read.amount === amount;
  switch (read.status) {
    case 'waiting_for_capture': {
      if (!amountRight) {
        await api.setAccept(payment.reference, 'cancel', amount);
        await app.payments.fail('octo', payment.reference, 'Octo held another amount; the hold was released');
        return 'failed';
      }
      const settlement = await app.payments.settle('octo', payment.reference);
      if (settlement.outcome === 'refused') {
        await api.setAccept(payment.reference, 'cancel', amount);
        if (settlement.reason === 'paid-otherwise' || settlement.reason === 'cancelled') {
          await app.payments.refunded('octo', payment.reference, `the hold was released: the contract was ${settlement.reason === 'cancelled' ? 'cancelled' : 'paid another way'}`);
        } else {
          await app.payments.fail('octo', payment.reference, `the hold was released: ${settlement.reason}`);
        }
        return 'failed';
      }
      try {
        await api.setAccept(payment.reference, 'capture', amount);
      } catch (err) {
        // The policy is issued: the hold must be taken. A retried notification captures it again
        // (settling twice is "already"); the first failure is also told to the chat.
        if (settlement.outcome === 'paid') {
          const why = maskPersonalData(err instanceof Error ? err.message : String(err));
          await app.outbox.enqueue('failure', `Octo: order ${settlement.contract.order_id} is paid and its policy issued, but Octo's hold (payment ${payment.reference}) was not captured: ${why}. Capture it in Octo's cabinet if Octo does not retry.`);
        }
        throw err;
      }
      return 'paid';
    }
    case 'succeeded':
      if (amountRight) return 'paid';
      app.log.error({ payment: payment.id }, 'Octo says a payment took another amount than ours; left open for a person to look at');
      return 'pending';
    case 'canceled':
    case 'refunded':
    case 'partially_refunded':
      return 'failed';
    default:
      return 'pending';
  }
}

/** Gives back an Octo payment: a hold is released, a taken payment refunded (our payment id makes a repeat the same refund). */
export async function octoRefund(app: FastifyInstance, payment: Payment): Promise<void> {
  const api = octoClient(app);
  const read = await api.status(shopTransactionId(payment));
  const amount = somToTiyin(payment.amount);
  if (read.status === 'waiting_for_capture') {
    await api.setAccept(payment.reference, 'cancel', amount);
    return;
  }
  if (read.status !== 'succeeded') return;
  const refunded = await api.refund(payment.reference, payment.id, amount);
  if (refunded === 'failed') throw new ProviderUnavailable(`Octo refused to refund payment ${payment.id}`);
}
