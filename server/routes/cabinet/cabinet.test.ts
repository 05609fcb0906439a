import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { loggerOptions } from '../../logging';
import { signInLimits, sessionLimits } from '../../plugins/app/cabinet';
import type { SandboxSmsInbox } from '../../sms/sms';
import { multipart, siteAuth } from '../../test-helpers';

/**
 * The cabinet's sign-in: codes, their limits, registration, sessions. The clock is the test's
 * (`cabinet.clock`), moved by hand; every phone is a new one per test unless a test says otherwise.
 */

let now = new Date('2030-01-01T08:00:00Z');
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};
const lines: string[] = [];
let app: FastifyInstance;
let inbox: SandboxSmsInbox;

beforeAll(async () => {
  const config = testConfig();
  app = await buildApp({ ...config, cabinet: { ...config.cabinet, clock: () => now } }, { logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } } });
  await app.ready();
  inbox = app.sms as SandboxSmsInbox;
});
afterAll(() => app.close());

let phoneSeq = 0;
let addressSeq = 0;
let address = '';
/** A mobile number no other test used. */
const newPhone = () => `99890${String(1_000_000 + (phoneSeq += 1)).slice(1)}0`.slice(0, 12);
beforeEach(() => {
  // Each test asks from an address of its own, so the per-address limit is the address test's alone.
  address = `10.1.${Math.floor((addressSeq += 1) / 250)}.${addressSeq % 250}`;
});

const base = '/api/shaxsiy_kabinet';
const call = (path: string, payload: unknown, headers: Record<string, string> = {}, from = address) =>
  app.inject({ method: 'POST', url: `${base}/${path}`, payload: payload as object, remoteAddress: from, headers: { authorization: siteAuth, ...headers } });
const info = (headers: Record<string, string>) => app.inject({ method: 'GET', url: `${base}/get/info`, headers });

const lastCode = (phone: string): string => {
  const text = inbox.messages(phone)[0]?.text ?? '';
  const code = /\b(\d{6})\b/.exec(text)?.[1];
  if (!code) throw new Error('no code was sent to that phone');
  return code;
};

async function sendCode(phone: string, from = address): Promise<string> {
  const answer = await call('send-code', { phone }, {}, from);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ response: { request_id: string } }>().response.request_id;
}

async function verify(phone: string): Promise<string> {
  const requestId = await sendCode(phone);
  const answer = await call('check-verification-code', { phone, request_id: requestId, code: lastCode(phone) });
  expect(answer.json(), answer.body).toMatchObject({ result: true });
  return answer.json<{ response: { ticket: string } }>().response.ticket;
}

const vali = { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', accept_terms: 1 };

/** A new client (Vali Aliyev of the sandbox registry can be registered once: each test that needs one takes this one). */
let registered: { phone: string; cookie: string } | null = null;
async function registeredClient(): Promise<{ phone: string; cookie: string }> {
  if (registered) return registered;
  const phone = newPhone();
  const ticket = await verify(phone);
  const answer = await call('register-person', { phone, ticket, ...vali });
  expect(answer.statusCode, answer.body).toBe(200);
  registered = { phone, cookie: sessionCookie(answer) };
  return registered;
}

function sessionCookie(answer: LightMyRequestResponse): string {
  const cookie = answer.cookies.find((c) => c.name === '__Host-session');
  if (!cookie) throw new Error('no session cookie');
  return `__Host-session=${cookie.value}`;
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('send-code', () => {
  test('sends a 6-digit code by SMS, in the language asked, and answers the request it is bound to', async () => {
    const phone = newPhone();
    const answer = await call('send-code', { phone, lang: 'en' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ result: true, error: 0, message: 'ok', response: { request_id: expect.stringMatching(/^[0-9a-f-]{36}$/), expires_in: 300, resend_after: 60 } });
    expect(inbox.messages(phone)[0]?.text).toMatch(/^Your sign-in code: \d{6}\./);
  });

  test('answers a registered and an unregistered phone alike', async () => {
    const client = await registeredClient();
    advance(signInLimits.windowMs);
    const shape = (answer: LightMyRequestResponse) => ({ status: answer.statusCode, headers: Object.keys(answer.headers).sort(), body: answer.json<{ response: object }>().response && { ...answer.json(), response: { ...answer.json<{ response: object }>().response, request_id: 'x' } } });
    const known = await call('send-code', { phone: client.phone });
    const unknown = await call('send-code', { phone: newPhone() });
    expect(shape(known)).toEqual(shape(unknown));
    expect(known.body.length).toBe(unknown.body.length);
  });

  test('takes a multipart form as the cabinet sends it, and refuses what is not a mobile number naming the field', async () => {
    const phone = newPhone();
    const form = await multipart({ fields: [['phone', phone], ['lang', 'ru']], files: [] });
    const answer = await app.inject({ method: 'POST', url: `${base}/send-code`, payload: form.payload, remoteAddress: address, headers: { authorization: siteAuth, 'content-type': form.contentType } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(inbox.messages(phone)[0]?.text).toMatch(/^Код для входа: \d{6}\./);
    // A landline (71 is Tashkent's), a foreign number, a short one: 400 naming the phone.
    for (const bad of ['998712345678', '79161234567', '99890123456', '+998 90 123']) {
      const refused = await call('send-code', { phone: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json<{ response: { field: string } }>().response.field, bad).toBe('/phone');
    }
  });

  test('a resend waits 60 s; a phone gets 3 codes in 10 minutes and 10 a day', async () => {
    const phone = newPhone();
    await sendCode(phone);
    const early = await call('send-code', { phone });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ message: 'code_resend_wait', response: { retry_after: 60 } });
    expect(early.headers['retry-after']).toBe('60');
    advance(signInLimits.resendAfterMs);
    await sendCode(phone);
    advance(signInLimits.resendAfterMs);
    await sendCode(phone);
    advance(signInLimits.resendAfterMs);
    const fourth = await call('send-code', { phone });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toMatchObject({ message: 'too_many_codes', response: { retry_after: 7 * 60 } });
    // Ten minutes after the first: three more, and so on until ten in the day.
    advance(7 * 60_000);
    for (let sent = 3; sent < signInLimits.codesPerDay; sent += 1) {
      await sendCode(phone);
      advance(sent % 3 === 2 ? signInLimits.windowMs : signInLimits.resendAfterMs);
    }
    advance(signInLimits.windowMs);
    const eleventh = await call('send-code', { phone });
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ message: 'too_many_codes' });
    advance(signInLimits.dayMs);
    await sendCode(phone);
  });

  test('one address gets 10 codes a minute, whichever phones it asks for', async () => {
    for (let i = 0; i < signInLimits.codesPerAddress; i += 1) await sendCode(newPhone());
    const refused = await call('send-code', { phone: newPhone() });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'too_many_codes' });
    // Another address is not held back, and this one is again a minute later.
    expect((await call('send-code', { phone: newPhone() }, {}, '10.9.9.9')).statusCode).toBe(200);
    advance(signInLimits.addressWindowMs);
    await sendCode(newPhone());
  });
});

describe('check-verification-code', () => {
  test('the right code gives a ticket once; entered again it is spent', async () => {
    const phone = newPhone();
    const requestId = await sendCode(phone);
    const code = lastCode(phone);
    const first = await call('check-verification-code', { phone, request_id: requestId, code });
    expect(first.json()).toEqual({ result: true, error: 0, message: 'ok', response: { ticket: expect.stringMatching(/^[\w-]{43}$/), expires_in: 600 } });
    const again = await call('check-verification-code', { phone, request_id: requestId, code });
    expect(again.json()).toMatchObject({ result: false, error: 1, message: 'code_expired' });
  });

  test('a code is bound to its phone and its request, and replaced by a resend', async () => {
    const phone = newPhone();
    const other = newPhone();
    const requestId = await sendCode(phone);
    const code = lastCode(phone);
    await sendCode(other);
    expect((await call('check-verification-code', { phone: other, request_id: requestId, code })).json()).toMatchObject({ result: false, message: 'code_expired' });
    advance(signInLimits.resendAfterMs);
    const second = await sendCode(phone);
    expect((await call('check-verification-code', { phone, request_id: requestId, code })).json()).toMatchObject({ result: false, message: 'code_expired' });
    expect((await call('check-verification-code', { phone, request_id: second, code: lastCode(phone) })).json()).toMatchObject({ result: true });
  });

  test('is valid 5 minutes', async () => {
    const phone = newPhone();
    const requestId = await sendCode(phone);
    advance(signInLimits.codeTtlMs);
    expect((await call('check-verification-code', { phone, request_id: requestId, code: lastCode(phone) })).json()).toMatchObject({ result: false, message: 'code_expired' });
  });

  test('five wrong entries void the code, the right one too after them', async () => {
    const phone = newPhone();
    const requestId = await sendCode(phone);
    const code = lastCode(phone);
    for (let left = 4; left >= 1; left -= 1) {
      expect((await call('check-verification-code', { phone, request_id: requestId, code: wrongCode(code) })).json()).toEqual({ result: false, error: 1, message: 'code_wrong', response: { attempts_left: left } });
    }
    expect((await call('check-verification-code', { phone, request_id: requestId, code: wrongCode(code) })).json()).toMatchObject({ result: false, message: 'code_attempts' });
    expect((await call('check-verification-code', { phone, request_id: requestId, code })).json()).toMatchObject({ result: false, message: 'code_attempts' });
  });

  test('ten wrong entries in a row lock the phone for 15 minutes, a resend does not reset them, and the next lock is twice as long', async () => {
    const phone = newPhone();
    const wrongTimes = async (times: number) => {
      const requestId = await sendCode(phone);
      for (let i = 0; i < times; i += 1) await call('check-verification-code', { phone, request_id: requestId, code: wrongCode(lastCode(phone)) });
      return requestId;
    };
    await wrongTimes(5);
    advance(signInLimits.resendAfterMs);
    const requestId = await wrongTimes(5);
    const locked = await call('check-verification-code', { phone, request_id: requestId, code: lastCode(phone) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: 'sign_in_locked', response: { retry_after: 15 * 60 } });
    expect(locked.headers['retry-after']).toBe(String(15 * 60));
    expect((await call('send-code', { phone })).json()).toMatchObject({ message: 'sign_in_locked' });
    advance(signInLimits.firstLockMs);
    await wrongTimes(5);
    advance(signInLimits.windowMs);
    await wrongTimes(5);
    advance(signInLimits.firstLockMs);
    expect((await call('send-code', { phone })).json()).toMatchObject({ message: 'sign_in_locked' });
    advance(signInLimits.firstLockMs);
    // Unlocked: the right code signs in, and the count starts again.
    const ticket = await verify(phone);
    expect(ticket).toMatch(/^[\w-]{43}$/);
  });
});

describe('registration and sessions', () => {
  test('a new phone registers with passport, birthday and the terms: names from the registry, a __Host- session cookie', async () => {
    const phone = newPhone();
    const ticket = await verify(phone);
    expect((await call('check_register', { phone, ticket })).json()).toEqual({ result: true, error: 0, message: 'ok', response: { registered: false } });
    const unknown = await call('register-person', { phone, ticket, ...vali, passport_number: '7777777' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json()).toMatchObject({ message: 'datas_not_found', response: { field: '/passport_number' } });
    const noTerms = await call('register-person', { phone, ticket, ...vali, accept_terms: 0 });
    expect(noTerms.statusCode).toBe(400);
    expect(noTerms.json()).toMatchObject({ response: { field: '/accept_terms' } });

    const answer = await call('register-person', { phone, ticket, passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985', accept_terms: '1' });
    expect(answer.json()).toEqual({ result: true, error: 0, message: 'ok', response: { registered: true, client: { first_name: 'Dilnoza', last_name: 'Karimova' }, expires_in: 12 * 3600 } });
    const cookie = answer.cookies.find((c) => c.name === '__Host-session');
    expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Lax', path: '/' });
    expect(cookie?.domain).toBeUndefined();
    const profile = await info({ authorization: siteAuth, cookie: sessionCookie(answer) });
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.json()).toMatchObject({ result: true, response: { first_name: 'Dilnoza', last_name: 'Karimova', pinfl: expect.stringMatching(/^\d{14}$/), birthday: '1985-11-02', phone, email: null, lang: 'uz' } });
    // The ticket is spent: it neither registers nor signs in again.
    expect((await call('check_register', { phone, ticket })).statusCode).toBe(401);
    // The same person with another phone is one client already.
    const otherPhone = newPhone();
    const twice = await call('register-person', { phone: otherPhone, ticket: await verify(otherPhone), passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985', accept_terms: 1 });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ message: 'person_registered' });
  });

  test('a registered phone signs in by its code, a new token each time; the app gets it in the answer and sends it as Authorization', async () => {
    const client = await registeredClient();
    advance(signInLimits.windowMs);
    const ticket = await verify(client.phone);
    const answer = await call('check_register', { phone: client.phone, ticket, app: true });
    const { token } = answer.json<{ response: { token: string } }>().response;
    expect(answer.json()).toMatchObject({ response: { registered: true, client: { first_name: 'Vali', last_name: 'Aliyev' }, token: expect.stringMatching(/^[\w-]{43}$/) } });
    expect(answer.cookies).toEqual([]);
    expect(`__Host-session=${token}`).not.toBe(client.cookie);
    expect((await info({ authorization: `Bearer ${token}` })).json()).toMatchObject({ result: true, response: { first_name: 'Vali' } });
    // A session token is no credential for the other calls.
    expect((await call('send-code', { phone: client.phone }, { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  test('ends after 30 minutes without a call, and 12 hours after it began whatever happens', async () => {
    const client = await registeredClient();
    advance(signInLimits.windowMs);
    const ticket = await verify(client.phone);
    const signIn = await call('check_register', { phone: client.phone, ticket });
    const cookie = sessionCookie(signIn);
    const headers = { authorization: siteAuth, cookie };
    for (let elapsed = 0; elapsed + 25 * 60_000 < sessionLimits.absoluteMs; elapsed += 25 * 60_000) {
      expect((await info(headers)).statusCode, `after ${elapsed / 60_000} minutes`).toBe(200);
      advance(25 * 60_000);
    }
    advance(sessionLimits.absoluteMs % (25 * 60_000));
    const over = await info(headers);
    expect(over.statusCode).toBe(401);
    expect(over.json()).toMatchObject({ message: 'session_expired' });
    expect(over.cookies.find((c) => c.name === '__Host-session')?.value).toBe('');

    const again = sessionCookie(await call('check_register', { phone: client.phone, ticket: await verify((advance(signInLimits.windowMs), client.phone)) }));
    advance(sessionLimits.idleMs - 1000);
    expect((await info({ authorization: siteAuth, cookie: again })).statusCode).toBe(200);
    advance(sessionLimits.idleMs);
    expect((await info({ authorization: siteAuth, cookie: again })).statusCode).toBe(401);
  });

  test('logout deletes the session on the server; a browser logs out with the XSRF token', async () => {
    const client = await registeredClient();
    advance(signInLimits.windowMs);
    const ticket = await verify(client.phone);
    const cookie = sessionCookie(await call('check_register', { phone: client.phone, ticket }));
    const forged = await app.inject({ method: 'POST', url: `${base}/logout`, headers: { authorization: siteAuth, cookie } });
    expect(forged.statusCode).toBe(403);
    const headers = { authorization: siteAuth, cookie: `${cookie}; XSRF-TOKEN=t0k3n`, 'x-xsrf-token': 't0k3n' };
    const out = await app.inject({ method: 'POST', url: `${base}/logout`, headers });
    expect(out.json()).toEqual({ result: true, error: 0, message: 'ok', response: { signed_out: true } });
    expect(out.cookies.find((c) => c.name === '__Host-session')?.value).toBe('');
    expect((await info({ authorization: siteAuth, cookie })).statusCode).toBe(401);
  });

  test('edit-profile changes the e-mail and the language, nothing else', async () => {
    const client = await registeredClient();
    advance(signInLimits.windowMs);
    const signIn = await call('check_register', { phone: client.phone, ticket: await verify(client.phone), app: true });
    const bearer = { authorization: `Bearer ${signIn.json<{ response: { token: string } }>().response.token}` };
    const edit = (payload: object) => app.inject({ method: 'POST', url: `${base}/edit-profile`, payload, headers: bearer });
    expect((await edit({ email: 'vali@example.uz', lang: 'ru' })).json()).toMatchObject({ result: true, response: { email: 'vali@example.uz', lang: 'ru', first_name: 'Vali', phone: client.phone } });
    expect((await info(bearer)).json()).toMatchObject({ response: { email: 'vali@example.uz', lang: 'ru' } });
    // Left out (or null, as every call reads it), a member stays as it was.
    expect((await edit({ email: null, lang: 'en' })).json()).toMatchObject({ response: { email: 'vali@example.uz', lang: 'en' } });
    for (const [payload, field] of [[{ email: 'not an address' }, '/email'], [{ first_name: 'Someone' }, '/first_name'], [{ phone: '998901234567' }, '/phone']] as const) {
      const refused = await edit(payload);
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
      expect(refused.json<{ response: { field: string } }>().response.field).toBe(field);
    }
    expect((await edit({})).statusCode).toBe(400);
    expect((await app.inject({ method: 'POST', url: `${base}/edit-profile`, payload: { lang: 'uz' }, headers: { authorization: siteAuth } })).json()).toMatchObject({ message: 'session_expired' });
  });

  test('a cabinet call without a session is 401; without the site credential too', async () => {
    expect((await info({ authorization: siteAuth })).json()).toMatchObject({ message: 'session_expired' });
    expect((await info({ authorization: `Bearer ${'a'.repeat(43)}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'POST', url: `${base}/send-code`, payload: { phone: newPhone() } })).statusCode).toBe(401);
  });
});

describe('the sandbox SMS inbox', () => {
  test('shows the messages sent, newest first, as a page and as JSON, one phone\'s with ?phone=', async () => {
    const phone = newPhone();
    await sendCode(phone);
    const code = lastCode(phone);
    const page = await app.inject(`/sandbox/sms?phone=${phone}`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain(code);
    const json = await app.inject(`/sandbox/sms/messages?phone=${phone}`);
    expect(json.json()).toEqual({ messages: [{ to: phone, text: expect.stringContaining(code), at: expect.any(String) }] });
    expect((await app.inject('/sandbox/sms?phone=123')).statusCode).toBe(400);
  });
});

describe('expired rows', () => {
  test('are deleted: sessions after their end, codes after a day', async () => {
    const client = await registeredClient();
    await app.cabinet.forgetExpired();
    advance(sessionLimits.absoluteMs + signInLimits.dayMs);
    await app.cabinet.forgetExpired();
    expect(await app.db.selectFrom('client_sessions').select('token_hash').execute()).toEqual([]);
    expect(await app.db.selectFrom('sign_in_codes').select('id').execute()).toEqual([]);
    expect((await info({ authorization: siteAuth, cookie: client.cookie })).statusCode).toBe(401);
  });
});

describe('malformed bodies', () => {
  test('answer 4xx naming the field, never 5xx', async () => {
    const phone = newPhone();
    const ticket = 'x'.repeat(43);
    const cases: [path: string, body: unknown, field: string][] = [
      ['send-code', {}, '/phone'],
      ['send-code', { phone: '998901234567'.repeat(100) }, '/phone'],
      ['send-code', { phone: { number: phone } }, '/phone'],
      ['send-code', { phone, lang: 'de' }, '/lang'],
      ['send-code', { phone, extra: 1 }, '/extra'],
      ['send-code', { phone: `${phone}\u0000` }, '/phone'],
      ['check-verification-code', { phone, request_id: 'not-a-uuid', code: '123456' }, '/request_id'],
      ['check-verification-code', { phone, request_id: '6f1c1d9e-6a43-4f4c-9a4b-3f0f6c1a2b3c', code: '12345' }, '/code'],
      ['check-verification-code', { phone, request_id: '6f1c1d9e-6a43-4f4c-9a4b-3f0f6c1a2b3c', code: ['123456'] }, '/code'],
      ['check_register', { phone, ticket: 'short' }, '/ticket'],
      ['register-person', { phone, ticket, ...vali, birthday: '31.02.1990' }, '/birthday'],
      ['register-person', { phone, ticket, ...vali, passport_seria: 'A1' }, '/passport_seria'],
      ['register-person', { phone, ticket, ...vali, birthday: '1990-05-15' }, '/birthday'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await call(path, body);
      const what = `${path} ${JSON.stringify(body)}`;
      expect(answer.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, what).toBeLessThan(500);
      // A ticket that is well-formed but unknown is refused before the birthday is read.
      if (answer.statusCode === 401) expect(answer.json(), what).toMatchObject({ message: 'sign_in_expired' });
      else expect(answer.json<{ response: { field: string } }>().response.field, what).toBe(field);
    }
    const form = await multipart({ fields: [['phone', phone], ['phone', phone]], files: [] });
    const twice = await app.inject({ method: 'POST', url: `${base}/send-code`, payload: form.payload, headers: { authorization: siteAuth, 'content-type': form.contentType } });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ response: { field: '/phone' } });
  });
});

describe('the log', () => {
  test('holds no phone, code, ticket or session token', async () => {
    const phone = newPhone();
    const ticket = await verify(phone);
    const code = lastCode(phone);
    const answer = await call('register-person', { phone, ticket, ...vali, passport_number: '7777777' });
    expect(answer.statusCode).toBe(422);
    const client = await registeredClient();
    const token = client.cookie.split('=')[1] ?? '';
    await info({ authorization: siteAuth, cookie: client.cookie });
    const log = lines.join('\n');
    expect(log.length).toBeGreaterThan(1000);
    for (const secret of [phone, phone.slice(3), code, ticket, token, client.phone, '7777777']) expect(log, secret).not.toContain(secret);
  });
});
