/* Starts the API and serves the built site: `tsx server/main.ts` (npm start; the tsx CLI preloads itself, which @fastify/autoload needs to load TypeScript plugins). */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { loadConfig } from './config';
import { loggerOptions } from './logging';
import { startOutboxWorker } from './lib/outbox-worker';
import { startPaymentReconciler } from './lib/payment-reconciler';
import { startFileJanitor } from './lib/file-janitor';
import { startPolicyReminders } from './lib/policy-reminders';
import { startRepeating } from './lib/repeating-job';


const siteDir = fileURLToPath(new URL('../dist/site/', import.meta.url));
const config = { ...loadConfig(), siteDir: existsSync(`${siteDir}index.html`) ? siteDir : null };

const app = await buildApp(config, {
  logger: loggerOptions(process.env.LOG_LEVEL || 'info'),
});
if (!config.siteDir) app.log.warn(`no built site in ${siteDir}: serving the API only (run npm run build)`);

const worker = startOutboxWorker(app);
const reconciler = startPaymentReconciler(app, { intervalMs: config.reconcile.everyMinutes * 60_000, olderThanMs: config.reconcile.afterMinutes * 60_000 });
const janitor = startFileJanitor(app);
// Idempotency keys answer again for a day; then they are deleted, an hour at a time.
const hourMs = 60 * 60_000;
const keyJanitor = startRepeating(() => app.idempotency.forgetExpired(), { firstDelayMs: hourMs, nextDelayMs: () => hourMs, onError: (err) => app.log.error({ err }, 'expired idempotency keys not deleted') });
// Sign-in codes, counters and sessions no rule reads any more: deleted every hour.
const cabinetJanitor = startRepeating(() => app.cabinet.forgetExpired(), { firstDelayMs: hourMs, nextDelayMs: () => hourMs, onError: (err) => app.log.error({ err }, 'expired sign-in rows not deleted') });
// Renewal reminders (30, 7 and 1 days before a policy ends): looked for at start, then every hour.
const reminders = startPolicyReminders(app);
await app.listen({ port: config.port, host: config.host });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // A request that hangs must not keep the process alive forever.
  const force = setTimeout(() => {
    app.log.error('graceful shutdown timed out');
    process.exit(1);
  }, 15_000);
  force.unref();
  await Promise.all([worker.stop(), reconciler.stop(), janitor.stop(), keyJanitor.stop(), cabinetJanitor.stop(), reminders.stop()]);
  await app.close();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
