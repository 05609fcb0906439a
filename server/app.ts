import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import type { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import Fastify, { type FastifyHttpOptions, type FastifyInstance, type RawServerDefault } from 'fastify';
import type { AppConfig } from './config';
import configPlugin from './plugins/external/config';
import databasePlugin from './plugins/external/database';
import schemasPlugin from './plugins/external/schemas';
import contractsPlugin from './plugins/app/contracts';
import edgePlugin from './plugins/app/edge';
import errorHandlerPlugin from './plugins/app/error-handler';
import outboxPlugin from './plugins/app/outbox';
import paymePlugin from './plugins/app/payme';
import personRegistryPlugin from './plugins/app/person-registry';
import policiesPlugin from './plugins/app/policies';
import tariffsPlugin from './plugins/app/tariffs';
import { routes } from './routes/index';

/** Paths (or prefixes) of the built site and how long browsers may keep them. */
function cacheControlFor(path: string): string {
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/**
 * Builds the whole application without listening: plugins in load order (external, app
 * services, routes). Tests call `app.inject`; `server/main.ts` listens.
 */
export async function buildApp(config: AppConfig, options: { logger?: FastifyHttpOptions<RawServerDefault>['logger'] } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: config.bodyLimit,
    requestTimeout: config.requestTimeoutMs,
    connectionTimeout: config.requestTimeoutMs + 5_000,
    keepAliveTimeout: 10_000,
    return503OnClosing: true,
    trustProxy: true,
    ajv: {
      // An unknown field is an error (not silently dropped), and a string is never a number.
      customOptions: { removeAdditional: false, coerceTypes: false, allErrors: false, useDefaults: false },
      // Passed as itself (not wrapped): Fastify recognises ajv-formats by name and does not add it twice.
      plugins: [addFormats as (ajv: Ajv) => Ajv],
    },
  });

  await app.register(configPlugin, { config });
  await app.register(cookie);
  await app.register(schemasPlugin);
  await app.register(databasePlugin);

  await app.register(outboxPlugin);
  await app.register(tariffsPlugin);
  await app.register(personRegistryPlugin);
  await app.register(policiesPlugin);
  await app.register(contractsPlugin);
  await app.register(paymePlugin);
  await app.register(edgePlugin);
  await app.register(errorHandlerPlugin);

  if (config.siteDir) {
    await app.register(fastifyStatic, {
      root: config.siteDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', cacheControlFor(path));
      },
    });
  }

  for (const { plugin, prefix } of routes) await app.register(plugin, { prefix });
  return app;
}
