import { describe, expect, it, vi } from 'vitest';
import { chunkReloadKey, createChunkGuard, isChunkLoadError, reloadOnChunkFailures } from './chunk-guard';

function memoryStorage() {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v), data };
}

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: https://site/assets/product-page-abc.js');

describe('chunk guard', () => {
  it('recognises chunk load failures of the browsers', () => {
    expect(isChunkLoadError(chunkError())).toBe(true);
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });

  it('reloads at most once per 10 s', () => {
    let now = 1_000_000;
    const storage = memoryStorage();
    const reload = vi.fn();
    const guard = createChunkGuard({ storage, reload, now: () => now });

    expect(guard.handle(chunkError())).toBe(true);
    expect(storage.data.get(chunkReloadKey)).toBe('1000000');
    now += 9_999;
    expect(guard.handle(chunkError())).toBe(false);
    now += 1;
    expect(guard.handle(chunkError())).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('ignores other errors', () => {
    const reload = vi.fn();
    const guard = createChunkGuard({ storage: memoryStorage(), reload });
    expect(guard.handle(new Error('render failed'))).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('does not reload when storage is unusable (it could not stop a loop)', () => {
    const reload = vi.fn();
    const storage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => undefined,
    };
    expect(createChunkGuard({ storage, reload }).handle(chunkError())).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });

  it('load: resolves, reloads once, then rethrows for the 500 page', async () => {
    const reload = vi.fn();
    const guard = createChunkGuard({ storage: memoryStorage(), reload, now: () => 5_000_000 });
    await expect(guard.load(async () => 'module')).resolves.toBe('module');

    const first = guard.load(() => Promise.reject(chunkError()));
    const settled = await Promise.race([first.then(() => 'settled', () => 'settled'), new Promise((r) => setTimeout(() => r('pending'), 20))]);
    expect(settled).toBe('pending');
    expect(reload).toHaveBeenCalledOnce();

    await expect(guard.load(() => Promise.reject(chunkError()))).rejects.toThrow(/dynamically imported/);
    await expect(guard.load(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
  });

  it('covers every lazily loaded module: a failed import nobody handled, a module that failed to run, one an error boundary caught', () => {
    let now = 1_000_000;
    const reload = vi.fn();
    const guard = createChunkGuard({ storage: memoryStorage(), reload, now: () => now });
    const page = new EventTarget();
    const { onCaughtError } = reloadOnChunkFailures(guard, page);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const rejection = Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason: chunkError() });
      expect(page.dispatchEvent(rejection)).toBe(false);
      expect(reload).toHaveBeenCalledTimes(1);
      now += 10_000;
      const failedModule = Object.assign(new Event('error', { cancelable: true }), { error: chunkError() });
      expect(page.dispatchEvent(failedModule)).toBe(false);
      expect(reload).toHaveBeenCalledTimes(2);
      now += 10_000;
      onCaughtError(chunkError());
      expect(reload).toHaveBeenCalledTimes(3);
      expect(logged).not.toHaveBeenCalled();
      // Within 10 s of the last reload, and any other error: left to the page (and logged as React logs it).
      onCaughtError(chunkError());
      const other = new Error('render failed');
      onCaughtError(other);
      expect(page.dispatchEvent(Object.assign(new Event('unhandledrejection', { cancelable: true }), { reason: other }))).toBe(true);
      expect(reload).toHaveBeenCalledTimes(3);
      expect(logged).toHaveBeenCalledWith(other);
    } finally {
      logged.mockRestore();
    }
  });
});
