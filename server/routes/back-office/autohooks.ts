import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../envelope';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Whether an `Authorization` header carries the back office's token (`Bearer <BACK_OFFICE_TOKEN>`),
 * compared in constant time (both sides hashed first, so neither the token's length nor its
 * characters show in how long the answer takes).
 */
export function backOfficeAuthorized(authorization: string | undefined, token: string): boolean {
  const given = /^Bearer +(\S+)$/i.exec(authorization ?? '')?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}

/**
 * The back office's calls (`/api/back-office/…`) answer only the insurer's back office: its own
 * token, never the site's or a partner's Basic credential nor a cabinet session, which this folder's
 * hook does not read (the site API's hook guards `routes/api/` only). Answers hold personal data: no cache keeps them.
 */
export default async function backOfficeAuth(app: FastifyInstance): Promise<void> {
  const { token } = app.config.backOffice;
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('cache-control', 'no-store');
    if (!backOfficeAuthorized(request.headers.authorization, token)) {
      reply.header('www-authenticate', 'Bearer realm="back-office"');
      throw new AppError(401, 'back_office_unauthorized');
    }
    done();
  });
}
