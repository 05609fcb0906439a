import type { FastifyInstance } from 'fastify';

/**
 * The payment providers' sandbox stand-ins (`/sandbox/<provider>/…`: their checkout pages and APIs,
 * speaking each provider's protocol), served unless `PAYMENTS_SANDBOX=off`.
 */
export default async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.sandboxPayments) return;
  for (const provider of app.payments.providers) {
    if (provider.sandbox) await app.register(provider.sandbox, { prefix: `/${provider.id}` });
  }
}
