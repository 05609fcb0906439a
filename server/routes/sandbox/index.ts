import type { FastifyInstance } from 'fastify';
import { sandboxClaimsRoutes } from '../../lib/claims/sandbox-claims';
import { sandboxSmsRoutes } from '../../sms/sandbox-inbox';
import { SandboxSmsInbox } from '../../sms/sms';

/**
 * The payment providers' sandbox stand-ins (`/sandbox/<provider>/…`: their checkout pages and APIs,
 * speaking each provider's protocol), served unless `PAYMENTS_SANDBOX=off`; and the sandbox SMS
 * gateway's inbox (`/sandbox/sms`), and the back office by hand (`/sandbox/claims`: moving claims
 * through their statuses without the back office's token, which only a sandbox may do).
 */
export default async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.sandboxPayments) return;
  for (const provider of app.payments.providers) {
    if (provider.sandbox) await app.register(provider.sandbox, { prefix: `/${provider.id}` });
  }
  const { sms } = app;
  if (sms instanceof SandboxSmsInbox) await app.register((scope) => sandboxSmsRoutes(scope, sms), { prefix: '/sms' });
  await app.register(sandboxClaimsRoutes, { prefix: '/claims' });
}
