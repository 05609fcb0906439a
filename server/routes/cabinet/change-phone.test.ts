import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { deliverOutbox } from '../../lib/outbox-worker';
import { signInLimits } from '../../plugins/app/cabinet';
import { multipart, siteAuth } from '../../test-helpers';
import { cabinetBase, cabinetTest, messageOf, people, wrongCode, type SignedIn } from './test-kit';

/**
 * Changing a signed-in client's phone: a code sent to the new number, under the sign-in codes'
 * limits, good for that client's change only; the other sessions end and the old number is told.
 */

let kit: Awaited<ReturnType<typeof cabinetTest>>;
let vali: SignedIn;
let dilnoza: SignedIn;
beforeAll(async () => {
  kit = await cabinetTest('30');
  vali = await kit.register(people.vali);
  dilnoza = await kit.register(people.dilnoza);
});
afterAll(() => kit.app.close());

const sendChange = (client: SignedIn, phone: string, from = kit.newAddress()) => kit.post('change-phone/send-code', { phone }, client.bearer, from);
const confirm = (client: SignedIn, requestId: string, code: string) => kit.post('change-phone/confirm', { request_id: requestId, code }, client.bearer);
const info = (client: SignedIn) => kit.get('get/info', client.bearer);
const requestIdOf = (answer: LightMyRequestResponse) => answer.json<{ response: { request_id: string } }>().response.request_id;

/** Sends a change code for `client` to `phone` and answers its request id. */
async function asked(client: SignedIn, phone: string): Promise<string> {
  const answer = await sendChange(client, phone);
  expect(answer.statusCode, answer.body).toBe(200);
  return requestIdOf(answer);
}

describe('change-phone', () => {
  test('a code to the new number changes the phone; the other sessions end, this one goes on, and the old number is told', async () => {
    const client = await kit.register(people.rustam);
    const other = await kit.signIn(client.phone);
    const newPhone = kit.newPhone();
    const sent = await sendChange(client, newPhone);
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['cache-control']).toBe('no-store');
    expect(sent.json()).toEqual({ result: true, error: 0, message: 'ok', response: { request_id: expect.stringMatching(/^[0-9a-f-]{36}$/), expires_in: 300, resend_after: 60 } });
    // In the client's language, saying what the code is for.
    expect(kit.inbox.messages(newPhone)[0]?.text).toMatch(/^Shaxsiy kabinetdagi telefon raqamini oʻzgartirish kodi: \d{6}\./);
    const code = kit.lastCode(newPhone);
    const requestId = requestIdOf(sent);
    expect((await confirm(client, requestId, wrongCode(code))).json()).toEqual({ result: false, error: 1, message: 'code_wrong', response: { attempts_left: 4 } });

    const changed = await confirm(client, requestId, code);
    expect(changed.json()).toMatchObject({ result: true, response: { phone: newPhone, first_name: 'Rustam', last_name: 'Nazarov' } });
    expect((await info(client)).json()).toMatchObject({ response: { phone: newPhone } });
    expect((await info(other)).json()).toMatchObject({ message: 'session_expired' });
    // The notice goes through the outbox, with the change.
    const notices = () => kit.inbox.messages(client.phone).filter((message) => !/\d{6}/.test(message.text));
    expect(notices()).toHaveLength(0);
    await deliverOutbox(kit.app, { pacingMs: 0 });
    expect(notices()).toHaveLength(1);
    const notice = kit.inbox.messages(client.phone)[0]?.text ?? '';
    expect(notice).toBe('Shaxsiy kabinetingiz telefon raqami oʻzgartirildi. Agar buni siz qilmagan boʻlsangiz, darhol sugʻurta kompaniyasiga murojaat qiling.');
    expect(notice).not.toMatch(/\d{4}/);
    // Used once.
    expect((await confirm(client, requestId, code)).json()).toMatchObject({ result: false, message: 'code_expired' });
    // The new number signs in as this client; the old one is nobody's now.
    kit.advance(signInLimits.windowMs);
    expect((await kit.post('check_register', { phone: newPhone, ticket: await kit.verify(newPhone), app: 1 })).json()).toMatchObject({ response: { registered: true, client: { first_name: 'Rustam' } } });
    expect((await kit.post('check_register', { phone: client.phone, ticket: await kit.verify(client.phone) })).json()).toMatchObject({ response: { registered: false } });
  });

  test('a browser changes it with its session cookie and the XSRF token', async () => {
    const client = await kit.register(people.bahodir);
    const cookie = `__Host-session=${client.token}; XSRF-TOKEN=t0k3n`;
    const newPhone = kit.newPhone();
    const forged = await kit.post('change-phone/send-code', { phone: newPhone }, { cookie });
    expect(forged.statusCode).toBe(403);
    const headers = { cookie, 'x-xsrf-token': 't0k3n' };
    const form = await multipart({ fields: [['phone', newPhone], ['lang', 'en']], files: [] });
    const sent = await kit.app.inject({ method: 'POST', url: `${cabinetBase}/change-phone/send-code`, payload: form.payload, remoteAddress: kit.newAddress(), headers: { authorization: siteAuth, 'content-type': form.contentType, ...headers } });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(kit.inbox.messages(newPhone)[0]?.text).toMatch(/^Code to change the phone number of your cabinet: \d{6}\./);
    const changed = await kit.post('change-phone/confirm', { request_id: requestIdOf(sent), code: kit.lastCode(newPhone) }, headers);
    expect(changed.json()).toMatchObject({ result: true, response: { phone: newPhone } });
  });

  test('answers a free and a taken number alike; the taken one is refused only after its code, 409 phone_registered', async () => {
    const client = await kit.register(people.sardor);
    const shape = (answer: LightMyRequestResponse) => ({ status: answer.statusCode, headers: Object.keys(answer.headers).sort(), body: { ...answer.json<object>(), response: { ...answer.json<{ response: object }>().response, request_id: 'x' } }, length: answer.body.length });
    const free = await sendChange(client, kit.newPhone());
    kit.advance(signInLimits.resendAfterMs);
    const taken = await sendChange(client, dilnoza.phone);
    expect(shape(taken)).toEqual(shape(free));
    const refused = await confirm(client, requestIdOf(taken), kit.lastCode(dilnoza.phone));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ result: false, message: 'phone_registered', response: { field: '/phone' } });
    expect((await info(client)).json()).toMatchObject({ response: { phone: client.phone } });
    expect((await info(dilnoza)).json()).toMatchObject({ response: { phone: dilnoza.phone, first_name: 'Dilnoza' } });
    // The client's own number is no change.
    const own = await sendChange(client, client.phone);
    expect(own.statusCode).toBe(400);
    expect(own.json()).toMatchObject({ message: 'phone_unchanged', response: { field: '/phone' } });
  });

  test('a client cannot confirm another client\'s request, even with its code', async () => {
    const newPhone = kit.newPhone();
    const requestId = await asked(vali, newPhone);
    const code = kit.lastCode(newPhone);
    const stolen = await confirm(dilnoza, requestId, code);
    expect(stolen.json()).toMatchObject({ result: false, message: 'code_expired' });
    expect((await info(dilnoza)).json()).toMatchObject({ response: { phone: dilnoza.phone } });
    // The request is still its client's.
    expect((await confirm(vali, requestId, code)).json()).toMatchObject({ result: true, response: { phone: newPhone } });
    vali = { ...vali, phone: newPhone };
  });

  test('a change code never signs in, and a sign-in code never changes a phone', async () => {
    const newPhone = kit.newPhone();
    const changeId = await asked(dilnoza, newPhone);
    const changeCode = kit.lastCode(newPhone);
    expect((await kit.post('check-verification-code', { phone: newPhone, request_id: changeId, code: changeCode })).json()).toMatchObject({ result: false, message: 'code_expired' });
    kit.advance(signInLimits.resendAfterMs);
    const signInId = await kit.sendCode(newPhone);
    const signInCode = kit.lastCode(newPhone);
    expect((await confirm(dilnoza, signInId, signInCode)).json()).toMatchObject({ result: false, message: 'code_expired' });
    expect((await info(dilnoza)).json()).toMatchObject({ response: { phone: dilnoza.phone } });
    // Neither voided the other: each is still good for what it was sent for.
    expect((await kit.post('check-verification-code', { phone: newPhone, request_id: signInId, code: signInCode })).json()).toMatchObject({ result: true });
    expect((await confirm(dilnoza, changeId, changeCode)).json()).toMatchObject({ result: true, response: { phone: newPhone } });
    dilnoza = { ...dilnoza, phone: newPhone };
  });

  test('a newer change code replaces the earlier one, and a code is valid 5 minutes', async () => {
    const first = kit.newPhone();
    const firstId = await asked(vali, first);
    const second = kit.newPhone();
    const secondId = await asked(vali, second);
    expect((await confirm(vali, firstId, kit.lastCode(first))).json()).toMatchObject({ result: false, message: 'code_expired' });
    kit.advance(signInLimits.codeTtlMs);
    expect((await confirm(vali, secondId, kit.lastCode(second))).json()).toMatchObject({ result: false, message: 'code_expired' });
    expect((await info(vali)).json()).toMatchObject({ response: { phone: vali.phone } });
  });
});

describe('the limits, shared with sign-in', () => {
  test('a resend waits 60 s whichever call sent the first code, 3 codes in 10 minutes count both', async () => {
    const phone = kit.newPhone();
    await kit.sendCode(phone);
    const early = await sendChange(vali, phone);
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ message: 'code_resend_wait', response: { retry_after: 60 } });
    expect(early.headers['retry-after']).toBe('60');
    kit.advance(signInLimits.resendAfterMs);
    await asked(vali, phone);
    kit.advance(signInLimits.resendAfterMs);
    await kit.sendCode(phone);
    kit.advance(signInLimits.resendAfterMs);
    expect(messageOf(await sendChange(vali, phone))).toBe('too_many_codes');
    expect(messageOf(await kit.post('send-code', { phone }, {}, kit.newAddress()))).toBe('too_many_codes');
  });

  test('one address gets 10 codes a minute, sign-in and change codes together', async () => {
    const from = kit.newAddress();
    for (let i = 0; i < signInLimits.codesPerAddress - 1; i += 1) await kit.sendCode(kit.newPhone(), from);
    expect((await sendChange(vali, kit.newPhone(), from)).statusCode).toBe(200);
    expect(messageOf(await sendChange(vali, kit.newPhone(), from))).toBe('too_many_codes');
    expect(messageOf(await kit.post('send-code', { phone: kit.newPhone() }, {}, from))).toBe('too_many_codes');
  });

  test('five wrong entries void a change code; wrong entries at both calls lock the number for both', async () => {
    const phone = kit.newPhone();
    const requestId = await asked(vali, phone);
    const code = kit.lastCode(phone);
    for (let left = 4; left >= 1; left -= 1) expect((await confirm(vali, requestId, wrongCode(code))).json()).toMatchObject({ message: 'code_wrong', response: { attempts_left: left } });
    expect((await confirm(vali, requestId, wrongCode(code))).json()).toMatchObject({ result: false, message: 'code_attempts' });
    expect((await confirm(vali, requestId, code)).json()).toMatchObject({ result: false, message: 'code_attempts' });
    // Six counted so far (the right code after the fifth wrong one too); four wrong sign-in entries lock the number.
    kit.advance(signInLimits.resendAfterMs);
    const signInId = await kit.sendCode(phone);
    for (let i = 0; i < signInLimits.failuresToLock - signInLimits.wrongPerCode - 2; i += 1) await kit.post('check-verification-code', { phone, request_id: signInId, code: wrongCode(kit.lastCode(phone)) });
    const last = await kit.post('check-verification-code', { phone, request_id: signInId, code: wrongCode(kit.lastCode(phone)) });
    expect(messageOf(last)).toBe('code_wrong');
    const locked = await kit.post('check-verification-code', { phone, request_id: signInId, code: kit.lastCode(phone) });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ message: 'sign_in_locked', response: { retry_after: 15 * 60 } });
    const lockedChange = await sendChange(vali, phone);
    expect(lockedChange.statusCode).toBe(429);
    expect(lockedChange.json()).toMatchObject({ message: 'sign_in_locked' });
    expect((await info(vali)).json()).toMatchObject({ response: { phone: vali.phone } });
  });

  test('a locked number refuses the right change code until the lock ends', async () => {
    const phone = kit.newPhone();
    kit.advance(signInLimits.windowMs);
    const requestId = await asked(vali, phone);
    const code = kit.lastCode(phone);
    // Ten wrong sign-in entries for the number (two codes of five) lock it.
    for (let round = 0; round < 2; round += 1) {
      kit.advance(signInLimits.resendAfterMs);
      const signInId = await kit.sendCode(phone);
      for (let i = 0; i < signInLimits.wrongPerCode; i += 1) await kit.post('check-verification-code', { phone, request_id: signInId, code: wrongCode(kit.lastCode(phone)) });
    }
    const refused = await confirm(vali, requestId, code);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'sign_in_locked' });
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('without a session', () => {
  test('both calls are 401 session_expired', async () => {
    for (const [path, body] of [['change-phone/send-code', { phone: kit.newPhone() }], ['change-phone/confirm', { request_id: '6f1c1d9e-6a43-4f4c-9a4b-3f0f6c1a2b3c', code: '123456' }]] as const) {
      expect((await kit.post(path, body)).json(), path).toMatchObject({ message: 'session_expired' });
      expect((await kit.post(path, body, { authorization: `Bearer ${'a'.repeat(43)}` })).statusCode, path).toBe(401);
    }
  });
});

describe('malformed bodies', () => {
  test('answer 4xx naming the field, never 5xx', async () => {
    const phone = kit.newPhone();
    const id = '6f1c1d9e-6a43-4f4c-9a4b-3f0f6c1a2b3c';
    const cases: [path: string, body: unknown, field: string][] = [
      ['change-phone/send-code', {}, '/phone'],
      ['change-phone/send-code', { phone: `${phone}\u0000` }, '/phone'],
      ['change-phone/send-code', { phone: '998712345678' }, '/phone'],
      ['change-phone/send-code', { phone: [phone, phone] }, '/phone'],
      ['change-phone/send-code', { phone: phone.repeat(1000) }, '/phone'],
      ['change-phone/send-code', { phone, lang: 'de' }, '/lang'],
      ['change-phone/send-code', { phone, client_id: vali.token }, '/client_id'],
      ['change-phone/confirm', { request_id: id }, '/code'],
      ['change-phone/confirm', { request_id: `${id}\u0000`, code: '123456' }, '/request_id'],
      ['change-phone/confirm', { request_id: id, code: '12345\u0000' }, '/code'],
      ['change-phone/confirm', { request_id: id, code: { code: '123456' } }, '/code'],
      ['change-phone/confirm', { request_id: 'x'.repeat(10_000), code: '123456' }, '/request_id'],
      ['change-phone/confirm', { request_id: id, code: '123456', phone }, '/phone'],
    ];
    for (const [path, body, field] of cases) {
      const answer = await kit.post(path, body, vali.bearer);
      const what = `${path} ${JSON.stringify(body).slice(0, 80)}`;
      expect(answer.statusCode, what).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, what).toBeLessThan(500);
      expect(answer.json<{ response: { field: string } }>().response.field, what).toBe(field);
    }
    for (const [path, fields] of [
      ['change-phone/send-code', [['phone', phone], ['phone', kit.newPhone()]]],
      ['change-phone/confirm', [['request_id', id], ['request_id', id], ['code', '123456']]],
      ['change-phone/confirm', [['request_id', id], ['code', '123456'], ['code', '654321']]],
    ] as const) {
      const form = await multipart({ fields: fields.map(([name, value]) => [name, value] as [string, string]), files: [] });
      const twice = await kit.app.inject({ method: 'POST', url: `${cabinetBase}/${path}`, payload: form.payload, headers: { ...vali.bearer, 'content-type': form.contentType } });
      expect(twice.statusCode, `${path} ${JSON.stringify(fields)}`).toBe(400);
      expect(twice.json<{ response: { field: string } }>().response.field).toBe(`/${fields.find(([name], i) => fields.findIndex(([other]) => other === name) !== i)?.[0]}`);
    }
    expect((await info(vali)).json()).toMatchObject({ response: { phone: vali.phone } });
  });

  test('random members of hostile values, signed in: never a 5xx, and the phone stays', async () => {
    const hostile = fc.oneof(
      fc.constantFrom('', '\u0000', `${vali.phone}\u0000`, '\uD800', '%00', '998901234567'.repeat(50), "' OR 1=1 --", '6f1c1d9e-6a43-4f4c-9a4b-3f0f6c1a2b3c', '000000'),
      fc.string({ unit: 'binary', maxLength: 40 }),
      fc.jsonValue({ maxDepth: 2 }),
    );
    const body = fc.dictionary(fc.constantFrom('phone', 'lang', 'request_id', 'code', '__proto__', 'constructor', 'client_id'), hostile);
    await fc.assert(fc.asyncProperty(fc.constantFrom('change-phone/send-code', 'change-phone/confirm'), body, async (path, payload) => {
      const answer = await kit.post(path, payload, vali.bearer, kit.newAddress());
      expect(answer.statusCode, `${path} ${JSON.stringify(payload).slice(0, 200)}`).toBeLessThan(500);
    }), { numRuns: 60 });
    expect((await info(vali)).json()).toMatchObject({ response: { phone: vali.phone } });
  });
});

describe('the log', () => {
  test('holds no phone, code or token of a phone change', async () => {
    const client = await kit.register(people.shahlo);
    const newPhone = kit.newPhone();
    const requestId = await asked(client, newPhone);
    const code = kit.lastCode(newPhone);
    await confirm(client, requestId, wrongCode(code));
    expect((await confirm(client, requestId, code)).json()).toMatchObject({ result: true });
    const log = kit.lines.join('\n');
    expect(log.length).toBeGreaterThan(1000);
    for (const secret of [client.phone, client.phone.slice(3), newPhone, newPhone.slice(3), code, client.token]) expect(log, secret).not.toContain(secret);
  });
});
