import type { FastifyBaseLogger } from 'fastify';
import { expect, test, vi } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { loggerOptions } from './logging';
import { requestLogger } from './request-log';
import { siteAuth } from './test-helpers';

async function logsOf(level: string, requests: { url: string; authorization?: string }[]): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const app = await buildApp(testConfig(), { logger: { ...loggerOptions(level), stream: { write: (line: string) => lines.push(line) } } });
  await app.ready();
  lines.length = 0;
  for (const { url, authorization } of requests) await app.inject({ url, headers: authorization ? { authorization } : {} });
  await app.close();
  return lines.map((line) => JSON.parse(line) as Record<string, unknown>);
}

test('one line per answered request: its id, method, address, status and time, without the caller', async () => {
  const lines = await logsOf('info', [{ url: '/api/redirects?path=/en/travel', authorization: siteAuth }]);
  const completed = lines.filter((line) => line.msg === 'request completed');
  expect(completed).toHaveLength(1);
  expect(completed[0]).toMatchObject({ reqId: expect.any(String), method: 'GET', url: '/api/redirects?path=/en/travel', statusCode: 200, responseTime: expect.any(Number) });
  expect(JSON.stringify(lines)).not.toMatch(/remoteAddress|incoming request/);
});

test('a refused request keeps its id on every line, and personal numbers in the address are masked', async () => {
  const lines = await logsOf('info', [{ url: '/api/redirects?path=/en/9012345678' }]);
  const ids = new Set(lines.map((line) => line.reqId));
  expect(lines.map((line) => line.msg)).toEqual(['request refused', 'request completed']);
  expect(ids.size).toBe(1);
  expect(JSON.stringify(lines)).not.toContain('9012345678');
});

test('above info, an answered request writes nothing', async () => {
  expect(await logsOf('warn', [{ url: '/api/redirects?path=/en/travel', authorization: siteAuth }])).toEqual([]);
});

function fakeParent(enabled: string[]) {
  const written: unknown[][] = [];
  const child = { info: (...line: unknown[]) => written.push(['child', ...line]) } as unknown as FastifyBaseLogger;
  const parent = {
    level: 'info',
    isLevelEnabled: (level: string) => enabled.includes(level),
    info: (...line: unknown[]) => written.push(['parent', ...line]),
    error: (...line: unknown[]) => written.push(['parent', ...line]),
    child: vi.fn(() => child),
  };
  return { parent, written };
}

test('a request logger makes no pino child for the lines it writes through its parent', () => {
  const { parent, written } = fakeParent(['info', 'error']);
  const log = requestLogger(parent as unknown as FastifyBaseLogger, { reqId: 'req-1' }, {});
  log.debug({ hidden: true }, 'not at this level');
  log.info({ route: '/x' }, 'refused');
  log.error('failed %s', 'twice');
  expect(parent.child).not.toHaveBeenCalled();
  expect(written).toEqual([
    ['parent', { reqId: 'req-1', route: '/x' }, 'refused'],
    ['parent', { reqId: 'req-1' }, 'failed %s', 'twice'],
  ]);
});

test('an Error logged as itself, or a child asked for, goes through a real child with the bindings', () => {
  const { parent, written } = fakeParent(['info']);
  const log = requestLogger(parent as unknown as FastifyBaseLogger, { reqId: 'req-2' }, {});
  const error = new Error('boom');
  log.info(error);
  expect(parent.child).toHaveBeenCalledWith({ reqId: 'req-2' });
  expect(written).toEqual([['child', error]]);
});
