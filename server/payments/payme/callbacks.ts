import type { FastifyInstance } from 'fastify';

/**
 * `POST /api/payme`: the Payme merchant endpoint, with Payme's own `Paycom:<key>` credential.
 * Payme expects JSON-RPC answers (HTTP 200) even for unparsable bodies, so this scope reads the
 * body as text and leaves parsing to the service.
 */
export async function paymeCallbacks(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post<{ Body: string | undefined }>('/payme', { config: { docs: { summary: 'Payme merchant API (JSON-RPC 2.0): CheckPerformTransaction, CreateTransaction, PerformTransaction, CancelTransaction, CheckTransaction, GetStatement' } } }, async (request) => app.payme.handle(request.body ?? '', request.headers.authorization));
}
