import { expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { loggerOptions } from './logging';
import { siteAuth } from './test-helpers';

test('logs never show credentials, passport, card or PINFL numbers', async () => {
  const lines: string[] = [];
  const app = await buildApp(testConfig(), { logger: { ...loggerOptions('info'), stream: { write: (l: string) => lines.push(l) } } });
  app.get('/api/log-probe', async (request) => {
    request.log.info({ body: { passport_number: '1234567', card_number: '8600000000000001', pinfl: '31505900000011' }, token: 'bot-secret' }, 'probe');
    return { ok: true };
  });
  await app.ready();
  await app.inject({ url: '/api/log-probe', headers: { authorization: siteAuth, cookie: 'XSRF-TOKEN=abc' } });
  await app.close();
  const all = lines.join('\n');
  expect(all).toContain('probe');
  for (const secret of ['1234567', '8600000000000001', '31505900000011', 'bot-secret', siteAuth]) expect(all).not.toContain(secret);
  expect(all).toContain('[redacted]');
});
