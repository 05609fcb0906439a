/**
 * Route modules preload after about a second of idle time (requirements §9): at most 4 imports at once,
 * never on a `slow-2g` connection or with Save-Data on.
 */

export const preloadDelayMs = 1000;
export const preloadConcurrency = 4;

export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

export function canPreload(connection: ConnectionInfo | undefined): boolean {
  if (!connection) return true;
  return connection.effectiveType !== 'slow-2g' && connection.saveData !== true;
}

/** Runs the tasks with at most `limit` in flight; failures are ignored (the page loads it again). */
export async function runLimited(tasks: readonly (() => Promise<unknown>)[], limit = preloadConcurrency): Promise<void> {
  let next = 0;
  async function worker() {
    while (next < tasks.length) {
      const task = tasks[next++];
      if (task) await task().catch(() => undefined);
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
}

/** Runs the tasks one after the other, each in an idle period of its own; failures are ignored. */
export async function runOneAtATime(tasks: readonly (() => Promise<unknown>)[]): Promise<void> {
  for (const [index, task] of tasks.entries()) {
    if (index > 0) await nextIdlePeriod();
    await task().catch(() => undefined);
  }
}

function nextIdlePeriod(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => resolve(), { timeout: 2000 });
    else setTimeout(resolve, 0);
  });
}

export interface SchedulePreloadOptions {
  connection?: ConnectionInfo;
  /** Waits for idle time; defaults to requestIdleCallback after the delay. */
  whenIdle?: (callback: () => void) => void;
  /**
   * One task at a time, each in an idle period of its own (`runOneAtATime`), instead of four at once:
   * for a page the visitor is already using (a flow's later steps while its first is filled in),
   * where modules evaluated together make a long task that a tap would wait behind.
   */
  oneAtATime?: boolean;
}

function defaultWhenIdle(callback: () => void) {
  setTimeout(() => {
    if (typeof requestIdleCallback === 'function') requestIdleCallback(() => callback(), { timeout: 2000 });
    else callback();
  }, preloadDelayMs);
}

/** Schedules the preload; answers false when the connection rules it out. */
export function schedulePreload(tasks: readonly (() => Promise<unknown>)[], options: SchedulePreloadOptions = {}): boolean {
  if (!canPreload(options.connection)) return false;
  (options.whenIdle ?? defaultWhenIdle)(() => void (options.oneAtATime ? runOneAtATime(tasks) : runLimited(tasks)));
  return true;
}
