import type { FastifyInstance } from 'fastify';

/**
 * `POST /api/payme`: the Payme merchant endpoint, with Payme's own `Paycom:<key>` credential.
 * Payme expects JSON-RPC answers (HTTP 200) even for unparsable bodies, so this scope reads the
 * body as text and leaves parsing to the service.
 */
export async function paymeCallbacks(app: FastifyInstance): Promise<void> {
  app.removeContentTypeParser('application/json');
  // Any content type: whatever Payme sends is answered in JSON-RPC, a body that is not JSON with a parse error.
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  // What fails before the service sees the body (one over the size limit, one cut off) is a parse error too, not an HTTP error.
  app.setErrorHandler(async (_error, request, reply) => reply.code(200).send(await app.payme.handle('', request.headers.authorization)));
  app.post<{ Body: string | undefined }>('/payme', { config: { docs: { summary: 'Payme merchant API (JSON-RPC 2.0): CheckPerformTransaction, CreateTransaction, PerformTransaction, CancelTransaction, CheckTransaction, GetStatement', callback: 'paycom' } } }, async (request) => app.payme.handle(request.body ?? '', request.headers.authorization));
}
