import type { FastifyInstance } from 'fastify';
import { paymeUrl } from '../payme/link';
import type { PaymentProvider } from '../provider';
import { clickCallbacks } from './callbacks';
import { clickUrl } from './link';

/**
 * Click's payment link and its SHOP API (Prepare/Complete under /api/click). Until its sandbox page
 * calls that API, the sandbox's Click page hands the visitor to the sandbox checkout, which pays
 * through Payme's protocol.
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
  callbacks: clickCallbacks,
  sandbox: clickSandbox,
};
