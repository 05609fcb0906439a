import type { FastifyInstance } from 'fastify';
import { paymeUrl } from '../payme/link';
import type { PaymentProvider } from '../provider';
import { clickUrl } from './link';

/**
 * Click's payment link. Its SHOP API (Prepare/Complete) is not served yet: until it is, the
 * sandbox's Click page hands the visitor to the sandbox checkout, which pays through Payme's protocol.
 */
async function clickSandbox(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { transaction_param?: string } }>('/services/pay', { config: { docs: { summary: 'Sandbox stand-in for the Click payment page' } } }, async (request, reply) => {
    const contract = await app.contracts.get(String(request.query.transaction_param ?? ''));
    if (!contract) return reply.code(404).type('text/plain; charset=utf-8').send('Order not found');
    return reply.code(303).header('Location', new URL(paymeUrl(app.config, contract)).pathname).send();
  });
}

export const click: PaymentProvider = {
  id: 'click',
  link: (app, contract) => clickUrl(app.config, contract),
  sandbox: clickSandbox,
};
