import type { FastifyInstance } from 'fastify';
import { startRepeating, type RepeatingJob } from './repeating-job';

/**
 * The abandoned-files job: every `intervalMs`, contracts whose save carried files and that are still
 * unpaid `config.files.abandonedAfterHours` later are cancelled and their files deleted
 * (`app.contractFiles.removeAbandoned`), a batch at a time until none is left. Safe on several
 * instances at once: each round takes its contracts under their locks.
 */
export function startFileJanitor(app: FastifyInstance, options: { intervalMs?: number; batch?: number } = {}): RepeatingJob {
  const intervalMs = options.intervalMs ?? 15 * 60_000;
  const batch = options.batch ?? 100;
  return startRepeating(
    async () => {
      let removed = 0;
      let round: number;
      do {
        round = await app.contractFiles.removeAbandoned(app.config.files.abandonedAfterHours, batch);
        removed += round;
      } while (round === batch);
      if (removed > 0) app.log.info({ contracts: removed }, 'abandoned contracts cancelled and their files deleted');
      return removed;
    },
    { firstDelayMs: intervalMs, nextDelayMs: () => intervalMs, onError: (err) => app.log.error({ err }, 'abandoned-files round failed') },
  );
}
