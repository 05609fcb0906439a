export interface RepeatingJob {
  /** Stops after the round in flight, which it waits for (and tells through its signal to wind up). */
  stop(): Promise<void>;
}

/**
 * Runs `round` after `firstDelayMs`, then again `nextDelayMs(result)` after each round ends (a
 * failed round is reported and counts as no result), until stopped: a background job of the
 * server (the chat outbox, payment reconciliation) that never overlaps itself. A round may watch
 * `stopping` to end early when the server shuts down.
 */
export function startRepeating<T>(round: (stopping: AbortSignal) => Promise<T>, options: { firstDelayMs: number; nextDelayMs: (result: T | undefined) => number; onError: (err: unknown) => void }): RepeatingJob {
  const stopping = new AbortController();
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    timer = null;
    running = round(stopping.signal)
      .catch((err: unknown) => {
        options.onError(err);
        return undefined;
      })
      .then((result) => {
        if (!stopping.signal.aborted) timer = setTimeout(tick, options.nextDelayMs(result));
      });
  };
  timer = setTimeout(tick, options.firstDelayMs);
  return {
    async stop() {
      stopping.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
