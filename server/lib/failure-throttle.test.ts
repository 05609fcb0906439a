import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { storableText } from '../plugins/app/outbox';
import { createTestApp, neoAuth, post } from '../test-helpers';
import { FailureThrottle } from './failure-throttle';

describe('FailureThrottle', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  test('reports the first of a window one by one and the rest in one summary when it closes', async () => {
    vi.useFakeTimers();
    const summaries: [string, Record<number, number>][] = [];
    const throttle = new FailureThrottle({ limit: 2, windowMs: 60_000, summarise: async (kind, held) => void summaries.push([kind, Object.fromEntries(held)]) });
    const admitted = [400, 422, 400, 400, 422].map((status) => throttle.admit('travel save', status));
    expect(admitted).toEqual([true, true, false, false, false]);
    // Another kind has a window of its own.
    expect(throttle.admit('home save', 400)).toBe(true);
    expect(summaries).toEqual([]);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(summaries).toEqual([['travel save', { 400: 2, 422: 1 }]]);
    // A new window reports again.
    expect(throttle.admit('travel save', 400)).toBe(true);
  });

  test('closing all windows says what each held back', async () => {
    const summaries: string[] = [];
    const throttle = new FailureThrottle({ limit: 1, windowMs: 60_000, summarise: async (kind) => void summaries.push(kind) });
    throttle.admit('a', 400);
    throttle.admit('a', 400);
    throttle.admit('b', 400);
    await throttle.closeAll();
    expect(summaries).toEqual(['a']);
  });
});

test('storableText writes a NUL visibly and a lone surrogate as U+FFFD, and leaves a pair alone', () => {
  expect(storableText('body/a\u0000 is not allowed')).toBe('body/a\\0 is not allowed');
  expect(storableText('x\uD800y\uDC00z')).toBe('x\uFFFDy\uFFFDz');
  expect(storableText('pet 🐱')).toBe('pet 🐱');
});

describe('failure reports of a save', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
  });

  test('a NUL in a refused body\'s key is reported, and a loop of bad saves reaches the chat ten times and once summarised', async () => {
    app = await createTestApp();
    const nulKey = await app.inject({ method: 'POST', url: '/api/travel-neo/save-polis', payload: '{"a\\u0000":1}', headers: { authorization: neoAuth, 'content-type': 'application/json' } });
    expect(nulKey.statusCode).toBe(400);
    const failures = () => app!.db.selectFrom('outbox').select('text').where('kind', '=', 'failure').orderBy('id').execute();
    expect((await failures()).map((f) => f.text)).toEqual([expect.stringContaining('a\\0')]);
    for (let i = 0; i < 15; i++) expect((await post(app, '/api/sayt/uyjoy-api/save', {})).statusCode).toBe(400);
    expect((await failures()).filter((f) => f.text.includes('home save'))).toHaveLength(10);
    // The five held back are said on shutdown, before the database closes.
    const queued: Promise<void>[] = [];
    const enqueue = app.outbox.enqueue.bind(app.outbox);
    vi.spyOn(app.outbox, 'enqueue').mockImplementation((kind, text, executor) => {
      const done = enqueue(kind, text, executor);
      queued.push(done);
      return done;
    });
    const closing = app;
    app = undefined;
    await closing.close();
    expect(queued).toHaveLength(1);
    await expect(queued[0]).resolves.toBeUndefined();
    expect(vi.mocked(closing.outbox.enqueue).mock.calls[0]?.[1]).toMatch(/^Failure \(home save\): 5 more in the last minute, not reported one by one \(HTTP 400 ×5\)$/);
    // It starts an app (a fresh database's migrations) and closes it: seconds on a busy machine, as a hook's.
  }, 60_000);
});
