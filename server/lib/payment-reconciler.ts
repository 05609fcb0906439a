import type { FastifyInstance } from 'fastify';
import { startRepeating, type RepeatingJob } from './repeating-job';
import { reconcileDefaults } from '../config';
import { maskPersonalData } from '../logging';

export interface ReconcileOptions {
  /** A payment still open this long is asked about (its provider should have told us by then). */
  olderThanMs: number;
  batchSize: number;
  intervalMs: number;
}

const defaults: ReconcileOptions = { olderThanMs: reconcileDefaults.afterMinutes * 60_000, batchSize: 50, intervalMs: reconcileDefaults.everyMinutes * 60_000 };

/**
 * One reconciliation round: asks each open payment's provider what became of it, settles those it
 * says are paid (a lost callback, a visitor who never came back), closes those it says failed, and
 * gives back a payment that took money for a contract paid another way. Safe on several instances
 * at once: settling is idempotent under the contract's lock.
 */
export async function reconcilePayments(app: FastifyInstance, options: Partial<ReconcileOptions> = {}): Promise<{ settled: number; failed: number; refunded: number }> {
  const opts = { ...defaults, ...options };
  const counts = { settled: 0, failed: 0, refunded: 0 };
  for (const payment of await app.payments.stale(opts.olderThanMs, opts.batchSize)) {
    try {
      const outcome = await app.payments.ask(payment);
      if (outcome !== 'pending') counts[outcome] += 1;
    } catch (err) {
      app.log.warn({ provider: payment.provider, payment: payment.id, error: maskPersonalData(err instanceof Error ? err.message : String(err)) }, 'payment reconciliation: provider did not answer');
    }
  }
  return counts;
}

export type PaymentReconciler = RepeatingJob;

/** Runs `reconcilePayments` every `intervalMs` until stopped; stop() waits for the round in flight. */
export function startPaymentReconciler(app: FastifyInstance, options: Partial<ReconcileOptions> = {}): PaymentReconciler {
  const opts = { ...defaults, ...options };
  return startRepeating(() => reconcilePayments(app, opts), {
    firstDelayMs: opts.intervalMs,
    nextDelayMs: () => opts.intervalMs,
    onError: (err) => app.log.error({ err }, 'payment reconciliation round failed'),
  });
}
