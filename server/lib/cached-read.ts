/**
 * Reads a value at most once per `ttlMs`, sharing one pending read between concurrent callers.
 * A failed read is not kept, so the next call reads again.
 */
export function cachedRead<T>(read: () => Promise<T>, ttlMs: number, now: () => number = Date.now): () => Promise<T> {
  let value: Promise<T> | null = null;
  let readAt = 0;
  return () => {
    if (!value || now() - readAt >= ttlMs) {
      readAt = now();
      value = read().catch((error: unknown) => {
        value = null;
        throw error;
      });
    }
    return value;
  };
}
