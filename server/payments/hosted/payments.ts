import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { InitializeRequest } from '../../../products/kit/api/payment-api.generated';
import type { Contract, Payment } from '../../db/database';
import { ok, refusal } from '../../envelope';
import { maskPersonalData } from '../../logging';
import { somToTiyin } from '../amounts';
import { returnUrl } from '../links';
import { payableContract } from '../payable';
import { declinedFailure } from '../provider';
import { checkoutLang, checkoutTexts } from '../sandbox-checkout';
import { providerTransport } from '../transport';
import { hostedHttpGateway, type HostedGateway } from './gateway';

/** The bank's hosted page as this server is configured: the assumed protocol, at the bank's address or the stand-in's. */
export function hostedGateway(app: FastifyInstance): HostedGateway {
  const { apiUrl, merchantId, apiKey, secret } = app.config.hosted;
  return hostedHttpGateway(providerTransport(app, apiUrl), { url: apiUrl, merchantId, apiKey, secret });
}

/** Where the bank notifies us (`callbacks.ts`). */
export const hostedNotifyPath = '/api/hosted/notify';

/**
 * Initializes a payment page at the bank for the contract (in tiyin, in the shop page's language,
 * under an order id of ours per attempt) and opens it as our payment under the bank's payment id:
 * the page's address, or null when the contract stopped being payable meanwhile.
 */
async function initialize(app: FastifyInstance, contract: Contract): Promise<string | null> {
  const lang = checkoutLang(contract.return_url);
  const orderId = randomUUID();
  const { paymentId, paymentUrl } = await hostedGateway(app).initialize({
    orderId,
    amount: somToTiyin(contract.amount),
    description: `${checkoutTexts[lang].order} ${contract.order_id}`,
    language: lang,
    returnUrl: returnUrl(app.config, contract),
    notifyUrl: `${app.config.publicUrl}${hostedNotifyPath}`,
  });
  const opened = await app.payments.open({ contractId: contract.id, provider: 'hosted', reference: paymentId, amount: contract.amount, detail: { order_id: orderId } });
  return opened ? paymentUrl : null;
}

/** `start`: the page made when the visitor follows the `hosted_url` link. */
export async function startHosted(app: FastifyInstance, contract: Contract): Promise<string> {
  return (await initialize(app, contract)) ?? returnUrl(app.config, contract);
}

/** `POST /api/payment/initialize` (requirements §7): the bank's page for the contract, for a partner's page or app. */
export async function hostedApiCalls(app: FastifyInstance): Promise<void> {
  app.post<{ Body: InitializeRequest }>(
    '/payment/initialize',
    {
      schema: { body: app.apiSchema('payment/initialize.request') },
      config: { idempotent: true, docs: { summary: 'The bank\'s hosted payment page for the contract: payment_url, where the payer pays by card', response: 'payment/initialize.response' } },
    },
    async (request) => {
      const { contract, refused } = await payableContract(app, request.body.contract_id);
      if (refused) return refused;
      try {
        const url = await initialize(app, contract);
        return url ? ok({ payment_url: url }) : refusal(1, 'contract_not_payable');
      } catch (err) {
        request.log.warn({ error: maskPersonalData(err instanceof Error ? err.message : String(err)) }, 'hosted payment page not made');
        return refusal(1, 'payment_unavailable');
      }
    },
  );
}

/**
 * What the bank says of a payment (a notification is only the cue to ask): paid to the tiyin
 * settles; paid another amount is given back at once and the chat told; a declined card closes the
 * payment as declined (the payer may try another card on the same page, which then settles).
 */
export async function hostedStatus(app: FastifyInstance, payment: Payment): Promise<'paid' | 'failed' | 'pending'> {
  const bank = hostedGateway(app);
  const { status, amount } = await bank.status(payment.reference);
  switch (status) {
    case 'paid':
      if (amount === somToTiyin(payment.amount)) return 'paid';
      await bank.refund(payment.reference);
      await app.payments.refunded('hosted', payment.reference, 'the bank took another amount than the contract\'s');
      return 'failed';
    case 'declined':
      await app.payments.fail('hosted', payment.reference, declinedFailure);
      return 'failed';
    case 'expired':
    case 'refunded':
      return 'failed';
    default:
      return 'pending';
  }
}

export async function hostedRefund(app: FastifyInstance, payment: Payment): Promise<void> {
  await hostedGateway(app).refund(payment.reference);
}
