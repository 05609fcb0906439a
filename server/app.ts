import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { fileURLToPath } from 'node:url';
import autoload from '@fastify/autoload';
import type { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type RawServerDefault } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from './config';
import { AppError } from './envelope';
import { RequestLogController, requestLogger } from './request-log';

const dir = (path: string) => fileURLToPath(new URL(path, import.meta.url));
// Tests sit beside the code they test; they are not plugins.
const ignorePattern = /\.test\.ts$/;

/**
 * The whole application as one plugin (fastify/demo): plugins in load order — `plugins/external`
 * (config, database, schemas), `plugins/app` (services, ordered by their declared dependencies) —
 * then `routes`, whose folders are URL prefixes and whose `autohooks.ts` guard their own folder.
 */
export async function serviceApp(app: FastifyInstance, options: { config: AppConfig }): Promise<void> {
  await app.register(autoload, { dir: dir('./plugins/external'), options, ignorePattern });
  await app.register(autoload, { dir: dir('./plugins/app'), options, ignorePattern });
  await app.register(autoload, { dir: dir('./routes'), autoHooks: true, cascadeHooks: true, ignorePattern });
}

/**
 * Builds the application without listening. Tests call `app.inject`; `server/main.ts` listens.
 */
export async function buildApp(config: AppConfig, options: { logger?: FastifyHttpOptions<RawServerDefault>['logger'] } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // One line per answered request, and no pino child per request unless it writes (request-log.ts).
    logController: new RequestLogController(),
    ...(options.logger ? { childLoggerFactory: requestLogger } : {}),
    bodyLimit: config.bodyLimit,
    // A request may take its time arriving (files on a slow uplink); an idle connection may not.
    requestTimeout: config.uploadTimeoutMs,
    connectionTimeout: config.requestTimeoutMs + 5_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    // Plugins may take as long as they need: on a slow or busy machine the first start creates the
    // embedded database and runs every migration, which can exceed Fastify's default 10 s.
    pluginTimeout: 0,
    // An address the router cannot decode (`/verify/%00%ff`) is answered like any other bad input:
    // through the application's error handler, in the envelope (or the 404 page for a page).
    frameworkErrors: (error, request, reply) => {
      void reply.server.handleError(new AppError(400, `the address is malformed: ${error.message.slice(0, 200)}`, { field: '/url' }), request, reply);
    },
    // The visitor's address is X-Forwarded-For's only as far as our own proxies wrote it (config.trustedProxies).
    trustProxy: config.trustedProxies > 0 ? (_address: string, hop: number) => hop < config.trustedProxies : false,
    // A `__proto__` or `constructor` key is parsed as a plain key (JSON.parse never pollutes) and refused
    // by name before anything reads the body (plugins/app/edge.ts), instead of as "not valid JSON".
    onProtoPoisoning: 'ignore',
    onConstructorPoisoning: 'ignore',
    // What Node refuses before Fastify sees a request (headers or an address over 16 KB, a request
    // line it cannot parse, one that never finished) is answered in the envelope too.
    clientErrorHandler: answerClientError,
    // Partner clients written against other servers call `/api/…/calculator/`: the same call.
    rewriteUrl: (request) => apiWithoutTrailingSlash(request.url ?? '/'),
    ajv: {
      // An unknown field is an error (not silently dropped), and a string is never a number.
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, useDefaults: false },
      // Passed as itself (not wrapped): Fastify recognises ajv-formats by name and does not add it twice.
      plugins: [addFormats as (ajv: Ajv) => Ajv],
    },
  });
  await app.register(fp(serviceApp), { config });
  return app;
}

/** An API address with a slash after its last segment, without it (`/api/x/` → `/api/x`, query kept); any other address as it is. */
export function apiWithoutTrailingSlash(url: string): string {
  if (!url.startsWith('/api/')) return url;
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  if (path.length <= '/api/'.length || !path.endsWith('/')) return url;
  return path.replace(/\/+$/, '') + (query === -1 ? '' : url.slice(query));
}

/** Node's client errors (`clientError`) as the envelope: 431 for headers or an address too large, 408 for a request that never finished, else 400. */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message, field] = error.code === 'HPE_HEADER_OVERFLOW'
    ? [431, 'the address or the headers are too large (16 KB at most)', '/url']
    : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'the request did not arrive in time', null] : [400, 'the request is malformed', null];
  const body = JSON.stringify({ result: false, error: status, message, response: field ? { field } : null });
  if (socket.writable) {
    socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`);
  }
  socket.destroy(error);
}
