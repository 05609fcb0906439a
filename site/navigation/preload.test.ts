import { describe, expect, it, vi } from 'vitest';
import { canPreload, runLimited, runOneAtATime, schedulePreload } from './preload';

describe('route preloading', () => {
  it('is skipped on slow-2g and with Save-Data', () => {
    expect(canPreload(undefined)).toBe(true);
    expect(canPreload({ effectiveType: '4g' })).toBe(true);
    expect(canPreload({ effectiveType: '2g' })).toBe(true);
    expect(canPreload({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPreload({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('runs at most 4 imports at once and all of them in the end', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    const tasks = Array.from({ length: 10 }, (_, i) => async () => {
      running += 1;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5 + (i % 3)));
      running -= 1;
      done.push(i);
      if (i === 2) throw new Error('chunk missing');
    });
    await runLimited(tasks);
    expect(peak).toBe(4);
    expect(done.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('one at a time: each task alone, in an idle period after the one before, all of them in the end', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const tasks = Array.from({ length: 5 }, (_, i) => async () => {
      started.push(i);
      running += 1;
      peak = Math.max(peak, running);
      await Promise.resolve();
      running -= 1;
      if (i === 1) throw new Error('chunk missing');
    });
    const run = runOneAtATime(tasks);
    await Promise.resolve();
    await Promise.resolve();
    // The second waits for an idle period (a timer, where there is no requestIdleCallback).
    expect(started).toEqual([0]);
    await run;
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(1);
  });

  it('waits for idle time and does nothing on a slow connection', async () => {
    const task = vi.fn(async () => undefined);
    let idle: (() => void) | null = null;
    expect(schedulePreload([task], { whenIdle: (cb) => (idle = cb) })).toBe(true);
    expect(task).not.toHaveBeenCalled();
    idle!();
    await Promise.resolve();
    expect(task).toHaveBeenCalledOnce();

    const whenIdle = vi.fn();
    expect(schedulePreload([task], { connection: { effectiveType: 'slow-2g' }, whenIdle })).toBe(false);
    expect(whenIdle).not.toHaveBeenCalled();
  });

  it('starts about 1 s after start by default', async () => {
    vi.useFakeTimers();
    try {
      const task = vi.fn(async () => undefined);
      schedulePreload([task], {});
      await vi.advanceTimersByTimeAsync(999);
      expect(task).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(2100);
      expect(task).toHaveBeenCalledOnce();
    } finally {
      vi.useRealTimers();
    }
  });
});
