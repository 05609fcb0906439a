/** A value read at most once per period (see `cachedRead`). */
export interface CachedRead<T> {
  (): Promise<T>;
  /** The value, when one has been read and is still within its period; undefined otherwise (call the read). */
  fresh(): T | undefined;
}

/**
 * Reads a value at most once per `ttlMs`, sharing one pending read between concurrent callers.
 * A failed read is not kept, so the next call reads again.
 */
export function cachedRead<T>(read: () => Promise<T>, ttlMs: number, now: () => number = Date.now): CachedRead<T> {
  let value: Promise<T> | null = null;
  let readAt = 0;
  // The settled value of the current read, so callers on a hot path need not wait for a promise.
  let settled: { value: T } | null = null;
  const cached = () => {
    if (!value || now() - readAt >= ttlMs) {
      readAt = now();
      settled = null;
      const reading = read().then(
        (result) => {
          if (value === reading) settled = { value: result };
          return result;
        },
        (error: unknown) => {
          if (value === reading) value = null;
          throw error;
        },
      );
      value = reading;
    }
    return value;
  };
  cached.fresh = () => (settled && now() - readAt < ttlMs ? settled.value : undefined);
  return cached;
}
