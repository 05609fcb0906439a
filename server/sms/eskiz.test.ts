import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { buildApp } from '../app';
import { ConfigError, loadConfig, testConfig } from '../config';
import { siteAuth } from '../test-helpers';
import { eskizSender } from './eskiz';

/** A stand-in for notify.eskiz.uz: its login and send calls, with multipart form bodies, as Eskiz answers them. */
interface Received { path: string; authorization: string | undefined; fields: Record<string, string> }
const received: Received[] = [];
let tokens = 0;
/** What the next send answers (a status), instead of accepting. */
const sendAnswers: number[] = [];
let url = '';
const server = createServer((request, response) => {
  void readForm(request).then((fields) => {
    const path = request.url ?? '';
    received.push({ path, authorization: request.headers.authorization, fields });
    const answer = (status: number, body: unknown) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (path === '/api/auth/login') {
      if (fields.email !== 'shop@example.uz' || fields.password !== 'secret') return answer(401, { message: 'Invalid credentials' });
      tokens += 1;
      return answer(200, { message: 'token_generated', data: { token: `token-${tokens}` }, token_type: 'bearer' });
    }
    if (path === '/api/message/sms/send') {
      if (request.headers.authorization !== `Bearer token-${tokens}`) return answer(401, { status: 'token-invalid', message: 'Expired token' });
      const status = sendAnswers.shift() ?? 200;
      return answer(status, status === 200 ? { id: 'a1b2', message: 'Waiting for SMS provider', status: 'waiting' } : { status: 'error' });
    }
    return answer(404, {});
  });
});

async function readForm(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': request.headers['content-type'] ?? '' } }).formData();
  return Object.fromEntries([...form.entries()].map(([name, value]) => [name, String(value)]));
}

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const settings = () => ({ apiUrl: url, email: 'shop@example.uz', password: 'secret', from: '4546' });

describe('the Eskiz gateway', () => {
  test('logs in once, sends the phone, text and sender as a form with the bearer token, and logs in again when the token runs out', async () => {
    received.length = 0;
    const eskiz = eskizSender(settings());
    await eskiz.send('998901234567', 'Kirish kodi: 123456.');
    await eskiz.send('998901234568', 'Kirish kodi: 654321.');
    expect(received.map((r) => r.path)).toEqual(['/api/auth/login', '/api/message/sms/send', '/api/message/sms/send']);
    expect(received[0]?.fields).toEqual({ email: 'shop@example.uz', password: 'secret' });
    expect(received[1]).toMatchObject({ authorization: `Bearer token-${tokens}`, fields: { mobile_phone: '998901234567', message: 'Kirish kodi: 123456.', from: '4546' } });
    // Another instance (or Eskiz itself) renewed the token: this one's is refused once, then it logs in again.
    tokens += 1;
    received.length = 0;
    await eskiz.send('998901234567', 'Kirish kodi: 111111.');
    expect(received.map((r) => r.path)).toEqual(['/api/message/sms/send', '/api/auth/login', '/api/message/sms/send']);
  });

  test('a refused login or send throws without the phone or the text', async () => {
    await expect(eskizSender({ ...settings(), password: 'wrong' }).send('998901234567', 'x')).rejects.toThrow('Eskiz /auth/login: HTTP 401, no token');
    sendAnswers.push(500);
    const failed = eskizSender(settings()).send('998901234567', 'Kirish kodi: 123456.');
    await expect(failed).rejects.toThrow('Eskiz /message/sms/send: HTTP 500');
    await expect(eskizSender({ ...settings(), apiUrl: 'http://127.0.0.1:9/api', timeoutMs: 500 }).send('998901234567', 'x')).rejects.toThrow(/no answer/);
  });

  test('a code the gateway did not take is answered 503 sms_not_sent, and cannot be entered', async () => {
    const config = testConfig();
    const app = await buildApp({ ...config, cabinet: { ...config.cabinet, sms: { kind: 'eskiz', ...settings() } } });
    try {
      sendAnswers.push(500);
      received.length = 0;
      const answer = await app.inject({ method: 'POST', url: '/api/shaxsiy_kabinet/send-code', payload: { phone: '998901112233' }, headers: { authorization: siteAuth } });
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ message: 'sms_not_sent' });
      const code = /\d{6}/.exec(received.at(-1)?.fields.message ?? '')?.[0] ?? '';
      expect(code).toMatch(/^\d{6}$/);
      const row = await app.db.selectFrom('sign_in_codes').select('id').executeTakeFirstOrThrow();
      const entered = await app.inject({ method: 'POST', url: '/api/shaxsiy_kabinet/check-verification-code', payload: { phone: '998901112233', request_id: row.id, code }, headers: { authorization: siteAuth } });
      expect(entered.json()).toMatchObject({ result: false, message: 'code_expired' });
    } finally {
      await app.close();
    }
    // It builds an app of its own (migrations on a new PGlite): slow on a busy machine.
  }, 90_000);

  test('is configured from the environment; the sandbox inbox never where the payment sandbox is off', () => {
    const eskiz = { SMS_GATEWAY: 'eskiz', ESKIZ_EMAIL: 'shop@example.uz', ESKIZ_PASSWORD: 'secret' };
    expect(loadConfig({}).cabinet.sms).toEqual({ kind: 'sandbox' });
    expect(loadConfig(eskiz).cabinet.sms).toEqual({ kind: 'eskiz', apiUrl: 'https://notify.eskiz.uz/api', email: 'shop@example.uz', password: 'secret', from: '4546' });
    expect(() => loadConfig({ SMS_GATEWAY: 'eskiz' })).toThrow('ESKIZ_EMAIL');
    expect(() => loadConfig({ SMS_GATEWAY: 'twilio' })).toThrow(ConfigError);
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'off', SMS_GATEWAY: 'sandbox', CABINET_SECRET: 'k'.repeat(32) })).toThrow('SMS_GATEWAY');
    expect(() => loadConfig({ PAYMENTS_SANDBOX: 'off', ...eskiz })).toThrow('CABINET_SECRET');
    expect(() => loadConfig({ CABINET_SECRET: 'short' })).toThrow('CABINET_SECRET');
    expect(loadConfig({ PAYMENTS_SANDBOX: 'off', ...eskiz, CABINET_SECRET: 'k'.repeat(32), BACK_OFFICE_TOKEN: 'b'.repeat(32) }).cabinet.sms.kind).toBe('eskiz');
  });
});
