import type { FastifyInstance } from 'fastify';
import { paynetMerchant } from './merchant';

/**
 * `POST /api/paynet`: the endpoint Paynet calls, with the Basic credential we gave it. Paynet
 * expects JSON-RPC answers (HTTP 200) even for bodies it could not have meant, so this scope reads
 * any body as text, whatever its content type says, and leaves parsing to the protocol; only a
 * wrong credential is HTTP 401.
 */
export async function paynetCallbacks(app: FastifyInstance): Promise<void> {
  const merchant = paynetMerchant(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  app.post<{ Body: string | undefined }>(
    '/paynet',
    { config: { docs: { summary: 'Paynet provider protocol (JSON-RPC 2.0, HTTP Basic): GetInformation, PerformTransaction, CheckTransaction, CancelTransaction, GetStatement', callback: 'paynet' } } },
    async (request, reply) => {
      const { status, body } = await merchant.handle(typeof request.body === 'string' ? request.body : '', request.headers.authorization);
      if (status === 401) reply.header('WWW-Authenticate', 'Basic realm="paynet", charset="UTF-8"');
      return reply.code(status).send(body);
    },
  );
}
