import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { issuedPolicy, signedInClient, unpaidContract } from '../../../tests/support/cabinet-clients';
import type { ClaimStatus, Client } from '../../db/database';
import { saveAnswer } from '../../lib/save-answer';
import { unpaidLifetimeMs } from '../../lib/unpaid-contracts';
import { assertMatchesSchema, createTestApp, inDays, payInSandbox, siteAuth } from '../../test-helpers';

/**
 * The cabinet's unfinished purchases (`get/unpaid`) and claims (`client-claims`): only the client's
 * own, found by phone or PINFL (contracts) and by client (claims); 401 without a session.
 */

let app: FastifyInstance;
let a: { client: Client; headers: Record<string, string> };
let b: { client: Client; headers: Record<string, string> };
const phoneA = '998901110001';
const phoneB = '998901110002';
const pinflA = '31505900001101';
const pinflB = '31505900001102';

beforeAll(async () => {
  app = await createTestApp();
  a = await signedInClient(app, { phone: phoneA, pinfl: pinflA });
  b = await signedInClient(app, { phone: phoneB, pinfl: pinflB, lang: 'ru' });
});
afterAll(() => app.close());

const base = '/api/shaxsiy_kabinet';
const get = (path: string, headers: Record<string, string>) => app.inject({ method: 'GET', url: `${base}/${path}`, headers });
/** A list call's answer for a signed-in client: 200, not cached, as its response schema says. */
async function listOf<T>(path: string, schema: string, headers: Record<string, string>): Promise<T[]> {
  const answer = await get(path, headers);
  expect(answer.statusCode, answer.body).toBe(200);
  expect(answer.headers['cache-control']).toBe('no-store');
  const { response } = answer.json<{ response: T[] }>();
  assertMatchesSchema(schema, response);
  return response;
}
type Unpaid = { contract_id: string; product: string; amount: number; created_at: string; expires_at: string; payment: Record<string, string | number> };
const unpaidOf = (headers: Record<string, string>) => listOf<Unpaid>('get/unpaid', 'cabinet/unpaid.response', headers);

describe('get/unpaid', () => {
  test('lists the client\'s contracts saved and not paid, found by phone or by PINFL, newest first, with the links their save answered; never another client\'s', async () => {
    const byPhone = await unpaidContract(app, { phone: phoneA, beginDate: inDays(1), endDate: inDays(365), amount: 168_000 });
    const byPinfl = await unpaidContract(app, { pinfls: ['31505900009999', pinflA], product: 'travel', beginDate: inDays(10), endDate: inDays(16), amount: 95_000 });
    const others = await unpaidContract(app, { phone: phoneB, pinfls: [pinflB], beginDate: inDays(1), endDate: inDays(365) });
    const listed = await unpaidOf(a.headers);
    expect(listed.map((row) => row.contract_id)).toEqual([byPinfl.id, byPhone.id]);
    expect(listed[1]).toEqual({
      contract_id: byPhone.id,
      product: 'osago',
      amount: 168_000,
      created_at: byPhone.created_at.toISOString(),
      expires_at: new Date(byPhone.created_at.getTime() + 12 * 3_600_000).toISOString(),
      payment: saveAnswer(app, byPhone),
    });
    expect(listed[1]?.payment).toMatchObject({ contract_id: byPhone.id, order_id: String(byPhone.order_id), amount: 168_000, payme_url: expect.stringMatching(/^http/), url: expect.stringMatching(/^http/) });
    expect((await unpaidOf(b.headers)).map((row) => row.contract_id)).toEqual([others.id]);
  });

  test('"continue to payment" from another device: the link pays the contract, which then leaves the list', async () => {
    const phone = '998901110003';
    const c = await signedInClient(app, { phone, pinfl: '31505900001103' });
    const contract = await unpaidContract(app, { phone, beginDate: inDays(1), endDate: inDays(365) });
    const [listed] = await unpaidOf(c.headers);
    expect(listed?.contract_id).toBe(contract.id);
    // No cookie, no state of the device that saved it: only the link.
    const paid = await payInSandbox(app, String(listed?.payment.payme_url));
    expect(paid.statusCode, paid.body).toBeLessThan(400);
    expect((await app.contracts.get(contract.id))?.status).toBe('issued');
    expect(await unpaidOf(c.headers)).toEqual([]);
  });

  test('not after 12 hours, nor once its cover has begun a day before, nor paid or cancelled', async () => {
    const phone = '998901110004';
    const c = await signedInClient(app, { phone, pinfl: '31505900001104' });
    const old = await unpaidContract(app, { phone, beginDate: inDays(2), endDate: inDays(365) });
    await app.db.updateTable('contracts').set({ created_at: new Date(Date.now() - unpaidLifetimeMs - 60_000) }).where('id', '=', old.id).execute();
    const begunYesterday = await unpaidContract(app, { phone, beginDate: inDays(-1), endDate: inDays(364) });
    const cancelled = await unpaidContract(app, { phone, beginDate: inDays(1), endDate: inDays(365) });
    await app.db.updateTable('contracts').set({ status: 'cancelled' }).where('id', '=', cancelled.id).execute();
    await issuedPolicy(app, { phone, beginDate: inDays(1), endDate: inDays(365) });
    const fresh = await unpaidContract(app, { phone, beginDate: inDays(0), endDate: inDays(365) });
    const listed = await unpaidOf(c.headers);
    expect(listed.map((row) => row.contract_id)).toEqual([fresh.id]);
    // Its cover begins today: offered until today ends in Tashkent, unless 12 hours come first.
    const endOfToday = new Date(`${inDays(1)}T00:00:00+05:00`).getTime();
    expect(new Date(listed[0]?.expires_at ?? '').getTime()).toBe(Math.min(endOfToday, fresh.created_at.getTime() + unpaidLifetimeMs));
    expect(listed.map((row) => row.contract_id)).not.toContain(begunYesterday.id);
  });
});

describe('client-claims', () => {
  let claimSeq = 0;
  const fileClaim = async (clientId: string, eventDate: string, status: ClaimStatus, policyId: string | null = null) => {
    claimSeq += 1;
    const id = randomUUID();
    await app.db.insertInto('claims').values({ id, client_id: clientId, number: `CLM-${claimSeq}`, product: 'osago', policy_id: policyId, event_date: eventDate, claim_status: status, description: 'A scratch on the door', created_at: new Date(), updated_at: new Date() }).execute();
    return id;
  };
  type Claim = { id: string; number: string; product: string; policy_number: string | null; event_date: string; claim_status: string; created_at: string; documents_needed: string[] };
  const claimsOf = (headers: Record<string, string>) => listOf<Claim>('client-claims', 'cabinet/client-claims.response', headers);

  test('is empty until the client files a claim; then lists the client\'s own, newest event first, with the policy number; never another client\'s', async () => {
    const phone = '998901110005';
    const c = await signedInClient(app, { phone, pinfl: '31505900001105' });
    const d = await signedInClient(app, { phone: '998901110006', pinfl: '31505900001106' });
    expect(await claimsOf(c.headers)).toEqual([]);
    const policy = await issuedPolicy(app, { phone, beginDate: inDays(-100), endDate: inDays(265) });
    const older = await fileClaim(c.client.id, inDays(-40), 'paid');
    const newer = await fileClaim(c.client.id, inDays(-3), 'under_review', policy.id);
    const others = await fileClaim(d.client.id, inDays(-1), 'received');
    const listed = await claimsOf(c.headers);
    expect(listed.map((claim) => claim.id)).toEqual([newer, older]);
    expect(listed[0]).toEqual({ id: newer, number: expect.stringMatching(/^CLM-/), product: 'osago', policy_number: policy.number, event_date: inDays(-3), claim_status: 'under_review', created_at: expect.any(String), documents_needed: [] });
    expect(listed[1]).toMatchObject({ id: older, policy_number: null, claim_status: 'paid' });
    expect((await claimsOf(d.headers)).map((claim) => claim.id)).toEqual([others]);
  });
});

describe('without a session', () => {
  test('both answer 401 session_expired: with the site credential only, a token that is no session, or nothing', async () => {
    for (const path of ['get/unpaid', 'client-claims']) {
      const sessions: Record<string, string>[] = [{ authorization: siteAuth }, { authorization: `Bearer ${'A'.repeat(43)}` }, { authorization: siteAuth, cookie: `__Host-session=${'A'.repeat(43)}` }];
      for (const headers of sessions) {
        const answer = await get(path, headers);
        expect(answer.statusCode, `${path} ${JSON.stringify(headers)}`).toBe(401);
        expect(answer.json()).toMatchObject({ result: false, message: 'session_expired' });
      }
      expect((await get(path, {})).statusCode).toBe(401);
    }
  });
});

describe('fuzz', () => {
  const hostile = fc.oneof(
    fc.constantFrom('', '\u0000', '%00', '%ff%fe', '../../etc/passwd', "' OR 1=1 --", 'x'.repeat(8_000), '\uD800', '🏠', '%E0%A4%A'),
    fc.string({ unit: 'binary', maxLength: 30 }),
  );
  /** Every UTF-8 byte percent-encoded (a lone surrogate as U+FFFD's bytes): what a client could send of any text. */
  const encoded = (text: string) => [...Buffer.from(text, 'utf8')].map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join('');
  test('hostile query strings, tokens, cookies and methods: never a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('get/unpaid', 'client-claims'),
        hostile,
        hostile,
        fc.constantFrom('signed-in', 'bearer', 'cookie', 'none'),
        fc.constantFrom('GET', 'HEAD', 'POST', 'DELETE'),
        async (path, query, token, who, method) => {
          const headers: Record<string, string> =
            who === 'signed-in' ? a.headers
              : who === 'bearer' ? { authorization: `Bearer ${encoded(token)}` }
                : who === 'cookie' ? { authorization: siteAuth, cookie: `__Host-session=${encoded(token)}` } : {};
          const answer = await app.inject({ method: method as 'GET', url: `${base}/${path}?${encoded(query)}=${query.replace(/[^\x21-\x22\x24-\x7e]/g, '')}&x=1&x=2`, headers });
          expect(answer.statusCode, `${method} ${path} ${who} ${answer.body.slice(0, 200)}`).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
    expect((await get('get/unpaid', a.headers)).statusCode).toBe(200);
  }, 120_000);
});
