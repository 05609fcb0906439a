import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, neoAuth, post } from '../test-helpers';
import { FailedLookups } from './failed-lookups';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

test('a passport searched birthday by birthday is held back after ten misses, the right birthday too; another passport is not', async () => {
  const lookup = (passportNumber: string, birthday: string) =>
    post(app, '/api/travel-neo/getPerson', { passportSeria: 'AA', passportNumber, birthday }, { authorization: neoAuth });
  // A visitor's typo, then the right birthday: found.
  expect((await lookup('1234567', '16-05-1990')).json()).toMatchObject({ result: false, message: 'datas_not_found' });
  expect((await lookup('1234567', '15-05-1990')).json()).toMatchObject({ result: true, response: { ism_eng: 'Vali' } });
  for (let day = 1; day <= 10; day += 1) expect((await lookup('1234567', `${String(day).padStart(2, '0')}-01-1990`)).statusCode).toBe(200);
  const held = await lookup('1234567', '15-05-1990');
  expect(held.statusCode).toBe(429);
  expect(held.json()).toMatchObject({ result: false, error: 429, message: expect.stringContaining('try again later') });
  // The save of a policy naming that passport is held back as well: the registry is not asked.
  expect((await post(app, '/api/sayt/getPerson', { passportSeria: 'AA', passportNumber: '1234567', birthday: '15.05.1990' })).statusCode).toBe(429);
  expect((await post(app, '/api/sayt/getPerson', { passportSeria: 'AB', passportNumber: '7654321', birthday: '02.11.1985' })).json()).toMatchObject({ result: true });
});

test('misses older than the window are forgotten, and the keys kept are bounded', async () => {
  let now = 0;
  const misses = new FailedLookups({ what: 'plate', limit: 2, windowMs: 1000, maxKeys: 3, now: () => now });
  const miss = () => Promise.resolve(null);
  await misses.guard('01A123BC', miss);
  await misses.guard('01A123BC', miss);
  await expect(misses.guard('01A123BC', () => Promise.resolve('car'))).rejects.toMatchObject({ statusCode: 429 });
  now = 1000;
  await expect(misses.guard('01A123BC', () => Promise.resolve('car'))).resolves.toBe('car');
  for (const plate of ['A', 'B', 'C', 'D']) {
    await misses.guard(plate, miss);
    await misses.guard(plate, miss);
  }
  // Four keys held at once against three kept: the oldest, A, was let go.
  await expect(misses.guard('A', () => Promise.resolve('car'))).resolves.toBe('car');
  await expect(misses.guard('D', () => Promise.resolve('car'))).rejects.toMatchObject({ statusCode: 429 });
});
