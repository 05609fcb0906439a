import { describe, expect, test } from 'vitest';
import { cachedRead } from './cached-read';

describe('cachedRead', () => {
  test('reads once per period and shares a pending read', async () => {
    let reads = 0;
    let clock = 0;
    const read = cachedRead(async () => ++reads, 1_000, () => clock);
    expect(await Promise.all([read(), read()])).toEqual([1, 1]);
    clock = 999;
    expect(await read()).toBe(1);
    clock = 1_000;
    expect(await read()).toBe(2);
  });

  test('a failed read is not kept', async () => {
    let fail = true;
    const read = cachedRead(async () => {
      if (fail) throw new Error('database down');
      return 'tariffs';
    }, 60_000, () => 0);
    await expect(read()).rejects.toThrow('database down');
    expect(read.fresh()).toBeUndefined();
    fail = false;
    expect(await read()).toBe('tariffs');
  });

  test('fresh gives the value read, without waiting, only within its period', async () => {
    let reads = 0;
    let clock = 0;
    const read = cachedRead(async () => ++reads, 1_000, () => clock);
    expect(read.fresh()).toBeUndefined();
    const pending = read();
    expect(read.fresh()).toBeUndefined();
    await pending;
    expect(read.fresh()).toBe(1);
    clock = 1_000;
    expect(read.fresh()).toBeUndefined();
    const next = read();
    expect(read.fresh()).toBeUndefined();
    await next;
    expect(read.fresh()).toBe(2);
  });
});
