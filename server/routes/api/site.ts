import type { FastifyInstance } from 'fastify';
import { personLookupCall } from '../../../products/sale';
import { AppError, ok } from '../../envelope';
import { cachedRead } from '../../lib/cached-read';
import { serveCall } from '../../lib/calls';
import { referenceDataCacheMs } from '../../plugins/app/tariffs';

/** Site-wide calls: redirect lookup, contract status and the person lookup (schemas/api/site). */
export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  // Asked before every navigation and changed by hand: each instance keeps the table a minute, like tariffs.
  const redirects = cachedRead(async () => {
    const rows = await app.db.selectFrom('redirects').select(['from_path', 'to_url', 'status']).execute();
    return new Map(rows.map((row) => [row.from_path, row]));
  }, referenceDataCacheMs);

  app.get<{ Querystring: { path: string } }>(
    '/redirects',
    {
      config: { docs: { summary: 'Where an old page address moved (asked before every navigation); to: null when it did not', response: 'site/redirects.response' } },
      schema: { querystring: app.apiSchema('site/redirects.query') },
    },
    async (request, reply) => {
      const row = (await redirects()).get(request.query.path);
      // Asked before every navigation: let browsers and CDNs reuse the answer for a while.
      reply.header('Cache-Control', 'private, max-age=300');
      return ok({ to: row?.to_url ?? null, status: row?.status ?? 301 });
    },
  );

  app.post<{ Body: { contract_id: string } }>(
    '/sayt/contract/check',
    {
      config: { docs: { summary: 'A contract\'s status, of any product, and its policy once issued', response: 'site/contract-check.response' } },
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
}
