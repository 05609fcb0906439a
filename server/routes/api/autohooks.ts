import type { FastifyInstance } from 'fastify';
import { AppError } from '../../envelope';
import { channelOf, jsonBodyReader, xsrfRejected } from '../../plugins/app/edge';

/**
 * Every route under `/api/` (this folder) answers only callers with API credentials: the Basic
 * credential names the sales channel recorded on contracts. A browser POST (one that carries
 * cookies) must also double-submit the XSRF token. Payme, the PDFs and the pages have their own
 * folders, outside this hook.
 */
export default async function apiAuth(app: FastifyInstance): Promise<void> {
  // A JSON body sent as text/plain (a partner's `fetch` without a Content-Type sends
  // `text/plain;charset=UTF-8`) is read as the JSON it is, not refused as "body must be object";
  // what is not JSON is answered as any malformed JSON body is.
  const readJson = jsonBodyReader(app);
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (request, body, done) => {
    // Fastify's own message would say the content type is application/json, which it was not.
    readJson(request, String(body), (error, value) => (error ? done(new AppError(400, 'the text/plain body is not JSON', { field: '/body' })) : done(null, value)));
  });

  // With `done`, not async: it runs on every API call and waits for nothing (a promise per call saved).
  app.addHook('onRequest', (request, reply, done) => {
    const channel = channelOf(request.headers.authorization, app.config.apiClients);
    if (!channel) throw new AppError(401, 'missing or wrong API credentials');
    request.channel = channel;
    if (request.method === 'POST' && xsrfRejected(request)) {
      // A browser whose token cookie is gone (cleared, expired) gets a new one; the site's client retries once.
      reply.xsrfToken();
      throw new AppError(403, 'XSRF token missing or wrong');
    }
    done();
  });
}
