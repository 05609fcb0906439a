import { describe, expect, it, vi } from 'vitest';
import { chunkReloadKey, createChunkGuard, isChunkLoadError } from './chunk-guard';

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
});
