import type { FastifyInstance } from 'fastify';
import { companyLookupCall, personLookupCall } from '../../../products/kit/sale/sale';
import { AppError, ok } from '../../envelope';
import { reading, serveCall } from '../../lib/calls';

/** Site-wide calls: redirect lookup, contract status, the person lookup and the company lookup (schemas/api/site). */
export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { path: string } }>(
    '/redirects',
    {
      config: { docs: { summary: 'Where an old page address moved (asked before every navigation); to: null when it did not', response: 'site/redirects.response' } },
      schema: { querystring: app.apiSchema('site/redirects.query') },
    },
    async (request, reply) => {
      const row = await app.redirects.of(request.query.path);
      // Asked before every navigation: let browsers and CDNs reuse the answer for a while.
      reply.header('Cache-Control', 'private, max-age=300');
      return ok({ to: row?.to_url ?? null, status: row?.status ?? 301 });
    },
  );

  app.post<{ Body: { contract_id: string } }>(
    '/sayt/contract/check',
    {
      config: { docs: { summary: 'A contract\'s status, of any product, and its policy once issued', response: 'site/contract-check.response' } },
      ...reading(app, null, app.apiSchema('site/contract-check.request')),
      schema: { body: app.apiSchema('site/contract-check.request') },
    },
    async (request) => {
      const view = await app.contracts.view(request.body.contract_id);
      if (!view) throw new AppError(404, 'contract not found');
      return ok(view);
    },
  );

  // The site-wide person lookup (birthday DD.MM.YYYY); travel has its own at its own path.
  serveCall(app, personLookupCall('/sayt/getPerson', { request: 'site/get-person.request', response: 'site/get-person.response' }), null);
  // The tax registry by INN (requirements §7 names it with job loss; the car products' legal-entity owners use it too).
  serveCall(app, companyLookupCall('/osgor_neo/inn', { request: 'site/company.request', response: 'site/company.response' }), null);
}
