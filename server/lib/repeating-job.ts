export interface RepeatingJob {
  /** Stops after the round in flight, which it waits for. */
  stop(): Promise<void>;
}

/**
 * Runs `round` after `firstDelayMs`, then again `nextDelayMs(result)` after each round ends (a
 * failed round is reported and counts as no result), until stopped: a background job of the
 * server (the chat outbox, payment reconciliation) that never overlaps itself.
 */
export function startRepeating<T>(round: () => Promise<T>, options: { firstDelayMs: number; nextDelayMs: (result: T | undefined) => number; onError: (err: unknown) => void }): RepeatingJob {
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    timer = null;
    running = round()
      .catch((err: unknown) => {
        options.onError(err);
        return undefined;
      })
      .then((result) => {
        if (!stopped) timer = setTimeout(tick, options.nextDelayMs(result));
      });
  };
  timer = setTimeout(tick, options.firstDelayMs);
  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
