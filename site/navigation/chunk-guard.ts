/**
 * A failed dynamic import (a chunk gone after a deployment) reloads the page, at most once per
 * 10 s (requirements §8): the time of the last reload is kept in sessionStorage, so a chunk that is really
 * broken shows the 500 page instead of reloading forever.
 */

export const chunkReloadKey = 'chunk-guard:reloaded-at';
export const chunkReloadWindowMs = 10_000;

const chunkErrorPattern =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || chunkErrorPattern.test(error.message);
}

export interface ChunkGuardOptions {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now?: () => number;
}

export interface ChunkGuard {
  /** Reloads and answers true when `error` is a chunk error and no reload happened in the last 10 s. */
  handle(error: unknown): boolean;
  /** Runs a dynamic import; a chunk failure reloads (the promise then never settles) or rethrows. */
  load<T>(importer: () => Promise<T>): Promise<T>;
}

export function createChunkGuard({ storage, reload, now = Date.now }: ChunkGuardOptions): ChunkGuard {
  function handle(error: unknown): boolean {
    if (!isChunkLoadError(error)) return false;
    let last = Number.NaN;
    try {
      last = Number(storage.getItem(chunkReloadKey));
    } catch {
      // Storage can be disabled; then the guard cannot remember and must not loop.
      return false;
    }
    const at = now();
    if (Number.isFinite(last) && last > 0 && at - last < chunkReloadWindowMs) return false;
    try {
      storage.setItem(chunkReloadKey, String(at));
    } catch {
      return false;
    }
    reload();
    return true;
  }

  return {
    handle,
    async load(importer) {
      try {
        return await importer();
      } catch (error) {
        if (handle(error)) return new Promise<never>(() => undefined);
        throw error;
      }
    },
  };
}

/** What a page's React root is given so chunk failures its error boundaries catch reach the guard too. */
export interface ChunkFailureRootOptions {
  onCaughtError: (error: unknown) => void;
}

/**
 * Puts every lazily loaded module under the guard, wherever its failure surfaces: a rejected import
 * nobody handled or a module that failed to run (the window's `unhandledrejection` and `error`
 * events), or one an error boundary caught (the root's `onCaughtError`, returned for the page's
 * root). The loads that handle their failure themselves (`load`, `handle`) need nothing more.
 */
export function reloadOnChunkFailures(guard: Pick<ChunkGuard, 'handle'>, target: EventTarget): ChunkFailureRootOptions {
  const reloads = (event: Event) => {
    if (guard.handle((event as PromiseRejectionEvent).reason ?? (event as ErrorEvent).error)) event.preventDefault();
  };
  target.addEventListener('unhandledrejection', reloads);
  target.addEventListener('error', reloads);
  return {
    // Any other error is logged as React logs what a boundary caught.
    onCaughtError: (error) => {
      if (!guard.handle(error)) console.error(error);
    },
  };
}
