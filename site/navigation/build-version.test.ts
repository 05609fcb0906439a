import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildPollIntervalMs } from './build-poll';
import { createVersionWatcher } from './build-version';

const manifest = (version: string) => new Response(JSON.stringify({ version, builtAt: '2026-01-01T00:00:00Z' }));

afterEach(() => {
  vi.useRealTimers();
});

describe('build version watcher', () => {
  it('polls builds/latest.json every 5 minutes with a timestamp', async () => {
    vi.useFakeTimers();
    let now = 1000;
    const fetch = vi.fn(async () => manifest('a'));
    const watcher = createVersionWatcher({ current: 'a', fetch, now: () => now, intervalMs: buildPollIntervalMs });
    watcher.start();
    await vi.advanceTimersByTimeAsync(buildPollIntervalMs - 1);
    expect(fetch).not.toHaveBeenCalled();
    now = 2000;
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledWith('/builds/latest.json?t=2000');
    await vi.advanceTimersByTimeAsync(buildPollIntervalMs);
    expect(fetch).toHaveBeenCalledTimes(2);
    watcher.stop();
    await vi.advanceTimersByTimeAsync(buildPollIntervalMs * 3);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(buildPollIntervalMs).toBe(300_000);
  });

  it('turns stale once the deployed version differs', async () => {
    const versions = ['a', 'a', 'b'];
    const watcher = createVersionWatcher({ current: 'a', fetch: async () => manifest(versions.shift() ?? 'b'), intervalMs: buildPollIntervalMs });
    await watcher.check();
    await watcher.check();
    expect(watcher.isStale()).toBe(false);
    await watcher.check();
    expect(watcher.isStale()).toBe(true);
  });

  it('says so once, when a poll first finds another version deployed', async () => {
    const versions = ['a', 'b', 'c', 'b'];
    const onStale = vi.fn();
    const watcher = createVersionWatcher({ current: 'a', fetch: async () => manifest(versions.shift() ?? 'b'), intervalMs: buildPollIntervalMs, onStale });
    await watcher.check();
    expect(onStale).not.toHaveBeenCalled();
    await watcher.check();
    expect(onStale).toHaveBeenCalledOnce();
    await watcher.check();
    await watcher.check();
    expect(onStale).toHaveBeenCalledOnce();
  });

  it('only logs a failed fetch', async () => {
    const log = vi.fn();
    const failing = [
      async () => Promise.reject(new TypeError('Failed to fetch')),
      async () => new Response('not found', { status: 404 }),
      async () => new Response('<!doctype html>'),
      async () => new Response('{}'),
    ];
    for (const fetch of failing) {
      const watcher = createVersionWatcher({ current: 'a', fetch, log, intervalMs: buildPollIntervalMs });
      await expect(watcher.check()).resolves.toBeUndefined();
      expect(watcher.isStale()).toBe(false);
    }
    expect(log).toHaveBeenCalledTimes(4);
  });
});
