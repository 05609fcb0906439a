import type { FastifyInstance } from 'fastify';

// Under /api beside the site API, but outside routes/api/: each provider authenticates its own way.
export const prefixOverride = '/api';

/**
 * The endpoints payment providers call (`POST /api/payme`, Click's Prepare and Complete, Octo's and
 * Alif's notifications…), each provider's in a scope of its own (its own body parsers and checks).
 */
export default async function callbackRoutes(app: FastifyInstance): Promise<void> {
  for (const provider of app.payments.providers) {
    if (provider.callbacks) await app.register(provider.callbacks);
  }
}
