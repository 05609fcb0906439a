import type { FastifyInstance } from 'fastify';
import { AppError } from '../../envelope';
import { channelOf, xsrfRejected } from '../../plugins/app/edge';
import { bearerToken, sessionCookieOf } from '../../plugins/app/cabinet';

declare module 'fastify' {
  interface FastifyRequest {
    /** The cabinet session's token the request carries (the `Authorization: Bearer` header, else the cookie), or null. */
    sessionToken: string | null;
  }
  interface FastifyContextConfig {
    /** A cabinet call of a signed-in client: it takes the session token as `Authorization: Bearer` too (the mobile app). */
    session?: boolean;
    /**
     * A signed-in client's file the page links to (a policy's PDF), which the browser opens as a link,
     * sending no API credential: the session cookie alone is the credential of its GET.
     */
    opensAsLink?: boolean;
  }
}

/**
 * The cabinet's calls (`/api/shaxsiy_kabinet/…`): like the rest of the site API they need the
 * site's or a partner's credential, and a browser's POST the XSRF double submit, now also when it
 * carries only the session cookie. A signed-in client's calls take the session token instead, as
 * `Authorization: Bearer <token>` (the mobile app, which keeps no cookie). Every answer is
 * `Cache-Control: no-store`: a profile or a token must stay in no cache.
 */
export default async function cabinetAuth(app: FastifyInstance): Promise<void> {
  const cookie = sessionCookieOf(app.config.publicUrl);
  app.decorateRequest('sessionToken', null);

  app.addHook('onRequest', (request, reply, done) => {
    reply.header('cache-control', 'no-store');
    const token = bearerToken(request.headers.authorization);
    if (token && request.routeOptions.config.session) {
      request.channel = 'app';
      request.sessionToken = token;
      return done();
    }
    const linkSession = request.routeOptions.config.opensAsLink && request.method === 'GET' && request.headers.authorization === undefined ? request.cookies[cookie.name] : undefined;
    if (linkSession) {
      request.channel = 'site';
      request.sessionToken = linkSession;
      return done();
    }
    const channel = channelOf(request.headers.authorization, app.config.apiClients);
    if (!channel) throw new AppError(401, 'missing or wrong API credentials');
    request.channel = channel;
    request.sessionToken = request.cookies[cookie.name] ?? null;
    if (request.method === 'POST' && xsrfRejected(request, [cookie.name])) {
      reply.xsrfToken();
      throw new AppError(403, 'XSRF token missing or wrong');
    }
    done();
  });
}
