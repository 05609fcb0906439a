/**
 * Notices a new deployment (requirements §7): polls `builds/latest.json?t=<timestamp>` and compares its
 * version with the one this page was built as. Once it differs, the next navigation is a full page
 * load so the visitor gets the new chunks. A failed fetch is only logged.
 */

export const buildManifestPath = '/builds/latest.json';

export interface BuildManifest {
  version: string;
  builtAt: string;
}

export interface VersionWatcherOptions {
  current: string;
  fetch: (url: string) => Promise<Response>;
  /** Between polls (`buildPollIntervalMs` of build-poll.ts). */
  intervalMs: number;
  now?: () => number;
  log?: (message: string, error: unknown) => void;
  /** Runs once, when a poll first finds another version deployed. */
  onStale?: () => void;
}

export interface VersionWatcher {
  /** One poll; resolves once the answer is handled. */
  check(): Promise<void>;
  start(): void;
  stop(): void;
  isStale(): boolean;
}

export function createVersionWatcher(options: VersionWatcherOptions): VersionWatcher {
  const now = options.now ?? Date.now;
  const log = options.log ?? console.warn;
  let stale = false;
  let timer: ReturnType<typeof setInterval> | null = null;

  async function check() {
    try {
      const response = await options.fetch(`${buildManifestPath}?t=${now()}`);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const manifest = (await response.json()) as Partial<BuildManifest>;
      if (typeof manifest.version !== 'string') throw new Error('manifest has no version');
      if (manifest.version !== options.current && !stale) {
        stale = true;
        options.onStale?.();
      }
    } catch (error) {
      log('build manifest check failed', error);
    }
  }

  return {
    check,
    start() {
      if (timer === null) timer = setInterval(() => void check(), options.intervalMs);
    },
    stop() {
      if (timer !== null) clearInterval(timer);
      timer = null;
    },
    isStale: () => stale,
  };
}

/** The watcher of the build this page runs (`__BUILD_ID__`), asking past every cache. */
export function thisBuildWatcher(options: Pick<VersionWatcherOptions, 'intervalMs' | 'onStale'>): VersionWatcher {
  return createVersionWatcher({ ...options, current: __BUILD_ID__, fetch: (url) => fetch(url, { cache: 'no-store' }) });
}
