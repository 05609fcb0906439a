import type { FastifyInstance } from 'fastify';
import { readClickFields } from './fields';
import { clickActions, clickAnswer, clickShopApi, type ClickAction } from './shop-api';

/** Click's calls are a few hundred bytes; a body beyond this is no Click call. */
const clickBodyLimit = 16 * 1024;

const routes: [path: string, action: ClickAction, summary: string][] = [
  ['/click/prepare', clickActions.prepare, 'Click SHOP API Prepare (action 0, form fields signed with sign_string): checks the order before Click debits; errors −1…−9 in Click\'s JSON, always HTTP 200'],
  ['/click/complete', clickActions.complete, 'Click SHOP API Complete (action 1, with merchant_prepare_id): pays the contract after Click\'s debit, or closes the payment when Click sends error < 0'],
];

/**
 * `POST /api/click/prepare` and `POST /api/click/complete`, the addresses given to Click for its
 * SHOP API, authenticated by the `sign_string` of each call. Click expects its JSON answer (HTTP
 * 200) to whatever it sends, so this scope reads any body as text, and turns a body it cannot take
 * (too large, a broken query string) into Click's "error in request" (−8) instead of an HTTP error.
 */
export async function clickCallbacks(app: FastifyInstance): Promise<void> {
  const shop = clickShopApi(app);
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: clickBodyLimit }, (_request, body, done) => done(null, body));
  app.setErrorHandler((err, request, reply) => {
    const action = request.routeOptions.url === '/api/click/complete' ? clickActions.complete : clickActions.prepare;
    const status = (err as { statusCode?: unknown }).statusCode;
    const ours = typeof status !== 'number' || status >= 500;
    if (ours) request.log.error({ err }, 'click call failed before the protocol');
    else request.log.info({ code: (err as { code?: unknown }).code, statusCode: status }, 'click call refused before the protocol');
    // Ours to fix (−7, "failed to update") or the request's (−8, "error in request"): Click's JSON either way.
    return reply.code(200).type('application/json; charset=utf-8').send(clickAnswer(action, new Map(), ours ? -7 : -8));
  });
  for (const [path, action, summary] of routes) {
    app.post(path, { config: { docs: { summary, callback: 'signature' } } }, async (request, reply) => {
      const answer = await shop.handle(action, readClickFields(request.headers['content-type'], request.body));
      return reply.type('application/json; charset=utf-8').send(answer);
    });
  }
}
