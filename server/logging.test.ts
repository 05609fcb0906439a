import { expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './config';
import { loggerOptions, maskUrl } from './logging';
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

test('an address\'s personal numbers are masked however the address encodes them', () => {
  const urls = [
    '/api/redirects?path=/x&c=8600+0000+0000+0001',
    '/api/redirects?path=/x&t=%2B998%2090%20123%2045%2067',
    '/api/redirects?path=/x&i=3150%205900%200000%2011',
    '/api/redirects?path=/x&p=%41%41%31%32%33%34%35%36%37',
    '/en/thank-you/x?card=8600%200000%200000%200001',
    '/verify/%E0%A4%A?n=%31%32%33%34%35%36%37%38',
  ];
  for (const url of urls) {
    const masked = maskUrl(url);
    for (const secret of ['8600 0000 0000 0001', '+998 90 123 45 67', '3150 5900 0000 11', '1234567', '12345678']) expect(masked).not.toContain(secret);
  }
  expect(maskUrl('/api/redirects?path=/uz/travel')).toBe('/api/redirects?path=/uz/travel');
});
