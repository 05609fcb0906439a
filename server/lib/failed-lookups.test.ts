import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, neoAuth, post } from '../test-helpers';
import { FailedLookups } from './failed-lookups';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

/** The registry's person lookup as the address `from` calls it, for a passport of the sandbox's Vali Aliyev (AA 1234567, 15-05-1990). */
function lookupFrom(from: string, birthday: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/travel-neo/getPerson',
    remoteAddress: from,
    headers: { authorization: neoAuth, ...headers },
    payload: { passportSeria: 'AA', passportNumber: '1234567', birthday },
  });
}

const wrongDay = (day: number) => `${String((day % 28) + 1).padStart(2, '0')}-${String(Math.floor(day / 28) + 1).padStart(2, '0')}-1991`;

test('a passport searched birthday by birthday from one address is held back for that address after ten misses, the right birthday too', async () => {
  // A visitor's typo, then the right birthday: found.
  expect((await lookupFrom('10.0.0.1', '16-05-1990')).json()).toMatchObject({ result: false, message: 'datas_not_found' });
  expect((await lookupFrom('10.0.0.1', '15-05-1990')).json()).toMatchObject({ result: true, response: { ism_eng: 'Vali' } });
  for (let day = 0; day < 10; day += 1) expect((await lookupFrom('10.0.0.1', wrongDay(day))).statusCode).toBe(200);
  const held = await lookupFrom('10.0.0.1', '15-05-1990');
  expect(held.statusCode).toBe(429);
  expect(held.json()).toMatchObject({ result: false, error: 429, message: expect.stringContaining('try again later') });
  // An address the caller writes into X-Forwarded-For is not believed without a proxy of ours in front.
  expect((await lookupFrom('10.0.0.1', '15-05-1990', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(429);
  // The passport's owner, on another address, still finds themself: the searcher held back no one but itself.
  expect((await lookupFrom('10.0.0.2', '15-05-1990')).json()).toMatchObject({ result: true, response: { ism_eng: 'Vali' } });
});

test('a search spread over addresses holds the passport back for everyone after thirty misses, the save as well', async () => {
  for (let day = 0; day < 30; day += 1) expect((await lookupFrom(`10.0.1.${day % 3}`, wrongDay(100 + day))).statusCode).toBe(200);
  expect((await lookupFrom('10.0.2.1', '15-05-1990')).statusCode).toBe(429);
  // The save of a policy naming that passport is held back as well: the registry is not asked.
  expect((await post(app, '/api/sayt/getPerson', { passportSeria: 'AA', passportNumber: '1234567', birthday: '15.05.1990' })).statusCode).toBe(429);
  expect((await post(app, '/api/sayt/getPerson', { passportSeria: 'AB', passportNumber: '7654321', birthday: '02.11.1985' })).json()).toMatchObject({ result: true });
});

test('behind our proxy, the address it adds is the caller, not one the caller wrote before it', async () => {
  const proxied = await createTestApp({ trustedProxies: 1 });
  try {
    const lookup = (forwarded: string) =>
      proxied.inject({
        method: 'POST',
        url: '/api/travel-neo/getPerson',
        remoteAddress: '172.18.0.5',
        headers: { authorization: neoAuth, 'x-forwarded-for': forwarded },
        payload: { passportSeria: 'AB', passportNumber: '7654321', birthday: '03-11-1985' },
      });
    // The searcher changes the address it writes first; nginx appends the one it saw.
    for (let i = 0; i < 10; i += 1) expect((await lookup(`198.51.100.${i}, 203.0.113.7`)).statusCode).toBe(200);
    expect((await lookup('198.51.100.77, 203.0.113.7')).statusCode).toBe(429);
    expect((await lookup('203.0.113.8')).statusCode).toBe(200);
  } finally {
    await proxied.close();
  }
});

test('misses older than the window are forgotten, and the keys kept are bounded', async () => {
  let now = 0;
  const misses = new FailedLookups({ what: 'plate', perCaller: 2, perKey: 3, windowMs: 1000, maxKeys: 6, now: () => now });
  const miss = () => Promise.resolve(null);
  await misses.guard('01A123BC', 'a', miss);
  await misses.guard('01A123BC', 'a', miss);
  await expect(misses.guard('01A123BC', 'a', () => Promise.resolve('car'))).rejects.toMatchObject({ statusCode: 429 });
  // Another caller has its own two misses, of which the key's limit allows one.
  await misses.guard('01A123BC', 'b', miss);
  await expect(misses.guard('01A123BC', 'c', () => Promise.resolve('car'))).rejects.toMatchObject({ statusCode: 429 });
  now = 1000;
  await expect(misses.guard('01A123BC', 'a', () => Promise.resolve('car'))).resolves.toBe('car');
  for (const plate of ['A', 'B', 'C', 'D']) {
    await misses.guard(plate, 'a', miss);
    await misses.guard(plate, 'a', miss);
  }
  // Four keys held at once (each kept for the key and for its caller) against six kept: the oldest, A, was let go.
  await expect(misses.guard('A', 'a', () => Promise.resolve('car'))).resolves.toBe('car');
  await expect(misses.guard('D', 'a', () => Promise.resolve('car'))).rejects.toMatchObject({ statusCode: 429 });
});

test('a car searched by tech passport from one address is held back for that address after ten misses', async () => {
  // The sandbox's Cobalt is 01A123BC with tech passport AAF 0390422: the plate is guessed, the tech passport searched.
  const vehicleFrom = (from: string, techNumber: string) =>
    app.inject({ method: 'POST', url: '/api/osago-neo/osago-juridik', remoteAddress: from, headers: { authorization: neoAuth }, payload: { gos_number: '01A123BC', tech_sery: 'AAF', tech_number: techNumber } });
  for (let guess = 0; guess < 10; guess += 1) expect((await vehicleFrom('10.0.3.1', String(1_000_000 + guess))).statusCode).toBe(200);
  expect((await vehicleFrom('10.0.3.1', '0390422')).statusCode).toBe(429);
  expect((await vehicleFrom('10.0.3.2', '0390422')).json()).toMatchObject({ result: true });
});
