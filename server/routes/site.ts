import type { FastifyInstance } from 'fastify';
import { AppError, ok } from '../envelope';

/** Site-wide calls: redirect lookup and contract status (schemas/api/site). */
export default async function siteRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Querystring: { path: string } }>(
    '/redirects',
    { schema: { querystring: app.apiSchema('site/redirects.query') } },
    async (request, reply) => {
      const row = await app.db.selectFrom('redirects').select(['to_url', 'status']).where('from_path', '=', request.query.path).executeTakeFirst();
      // Asked before every navigation: let browsers and CDNs reuse the answer for a while.
      reply.header('Cache-Control', 'private, max-age=300');
      return ok({ to: row?.to_url ?? null, status: row?.status ?? 301 });
    },
  );

  app.post<{ Body: { contract_id: string } }>(
    '/sayt/contract/check',
    { schema: { body: app.apiSchema('site/contract-check.request') } },
    async (request) => {
      const view = await app.contracts.view(request.body.contract_id);
      if (!view) throw new AppError(404, 'contract not found');
      return ok(view);
    },
  );
}
