import type { FastifyInstance } from 'fastify';
import { html, page } from '../../html';

/**
 * `GET /pay/<provider>/<contract_id>`: the link the save answer gives for a provider whose payment
 * page must first be made by a call (Octo, Alif, the bank's hosted page): it makes it and sends the
 * visitor there. A link, not a call, so the page needs no script for it and it works from anywhere
 * the visitor opens it; making the same payment again is the provider's and the adapter's business.
 */
export default async function payRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { provider: string; contractId: string } }>(
    '/:provider/:contractId',
    { config: { docs: { summary: 'Starts a payment at a provider whose page needs a call first (Octo, Alif, the hosted page) and redirects the visitor there' } } },
    async (request, reply) => {
      const provider = app.payments.provider(request.params.provider);
      const contract = await app.contracts.get(request.params.contractId.slice(0, 64));
      reply.header('Cache-Control', 'no-store');
      if (!provider?.start || !contract) {
        return reply.code(404).type('text/html; charset=utf-8').send(page('Not found', html`<h1>Toʻlov havolasi topilmadi / Ссылка на оплату не найдена / Payment link not found</h1>`));
      }
      if (contract.status !== 'awaiting_payment') return reply.code(303).header('Location', contract.return_url).send();
      return reply.code(303).header('Location', await provider.start(app, contract)).send();
    },
  );
}
