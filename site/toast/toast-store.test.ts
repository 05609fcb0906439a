import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createToastStore } from './toast-store';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('toast store', () => {
  it('auto-closes after 5000 ms', () => {
    const store = createToastStore(undefined, () => Date.now());
    store.show({ kind: 'error', message: 'site.error.network' });
    vi.advanceTimersByTime(4999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('pauses on hover and resumes with the time that was left', () => {
    const store = createToastStore(5000, () => Date.now());
    const id = store.show({ kind: 'info', message: 'a' });
    vi.advanceTimersByTime(3000);
    store.pause(id);
    expect(store.getSnapshot()[0]?.paused).toBe(true);
    vi.advanceTimersByTime(60_000);
    expect(store.getSnapshot()).toHaveLength(1);
    store.resume(id);
    vi.advanceTimersByTime(1999);
    expect(store.getSnapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(store.getSnapshot()).toHaveLength(0);
  });

  it('closes on click (dismiss) and notifies subscribers', () => {
    const store = createToastStore();
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    const id = store.show({ kind: 'error', message: 'x' });
    store.dismiss(id);
    expect(store.getSnapshot()).toEqual([]);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    store.show({ kind: 'error', message: 'y' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('shows one toast for the same failure of parallel calls, and at most 4', () => {
    const store = createToastStore();
    const first = store.show({ kind: 'error', message: 'site.error.network' });
    expect(store.show({ kind: 'error', message: 'site.error.network' })).toBe(first);
    for (let i = 0; i < 6; i++) store.show({ kind: 'info', message: `m${i}` });
    expect(store.getSnapshot().map((t) => t.message)).toEqual(['m2', 'm3', 'm4', 'm5']);
  });
});
