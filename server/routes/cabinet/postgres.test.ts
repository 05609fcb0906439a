/*
 * The cabinet at two instances on one real PostgreSQL (TEST_DATABASE_URL; vitest's global setup
 * starts a scratch cluster when PostgreSQL is installed): codes asked for and wrong codes entered at
 * both at the same moment are counted as at one; a client's policies are found by the indexes of
 * their phone and PINFL, and a PDF downloaded at both at once is drawn to the same bytes; a phone
 * change confirmed at both at once happens once. In a database of its own that it drops afterwards;
 * without the variable it fails with instructions, never silently.
 */
import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { describe, expect, test } from 'vitest';
import { signIn } from '../../../tests/support/cabinet-clients';
import { testDatabase } from '../../../tests/support/test-database';
import { twoInstances } from '../../../tests/support/two-instances';
import { testConfig } from '../../config';
import { phoneKeyOf, signInLimits } from '../../plugins/app/cabinet';
import { ownedBy } from '../../lib/contract-owner';
import { deliverOutbox } from '../../lib/outbox-worker';
import type { SandboxSmsInbox } from '../../sms/sms';
import { homeSaveBody, neoAuth, payInSandbox, post, siteAuth, travelPrice, travelSaveBody } from '../../test-helpers';

const missing = 'TEST_DATABASE_URL is not set: point it at a PostgreSQL server (server/README.md shows how to start a scratch cluster).';
const database = testDatabase('shop_cabinet');

const instances = twoInstances(database);

const send = (at: number, path: string, payload: object, from = '10.2.0.1', authorization = siteAuth) =>
  instances[at % 2]!.inject({ method: 'POST', url: `/api/shaxsiy_kabinet/${path}`, payload, remoteAddress: from, headers: { authorization } });
const messageOf = (answer: LightMyRequestResponse) => answer.json<{ message: string }>().message;
const count = (answers: LightMyRequestResponse[], message: string) => answers.filter((answer) => messageOf(answer) === message).length;
const phoneRow = (phone: string) => instances[0].db.selectFrom('sign_in_phones').selectAll().where('phone_key', '=', phoneKeyOf(testConfig().cabinet.secret, phone)).executeTakeFirstOrThrow();
const codeOf = (phone: string) => {
  for (const instance of instances) {
    const text = (instance.sms as SandboxSmsInbox).messages(phone)[0]?.text;
    if (text) return /\b(\d{6})\b/.exec(text)?.[1] ?? '';
  }
  throw new Error('no code was sent');
};

describe('sign-in limits, two instances on one database', () => {
  test('ten codes asked for one phone at once, five at each: one is sent', async () => {
    expect(database.server, missing).toBeDefined();
    const phone = '998931000001';
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => send(i, 'send-code', { phone }, `10.2.1.${i}`)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(count(answers, 'code_resend_wait')).toBe(9);
    expect(await phoneRow(phone)).toMatchObject({ window_codes: 1, day_codes: 1 });
  });

  test('twenty codes asked from one address at once, ten at each: ten are sent', async () => {
    expect(database.server, missing).toBeDefined();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => send(i, 'send-code', { phone: `9989410000${String(i).padStart(2, '0')}` }, '10.2.2.2')));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(signInLimits.codesPerAddress);
    expect(count(answers, 'too_many_codes')).toBe(20 - signInLimits.codesPerAddress);
  });

  test('twelve wrong entries at once, six at each: the code is void after five, the phone locked once after ten', async () => {
    expect(database.server, missing).toBeDefined();
    const phone = '998951000003';
    const sent = await send(0, 'send-code', { phone }, '10.2.3.3');
    const requestId = sent.json<{ response: { request_id: string } }>().response.request_id;
    const wrong = String((Number(codeOf(phone)) + 1) % 1_000_000).padStart(6, '0');
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => send(i, 'check-verification-code', { phone, request_id: requestId, code: wrong })));
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    expect(count(answers, 'code_wrong')).toBe(signInLimits.wrongPerCode - 1);
    const code = await instances[1].db.selectFrom('sign_in_codes').select('wrong').where('id', '=', requestId).executeTakeFirstOrThrow();
    expect(code.wrong).toBe(signInLimits.wrongPerCode);
    // Each entry not refused as locked was counted once: ten of them made one lock, the rest count again.
    const counted = 12 - count(answers, 'sign_in_locked');
    const row = await phoneRow(phone);
    expect(row.locks).toBe(1);
    expect(row.failures).toBe(counted - signInLimits.failuresToLock);
    expect(row.locked_until).not.toBeNull();
    expect(messageOf(await send(1, 'check-verification-code', { phone, request_id: requestId, code: codeOf(phone) }))).toBe('sign_in_locked');
  });

  test('the right code entered at both at once gives one ticket', async () => {
    expect(database.server, missing).toBeDefined();
    const phone = '998971000004';
    const sent = await send(1, 'send-code', { phone }, '10.2.4.4');
    const requestId = sent.json<{ response: { request_id: string } }>().response.request_id;
    const code = codeOf(phone);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(i, 'check-verification-code', { phone, request_id: requestId, code })));
    expect(answers.filter((answer) => answer.json<{ result: boolean }>().result)).toHaveLength(1);
    expect(count(answers, 'code_expired')).toBe(5);
  });
});

describe('policies, two instances on one database', () => {
  test('a policy bought at one instance is the client\'s at the other, its PDF drawn once to the same bytes at both at once', async () => {
    expect(database.server, missing).toBeDefined();
    const [first, second] = instances;
    const phone = '998901009988';
    const saved = (await post(first, '/api/sayt/uyjoy-api/save', homeSaveBody({ applicant: { ...homeSaveBody().applicant, phone } }))).json<{ response: { contract_id: string; payme_url: string } }>().response;
    expect((await payInSandbox(first, saved.payme_url)).statusCode).toBe(303);
    const body = travelSaveBody(await travelPrice(first));
    const partner = (await post(first, '/api/travel-neo/save-polis', { ...body, sugurtalovchi: { ...body.sugurtalovchi, phone: '998971000777' } }, { authorization: neoAuth })).json<{ response: { contract_id: string; payme_url: string } }>().response;
    expect((await payInSandbox(first, partner.payme_url)).statusCode).toBe(303);
    // Vali Aliyev: the home was bought with his phone, the travel policy sold to his PINFL.
    const session = await signIn(second, phone, { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' }, '10.2.5.5');
    const lists = await Promise.all(instances.map((instance) => instance.inject({ method: 'GET', url: '/api/shaxsiy_kabinet/get/policy-new', headers: session })));
    const ids = lists.map((answer) => answer.json<{ response: { id: string; product: string }[] }>().response.map((policy) => policy.product));
    expect(ids).toEqual([['travel', 'home'], ['travel', 'home']]);
    const homeId = lists[0]!.json<{ response: { id: string }[] }>().response[1]!.id;
    const pdfs = await Promise.all(Array.from({ length: 4 }, (_, i) => instances[i % 2]!.inject({ method: 'GET', url: `/api/shaxsiy_kabinet/get/policy/${homeId}/pdf`, headers: session })));
    expect(pdfs.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const stored = await first.db.selectFrom('policies').select('pdf').where('id', '=', homeId).executeTakeFirstOrThrow();
    for (const answer of pdfs) expect(Buffer.compare(answer.rawPayload, Buffer.from(stored.pdf ?? []))).toBe(0);
  });

  test('a client\'s contracts are found through the indexes of the phone and the PINFL, not by reading every contract', async () => {
    expect(database.server, missing).toBeDefined();
    const plan = await instances[0].db.transaction().execute(async (trx) => {
      // A handful of rows would be read whole anyway: the plan is asked as of a large table.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      const query = trx.selectFrom('contracts').select('id').where(ownedBy({ phone: '998901009988', pinfl: '31505900000011' }));
      return (await sql<{ 'QUERY PLAN': string }>`EXPLAIN ${query}`.execute(trx)).rows.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('contracts_client_phone_idx');
    expect(plan).toContain('contracts_client_pinfls_idx');
  });
});

/** The last code instance `at` sent to `phone`. */
const codeSentBy = (at: number, phone: string) => /\b(\d{6})\b/.exec((instances[at]!.sms as SandboxSmsInbox).messages(phone)[0]?.text ?? '')?.[1] ?? 'none';

/** The sandbox SMS of `phone` at both instances. */
const messagesTo = (phone: string) => instances.flatMap((instance) => (instance.sms as SandboxSmsInbox).messages(phone));

/** Registers a person of the sandbox registry with `phone`: the session token, as the app gets it. */
async function registered(phone: string, passport: { passport_seria: string; passport_number: string; birthday: string }, from: string): Promise<string> {
  const sent = await send(0, 'send-code', { phone }, from);
  const requestId = sent.json<{ response: { request_id: string } }>().response.request_id;
  const checked = await send(1, 'check-verification-code', { phone, request_id: requestId, code: codeOf(phone) }, from);
  const { ticket } = checked.json<{ response: { ticket: string } }>().response;
  const answer = await send(0, 'register-person', { phone, ticket, ...passport, accept_terms: 1, app: 1 }, from);
  expect(answer.statusCode, answer.body).toBe(200);
  return `Bearer ${answer.json<{ response: { token: string } }>().response.token}`;
}

/** A change code for the client of `bearer` to `phone`, sent by instance `at`: its request id. */
async function askedChange(at: number, bearer: string, phone: string, from: string): Promise<string> {
  const answer = await send(at, 'change-phone/send-code', { phone }, from, bearer);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ response: { request_id: string } }>().response.request_id;
}

describe('phone change, two instances on one database', () => {
  test('the right code confirmed at both at once changes the phone once, and tells the old number once', async () => {
    expect(database.server, missing).toBeDefined();
    const oldPhone = '998931000101';
    const newPhone = '998931000102';
    const bearer = await registered(oldPhone, { passport_seria: 'AD', passport_number: '2222222', birthday: '01.07.1958' }, '10.2.5.1');
    const requestId = await askedChange(0, bearer, newPhone, '10.2.5.2');
    const code = codeOf(newPhone);
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => send(i, 'change-phone/confirm', { request_id: requestId, code }, '10.2.5.3', bearer)));
    expect(answers.every((answer) => answer.statusCode < 500)).toBe(true);
    expect(answers.filter((answer) => answer.json<{ result: boolean }>().result)).toHaveLength(1);
    expect(count(answers, 'code_expired')).toBe(5);
    const client = await instances[0].db.selectFrom('clients').select('phone').where('pinfl', '=', '30107580000044').executeTakeFirstOrThrow();
    expect(client.phone).toBe(newPhone);
    // The notice is the outbox's: both instances delivering at once send it once.
    await Promise.all(instances.map((instance) => deliverOutbox(instance, { pacingMs: 0 })));
    expect(messagesTo(oldPhone).filter((message) => !/\d{6}/.test(message.text))).toHaveLength(1);
  });

  test('two clients confirming one new number at once: one has it, the other is told 409 phone_registered', async () => {
    expect(database.server, missing).toBeDefined();
    const newPhone = '998931000203';
    const first = await registered('998931000201', { passport_seria: 'AE', passport_number: '1234567', birthday: '12.09.1995' }, '10.2.6.1');
    const second = await registered('998931000202', { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985' }, '10.2.6.2');
    const firstId = await askedChange(0, first, newPhone, '10.2.6.3');
    const firstCode = codeSentBy(0, newPhone);
    // The number's resend wait passed (the database's clock cannot be moved: its row is).
    await instances[0].db.updateTable('sign_in_phones').set({ last_code_at: new Date(Date.now() - signInLimits.resendAfterMs - 1000) }).where('phone_key', '=', phoneKeyOf(testConfig().cabinet.secret, newPhone)).execute();
    const secondId = await askedChange(1, second, newPhone, '10.2.6.4');
    const secondCode = codeSentBy(1, newPhone);
    const answers = await Promise.all([
      send(0, 'change-phone/confirm', { request_id: firstId, code: firstCode }, '10.2.6.5', first),
      send(1, 'change-phone/confirm', { request_id: secondId, code: secondCode }, '10.2.6.6', second),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(count(answers, 'phone_registered')).toBe(1);
    const holders = await instances[1].db.selectFrom('clients').select('pinfl').where('phone', '=', newPhone).execute();
    expect(holders).toHaveLength(1);
  });
});
