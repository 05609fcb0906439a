import type { FastifyInstance } from 'fastify';
import type { AlifInvoiceRequest } from '../../../products/kit/api/payment-api.generated';
import type { AppConfig } from '../../config';
import type { Contract, Payment } from '../../db/database';
import { ok, refusal } from '../../envelope';
import { maskPersonalData } from '../../logging';
import { somToTiyin } from '../amounts';
import { returnUrl } from '../links';
import { payableContract } from '../payable';
import { declinedFailure, PaymentNotStarted } from '../provider';
import { checkoutLang, type CheckoutLang } from '../sandbox-checkout';
import { providerTransport } from '../transport';
import { alifAmounts, alifApi, alifDeclined, type AlifApi } from './client';

/** The client of Alif's API as this server is configured (its sandbox stand-in by default). */
export function alifClient(app: FastifyInstance): AlifApi {
  const { apiUrl, token } = app.config.alif;
  return alifApi(providerTransport(app, apiUrl), { url: apiUrl, token });
}

/** Where Alif calls us when an invoice's payment changes (`callbacks.ts`). */
export const alifWebhookPath = '/api/alif/webhook';

/** How long an invoice may be paid in, in seconds: the visitor has an hour on Alif's page. */
export const alifInvoiceTimeout = 3600;

/** Alif's checkout page of an invoice (`checkout.alifpay.uz/?invoice=<id>` in production). */
export const alifCheckoutUrl = (config: AppConfig, id: string) => `${config.alif.checkoutUrl}/?invoice=${encodeURIComponent(id)}`;

/** Whether Alif takes the contract's amount (500 to 200 000 000 som). */
export function alifTakes(contract: Pick<Contract, 'amount'>): boolean {
  const tiyin = somToTiyin(contract.amount);
  return tiyin >= alifAmounts.min && tiyin <= alifAmounts.max;
}

const itemNames: Record<CheckoutLang, (order: string) => string> = {
  uz: (order) => `Sugʻurta polisi, ${order}-buyurtma`,
  ru: (order) => `Страховой полис, заказ ${order}`,
  en: (order) => `Insurance policy, order ${order}`,
};

/**
 * Creates an Alif invoice for the contract (one item, the policy, in tiyin) and opens it as our
 * payment under the invoice id: its checkout address, or null when the contract stopped being
 * payable meanwhile. An amount Alif does not take is refused before Alif is asked.
 */
async function createInvoice(app: FastifyInstance, contract: Contract, phone?: string): Promise<{ id: string; url: string } | null> {
  if (!alifTakes(contract)) throw new PaymentNotStarted('amount', `Alif takes ${alifAmounts.min / 100} to ${alifAmounts.max / 100} som`);
  const back = returnUrl(app.config, contract);
  const { id } = await alifClient(app).createInvoice({
    items: [{ name: itemNames[checkoutLang(contract.return_url)](String(contract.order_id)), amount: 1, price: somToTiyin(contract.amount) }],
    phone,
    redirectUrl: back,
    cancelUrl: back,
    webhookUrl: `${app.config.publicUrl}${alifWebhookPath}`,
    // The insurer issues the policy's fiscal receipt itself, not the payment provider.
    receipt: false,
    timeout: alifInvoiceTimeout,
    meta: { contract_id: contract.id, order_id: String(contract.order_id) },
  });
  const opened = await app.payments.open({ contractId: contract.id, provider: 'alif', reference: id, amount: contract.amount });
  return opened ? { id, url: alifCheckoutUrl(app.config, id) } : null;
}

/** `start`: the invoice made when the visitor follows the `alif_url` link, and its checkout. */
export async function startAlif(app: FastifyInstance, contract: Contract): Promise<string> {
  return (await createInvoice(app, contract))?.url ?? returnUrl(app.config, contract);
}

/** `POST /api/alifpay/createAlifInvoice` (requirements §7): the invoice and its checkout address, for a partner's page or app. */
export async function alifApiCalls(app: FastifyInstance): Promise<void> {
  app.post<{ Body: AlifInvoiceRequest }>(
    '/alifpay/createAlifInvoice',
    {
      schema: { body: app.apiSchema('payment/alif-invoice.request') },
      config: { idempotent: true, docs: { summary: 'An Alif invoice for the contract, payable on Alif\'s page by card or in Nasiya instalments (500 to 200 000 000 som; outside: error 1, amount_out_of_range)', response: 'payment/alif-invoice.response' } },
    },
    async (request) => {
      const { contract, refused } = await payableContract(app, request.body.contract_id);
      if (refused) return refused;
      if (!alifTakes(contract)) return refusal(1, 'amount_out_of_range', { min_amount: alifAmounts.min / 100, max_amount: alifAmounts.max / 100 });
      try {
        const made = await createInvoice(app, contract, request.body.phone);
        return made ? ok({ invoice_id: made.id, payment_url: made.url }) : refusal(1, 'contract_not_payable');
      } catch (err) {
        request.log.warn({ error: maskPersonalData(err instanceof Error ? err.message : String(err)) }, 'Alif invoice not made');
        return refusal(1, 'payment_unavailable');
      }
    },
  );
}

/**
 * What Alif says of an invoice, read with getInvoice (a webhook is only the cue to ask): paid to the
 * tiyin settles; paid another amount is given back at once and the chat told; a refused card closes
 * the payment as declined (the payer may still pay the same invoice with another card: it then
 * settles); an invoice nobody paid within its time closes.
 */
export async function alifStatus(app: FastifyInstance, payment: Payment): Promise<'paid' | 'failed' | 'pending'> {
  const api = alifClient(app);
  const invoice = await api.getInvoice(payment.reference);
  if (invoice.status === 'SUCCEEDED') {
    if (invoice.amount === somToTiyin(payment.amount)) return 'paid';
    await api.refundInvoice(payment.reference);
    await app.payments.refunded('alif', payment.reference, 'Alif took another amount than the contract\'s');
    return 'failed';
  }
  if (invoice.status === 'REVERTED') return 'failed';
  if (invoice.status && alifDeclined.includes(invoice.status)) {
    await app.payments.fail('alif', payment.reference, declinedFailure);
    return 'failed';
  }
  const expired = Date.now() > payment.created_at.getTime() + (alifInvoiceTimeout + 300) * 1000;
  return invoice.status === null && expired ? 'failed' : 'pending';
}

/** Gives a paid invoice back (refundInvoice, the whole of it). */
export async function alifRefund(app: FastifyInstance, payment: Payment): Promise<void> {
  await alifClient(app).refundInvoice(payment.reference);
}
