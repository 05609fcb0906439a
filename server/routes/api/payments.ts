import type { FastifyInstance } from 'fastify';
import type { CheckRequest } from '../../../products/kit/api/common-api.generated';
import { AppError, ok } from '../../envelope';
import { checkContract, readCheck } from '../../lib/contract-check';
import { reading } from '../../lib/calls';

/**
 * The site API's payment calls that are the same for every product: the terms accepted on the
 * payment step, the check of any product's contract, and each provider's own calls (the card and
 * its SMS code, the bill to the Payme app, the hosted page, Alif's invoice).
 */
export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { contract_id: string; lang: 'uz' | 'en' | 'ru' } }>(
    '/sayt/contract/terms',
    {
      config: { docs: { summary: 'Records that the visitor accepted the contract\'s terms (the insurer\'s public offer) on the payment step; the first acceptance stands', response: 'payment/terms.response' } },
      schema: { body: app.apiSchema('payment/terms.request') },
    },
    async (request) => {
      const at = await app.payments.acceptTerms(request.body.contract_id, request.body.lang);
      if (!at) throw new AppError(404, 'contract not found');
      if (at === 'closed') throw new AppError(409, 'the contract is no longer awaiting payment: its terms are accepted before paying', { field: '/contract_id' });
      return ok({ accepted_at: at.toISOString() });
    },
  );

  app.post<{ Body: CheckRequest }>(
    '/sayt/contract/check-universal',
    {
      config: { docs: { summary: 'The policy of any product\'s contract once paid, by contract_id or by order_id among the caller\'s own (unpaid: error 1, payment_not_made)', response: 'common/check.response' } },
      ...reading(app, null, app.apiSchema('common/check.request'), readCheck),
      schema: { body: app.apiSchema('common/check.request') },
    },
    (request) => checkContract(app, request.body, request.channel),
  );

  for (const provider of app.payments.providers) {
    if (provider.api) await app.register(provider.api);
  }
}
