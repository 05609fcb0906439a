import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { claimBody, claimData, fileClaim, fixtureClaimsDir, photoRef, vali } from '../../../tests/support/claim-filing';
import { issuedPolicy, signedInClient } from '../../../tests/support/cabinet-clients';
import type { Policy } from '../../db/database';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { loggerOptions } from '../../logging';
import { sessionCookieOf } from '../../plugins/app/cabinet';
import { assertMatchesSchema, fixtureFile, inDays, post, refusedFiles, siteAuth } from '../../test-helpers';
import { findPolicyLimit } from './index';

/**
 * Filing a claim (`/api/insurance-event/{product}/…`) against the fixture claim form: the policy
 * found by number with its holder's passport and birthday or among the signed-in client's own, the
 * event's day, each step and each file checked, and the claim, its files, its first status, the SMS
 * and the chat's message kept together or not at all; hostile bodies a 4xx naming the field.
 */

let app: FastifyInstance;
const lines: string[] = [];
let policy: Policy;
const holderPhone = '998901230001';

beforeAll(async () => {
  app = await buildApp(testConfig({ claimsDir: fixtureClaimsDir }), { logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } } });
  await app.ready();
  policy = await issuedPolicy(app, { phone: holderPhone, pinfls: [vali.pinfl], product: 'osago', beginDate: inDays(-60), endDate: inDays(300) });
});
afterAll(() => app.close());

const base = '/api/insurance-event/osago';
const messageOf = (answer: { json: <T>() => T }) => answer.json<{ message: string }>().message;
const fieldOf = (answer: { json: <T>() => T }) => answer.json<{ response: { field?: string } | null }>().response?.field;
const claimRow = (id: string) => app.db.selectFrom('claims').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const outboxOf = async (text: string) => (await app.db.selectFrom('outbox').select(['kind', 'phone', 'text']).execute()).filter((row) => row.text.includes(text));
const clients = new Map<string, Awaited<ReturnType<typeof signedInClient>>>();
/** A client's session as the site's cookie (registered on first use), with the XSRF double submit. */
const sessionCookie = async (phone: string, pinfl: string) => {
  if (!clients.has(phone)) clients.set(phone, await signedInClient(app, { phone, pinfl }));
  const { client, headers } = clients.get(phone) as Awaited<ReturnType<typeof signedInClient>>;
  return { client, cookie: `${sessionCookieOf(app.config.publicUrl).name}=${headers.authorization?.slice('Bearer '.length)}; XSRF-TOKEN=t0k3n`, xsrf: { 'x-xsrf-token': 't0k3n' } };
};

describe('policies and find-policy', () => {
  test('signed out: no policies; signed in: the client\'s own of the product, newest first; an unknown product 404', async () => {
    const out = await app.inject({ method: 'GET', url: `${base}/policies`, headers: { authorization: siteAuth } });
    expect(out.json()).toMatchObject({ result: true, response: { signed_in: false, policies: [] } });
    const { cookie } = await sessionCookie(holderPhone, vali.pinfl);
    const mine = await app.inject({ method: 'GET', url: `${base}/policies`, headers: { authorization: siteAuth, cookie } });
    assertMatchesSchema('claims/policies.response', mine.json<{ response: unknown }>().response);
    expect(mine.json()).toMatchObject({ response: { signed_in: true, policies: [{ id: policy.id, number: policy.number, subject: '01A123BC Chevrolet Cobalt', begin_date: inDays(-60), end_date: inDays(300) }] } });
    const travel = await app.inject({ method: 'GET', url: '/api/insurance-event/travel/policies', headers: { authorization: siteAuth } });
    expect([travel.statusCode, messageOf(travel)]).toEqual([404, 'claim_product_unknown']);
  });

  test('by number, passport and birthday; a wrong passport is the same 404 as an unknown number', async () => {
    const found = await post(app, `${base}/find-policy`, { policy_number: policy.number, passport: vali.passport, birthday: vali.birthday });
    expect(found.statusCode, found.body).toBe(200);
    assertMatchesSchema('claims/find-policy.response', found.json<{ response: unknown }>().response);
    expect(found.json<{ response: unknown }>().response).toEqual({ policy_number: policy.number, subject: '01A123BC Chevrolet Cobalt', begin_date: inDays(-60), end_date: inDays(300) });
    const wrongPerson = await post(app, `${base}/find-policy`, { policy_number: policy.number, passport: 'AB7654321', birthday: '1985-11-02' }, {}, );
    const unknown = await post(app, `${base}/find-policy`, { policy_number: 'OSG-0000-000000', passport: vali.passport, birthday: vali.birthday });
    for (const answer of [wrongPerson, unknown]) {
      expect([answer.statusCode, messageOf(answer), fieldOf(answer)]).toEqual([404, 'claim_policy_not_found', '/policy_number']);
    }
    expect(wrongPerson.body).toBe(unknown.body);
  });

  test(`after ${findPolicyLimit.attempts} misses from one address, 429 too_many_attempts, even for the right person; another address goes on`, async () => {
    const from = (remoteAddress: string, body: object) => app.inject({ method: 'POST', url: `${base}/find-policy`, payload: body, remoteAddress, headers: { authorization: siteAuth } });
    for (let i = 0; i < findPolicyLimit.attempts; i += 1) expect((await from('10.31.0.1', { policy_number: `X-${i}`, passport: vali.passport, birthday: vali.birthday })).statusCode).toBe(404);
    const held = await from('10.31.0.1', { policy_number: policy.number, passport: vali.passport, birthday: vali.birthday });
    expect([held.statusCode, messageOf(held)]).toEqual([429, 'too_many_attempts']);
    expect((await from('10.31.0.2', { policy_number: policy.number, passport: vali.passport, birthday: vali.birthday })).statusCode).toBe(200);
  });

  test('filing by number guesses as find-policy does: its misses count with them, and a held address files nothing', async () => {
    const remoteAddress = '10.31.0.3';
    const filing = (number: string) => fileClaim(app, claimBody(claimData({ number }, inDays(-2))), {}, remoteAddress);
    for (let i = 0; i < findPolicyLimit.attempts; i += 1) expect(messageOf(await filing(`X-${i}`))).toBe('claim_policy_not_found');
    const held = await filing(policy.number);
    expect([held.statusCode, messageOf(held), fieldOf(held)]).toEqual([429, 'too_many_attempts', '/policy/policyNumber']);
    const found = await app.inject({ method: 'POST', url: `${base}/find-policy`, payload: { policy_number: policy.number, passport: vali.passport, birthday: vali.birthday }, remoteAddress, headers: { authorization: siteAuth } });
    expect(found.statusCode).toBe(429);
  });
});

describe('filing', () => {
  test('signed out by number with two photos: the claim, its files, its first status, one SMS and one chat message, all at once', async () => {
    const answer = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(-2)), { returnUrl: '/ru/insurance-event/osago' }));
    expect(answer.statusCode, answer.body).toBe(200);
    const filed = answer.json<{ response: { claim_id: string; number: string; documents: string[]; answer_by: string } }>().response;
    assertMatchesSchema('claims/file.response', filed);
    expect(filed).toMatchObject({ number: expect.stringMatching(new RegExp(`^C${inDays(0).slice(2, 4)}-\\d{6}$`)), status: 'received', documents: ['police_report'], answer_by: inDays(15) });
    const row = await claimRow(filed.claim_id);
    expect(row).toMatchObject({ client_id: null, product: 'osago', policy_id: policy.id, event_date: inDays(-2), claim_status: 'received', phone: '998901234567', lang: 'ru', documents_needed: ['police_report'] });
    const files = await app.db.selectFrom('claim_files').innerJoin('claim_file_data', 'claim_file_data.file_id', 'claim_files.id').selectAll().where('claim_id', '=', filed.claim_id).orderBy('filename').execute();
    expect(files.map((file) => [file.kind, file.filename, file.content_type, file.size])).toEqual([['photos', 'pet-face.jpg', 'image/jpeg', 25_537], ['photos', 'pet-side.jpg', 'image/jpeg', 24_329]]);
    expect(Buffer.from(files[0]?.data ?? []).equals(Buffer.from(await fixtureFile('pet-face.jpg').arrayBuffer()))).toBe(true);
    expect(await app.db.selectFrom('claim_events').select(['status', 'actor']).where('claim_id', '=', filed.claim_id).execute()).toEqual([{ status: 'received', actor: 'claimant' }]);
    const messages = await outboxOf(filed.number);
    expect(messages.map((message) => message.kind).sort()).toEqual(['claim', 'sms']);
    expect(messages.find((message) => message.kind === 'sms')).toMatchObject({ phone: '998901234567', text: expect.stringContaining(`Ваше заявление ${filed.number} принято`) });
    const chat = messages.find((message) => message.kind === 'claim')?.text ?? '';
    expect(chat).toContain(policy.number);
    for (const personal of ['998901234567', vali.passport, '8600123412341234', 'VALI']) expect(chat).not.toContain(personal);
  });

  test('signed in with one of the client\'s policies: the claim is the client\'s; another client\'s policy is 404', async () => {
    const { client, cookie, xsrf } = await sessionCookie(holderPhone, vali.pinfl);
    const answer = await fileClaim(app, claimBody(claimData({ policyId: policy.id }, inDays(-1))), { cookie, ...xsrf });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await claimRow(answer.json<{ response: { claim_id: string } }>().response.claim_id)).client_id).toBe(client.id);
    const other = await sessionCookie('998901230002', '31505900009902');
    const refused = await fileClaim(app, claimBody(claimData({ policyId: policy.id }, inDays(-1))), { cookie: other.cookie, ...other.xsrf });
    expect([refused.statusCode, messageOf(refused), fieldOf(refused)]).toEqual([404, 'claim_policy_not_found', '/policy/policyId']);
    const signedOut = await fileClaim(app, claimBody(claimData({ policyId: policy.id }, inDays(-1))));
    expect([signedOut.statusCode, fieldOf(signedOut)]).toEqual([404, '/policy/policyId']);
  });

  test('a wrong passport is the same 404 as an unknown number; an event outside the cover or in the future is 400 at /event/date', async () => {
    const wrong = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(-1), { policy: { passport: 'AB7654321' } })));
    const unknown = await fileClaim(app, claimBody(claimData({ number: 'OSG-9999' }, inDays(-1))));
    for (const answer of [wrong, unknown]) expect([answer.statusCode, messageOf(answer), fieldOf(answer)]).toEqual([404, 'claim_policy_not_found', '/policy/policyNumber']);
    const before = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(-61))));
    expect([before.statusCode, messageOf(before), fieldOf(before)]).toEqual([400, 'claim_event_outside_cover', '/event/date']);
    const future = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(1))));
    expect([future.statusCode, messageOf(future), fieldOf(future)]).toEqual([400, 'claim_event_in_future', '/event/date']);
  });

  test('each step is checked against its schema, errors at fields the form hides left out; the refusal names the field', async () => {
    const short = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(-1), { event: { description: 'short' } })));
    expect([short.statusCode, fieldOf(short)]).toEqual([400, '/event/description']);
    // A card-paid claim has no account: its `account` and `mfo` are hidden, so their absence is no error.
    const badCard = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(-1), { payout: { card: '12' } })));
    expect([badCard.statusCode, fieldOf(badCard)]).toEqual([400, '/payout/card']);
    const account = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(-1), { payout: { method: 'account', card: undefined } })));
    expect([account.statusCode, fieldOf(account)]).toEqual([400, '/payout/account']);
    const stranger = await fileClaim(app, claimBody({ ...claimData({ number: policy.number }, inDays(-1)), receipt: {} }));
    expect([stranger.statusCode, fieldOf(stranger)]).toEqual([400, '/receipt']);
    // What a hidden field holds is neither checked nor filed.
    const hiddenValues = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(-5), { payout: { account: 'not an account', mfo: 'x'.repeat(500) }, policy: { policyId: 'anything' } })));
    expect(hiddenValues.statusCode, hiddenValues.body).toBe(200);
    const answers = (await claimRow(hiddenValues.json<{ response: { claim_id: string } }>().response.claim_id)).answers;
    expect(answers.payout).toEqual({ method: 'card', card: '8600123412341234', holder: 'VALI ALIYEV' });
    expect(answers.policy).not.toHaveProperty('policyId');
  });

  test('files: a FileRef without its part, a part of no FileRef, one sent twice, a file before the claim, a refused file: 4xx naming it', async () => {
    const data = claimData({ number: policy.number }, inDays(-1));
    const photo = (name: string) => ({ name, filename: 'pet-face.jpg', blob: fixtureFile('pet-face.jpg') });
    const missing = await fileClaim(app, claimBody(data, { files: [photo(photoRef(1).id)] }));
    expect([missing.statusCode, messageOf(missing), fieldOf(missing)]).toEqual([400, 'claim_file_missing', '/damage/photos/1']);
    const extra = await fileClaim(app, claimBody(data, { files: [photo(photoRef(1).id), photo(photoRef(2).id), photo(photoRef(9).id)] }));
    expect([extra.statusCode, fieldOf(extra)]).toEqual([400, `/${photoRef(9).id}`]);
    const twice = await fileClaim(app, claimBody(data, { files: [photo(photoRef(1).id), photo(photoRef(1).id), photo(photoRef(2).id)] }));
    expect([twice.statusCode, fieldOf(twice)]).toEqual([400, '/damage/photos/0']);
    const json = await post(app, `${base}/file`, { data });
    expect([json.statusCode, messageOf(json), fieldOf(json)]).toEqual([400, 'claim_file_missing', '/damage/photos/0']);
    // Photos take no PDF: a PDF cut short is refused by its type here.
    for (const file of refusedFiles().map((refused) => (refused.reason === 'unreadable' ? { ...refused, status: 415, reason: 'type' } : refused))) {
      const answer = await fileClaim(app, claimBody(data, { files: [{ name: photoRef(1).id, filename: file.filename, blob: file.blob }, photo(photoRef(2).id)] }));
      expect([answer.statusCode, answer.json<{ response: unknown }>().response], file.what).toEqual([file.status, { field: '/damage/photos/0', reason: file.reason }]);
    }
    expect(await app.db.selectFrom('claims').select('id').where('event_date', '=', inDays(-1)).where('description', '=', String(data.event?.description)).where('client_id', 'is', null).execute()).toHaveLength(0);
  });

  test('hostile bodies: bad JSON, NUL, prototype keys, wrong types, a repeated claim part: 4xx naming the field, never 5xx', async () => {
    const data = claimData({ number: policy.number }, inDays(-1));
    const raw = (claim: string, more: [string, string][] = []) => fileClaim(app, { fields: [['claim', claim], ...more], files: [] });
    const cases: [string, Awaited<ReturnType<typeof raw>>, string][] = [
      ['not JSON', await raw('{"data":'), '/claim'],
      ['a NUL', await raw(JSON.stringify({ data: { ...data, event: { ...data.event, description: 'A scratch\u0000on the door' } } })), '/data/event/description'],
      ['a prototype key', await raw('{"data":{"__proto__":{"admin":true}}}'), '/data/__proto__'],
      ['data not an object', await raw('{"data":[1,2]}'), '/data'],
      ['a number for text', await raw(JSON.stringify({ data: { ...data, event: { ...data.event, description: 12345678901 } } })), '/event/description'],
      ['a repeated claim', await raw(JSON.stringify({ data }), [['claim', JSON.stringify({ data })]]), '/claim'],
      ['a stranger field', await raw(JSON.stringify({ data }), [['admin', '1']]), '/admin'],
    ];
    for (const [what, answer, field] of cases) expect([answer.statusCode, fieldOf(answer)], `${what}: ${answer.body}`).toEqual([400, field]);
    const huge = await raw(JSON.stringify({ data, pad: 'x'.repeat(300 * 1024) }));
    expect([huge.statusCode, fieldOf(huge)]).toEqual([413, '/claim']);
  });

  test('the same Idempotency-Key twice: one claim, the first answer given again', async () => {
    const body = claimBody(claimData({ number: policy.number }, inDays(-3)));
    const headers = { 'idempotency-key': 'claim-once-1' };
    const first = await fileClaim(app, body, headers);
    const again = await fileClaim(app, body, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const { number } = first.json<{ response: { number: string } }>().response;
    expect(await app.db.selectFrom('claims').select('id').where('number', '=', number).execute()).toHaveLength(1);
    expect((await outboxOf(number)).map((row) => row.kind).sort()).toEqual(['claim', 'sms']);
  });

  test('a store failing after the first file leaves no claim, no file, no message', async () => {
    await sql`CREATE FUNCTION fail_second_claim_file() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF (SELECT count(*) FROM claim_file_data) >= (SELECT count(*) FROM claim_files) - 1 AND EXISTS (SELECT 1 FROM claim_file_data cd JOIN claim_files cf ON cf.id = cd.file_id WHERE cf.claim_id = (SELECT claim_id FROM claim_files WHERE id = NEW.file_id)) THEN RAISE EXCEPTION 'store down'; END IF; RETURN NEW; END $$`.execute(app.db);
    await sql`CREATE TRIGGER fail_second_claim_file BEFORE INSERT ON claim_file_data FOR EACH ROW EXECUTE FUNCTION fail_second_claim_file()`.execute(app.db);
    // The outbox's messages but the chat's report of the failure itself.
    const counts = async () => Promise.all(['claims', 'claim_files', 'claim_file_data', 'claim_events', 'outbox'].map(async (table) => Number((await sql<{ n: string }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${table === 'outbox' ? sql`kind <> 'failure'` : sql`true`}`.execute(app.db)).rows[0]?.n)));
    const before = await counts();
    try {
      const answer = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(-4))));
      expect(answer.statusCode).toBeGreaterThanOrEqual(500);
    } finally {
      await sql`DROP TRIGGER fail_second_claim_file ON claim_file_data`.execute(app.db);
      await sql`DROP FUNCTION fail_second_claim_file()`.execute(app.db);
    }
    expect(await counts()).toEqual(before);
  });

  test('the log holds no phone, passport, birthday or card of a claim', () => {
    const log = lines.join('\n');
    for (const personal of ['998901234567', vali.passport, '8600123412341234', 'A truck scratched']) expect(log).not.toContain(personal);
  });
});
