import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { addDays } from '../../../products/kit/api/api-format';
import { signIn } from '../../../tests/support/cabinet-clients';
import { pdfText } from '../../../tests/support/pdf-text';
import { buildApp } from '../../app';
import { testConfig } from '../../config';
import { sessionCookieOf } from '../../plugins/app/cabinet';
import { todayInTashkent } from '../../dates';
import { loggerOptions } from '../../logging';
import { assertMatchesSchema, homeSaveBody, neoAuth, payInSandbox, post, siteAuth, travelPrice, travelSaveBody } from '../../test-helpers';

/**
 * The cabinet's policies: a policy bought signed out with a phone, or sold through a partner with
 * the client's PINFL as policyholder, is found once the client signs in; every call looks a policy
 * up by (client, id), so another client's id is a 404 like an id of nobody's.
 */

const lines: string[] = [];
let app: FastifyInstance;

// Vali Aliyev signs in with the phone a home policy of Dilnoza Karimova's was bought with (found by
// the phone) and owns a travel policy a partner sold to his PINFL with another phone (found by it).
const valiPhone = '998901112233';
const partnerPhone = '998971234321';
const dilnozaPhone = '998935554433';
const vali = { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' };
const dilnoza = { passport_seria: 'AB', passport_number: '7654321', birthday: '02.11.1985' };
const rustam = { passport_seria: 'AD', passport_number: '2222222', birthday: '01.07.1958' };

let home: { id: string; number: string };
let travel: { id: string; number: string };
let valiSession: Record<string, string>;
let dilnozaSession: Record<string, string>;
let rustamSession: Record<string, string>;

const base = '/api/shaxsiy_kabinet';
const get = (path: string, headers: Record<string, string>) => app.inject({ method: 'GET', url: `${base}/${path}`, headers });
const policyOf = (contractId: string) => app.db.selectFrom('policies').select(['id', 'number']).where('contract_id', '=', contractId).executeTakeFirstOrThrow();

async function paid(saved: { contract_id: string; payme_url: string }) {
  expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
  return policyOf(saved.contract_id);
}

beforeAll(async () => {
  app = await buildApp(testConfig(), { logger: { ...loggerOptions('trace'), stream: { write: (line: string) => lines.push(line) } } });
  await app.ready();
  // Bought on the site, signed out: Dilnoza insures her home and gives Vali's phone.
  const homeSaved = await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody({ applicant: { ...homeSaveBody().applicant, phone: valiPhone } }));
  home = await paid(homeSaved.json().response);
  // Sold by a partner: Vali is the payer, with a phone that is not his cabinet's.
  const body = travelSaveBody(await travelPrice(app));
  const travelSaved = await post(app, '/api/travel-neo/save-polis', { ...body, sugurtalovchi: { ...body.sugurtalovchi, phone: partnerPhone } }, { authorization: neoAuth });
  expect(travelSaved.statusCode, travelSaved.body).toBe(200);
  travel = await paid(travelSaved.json().response);
  valiSession = await signIn(app, valiPhone, vali, '10.7.1.1');
  dilnozaSession = await signIn(app, dilnozaPhone, dilnoza, '10.7.1.2');
  rustamSession = await signIn(app, '998991234000', rustam, '10.7.1.3');
});
afterAll(() => app.close());

const policyList = async (headers: Record<string, string>) => {
  const answer = await get('get/policy-new', headers);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json<{ response: { id: string; number: string; status: string; renewable: boolean }[] }>().response;
};

/** Sets the home policy's last day (and whether it was refunded) as if time had passed. */
const homeEnds = (endDate: string, revoked = false) =>
  app.db.updateTable('policies').set({ end_date: endDate, revoked_at: revoked ? new Date() : null }).where('id', '=', home.id).execute();

describe('get/policy-new', () => {
  test('lists the policies bought with the client\'s phone and those naming the client\'s PINFL, newest first, with what each insures', async () => {
    const answer = await get('get/policy-new', valiSession);
    expect(answer.headers['cache-control']).toBe('no-store');
    const list = answer.json<{ response: unknown[] }>().response;
    assertMatchesSchema('cabinet/policy-new.response', list);
    expect(list).toEqual([
      // A week's trip ten days ahead ends within 30 days: it may be renewed already.
      expect.objectContaining({ id: travel.id, number: travel.number, product: 'travel', takoful: 1, status: 'ending', plate: null, subject: 'Turkiya / Турция', insured: [{ name: 'Vali Aliyev' }], renewable: true }),
      expect.objectContaining({ id: home.id, number: home.number, product: 'home', takoful: 1, status: 'active', renewable: false, subject: expect.stringContaining('Chilonzor'), premium: 70_000, insured: [{ name: 'Dilnoza Karimova' }] }),
    ]);
    // Dilnoza, the home's applicant, finds it by her PINFL; the travel policy is not hers. Rustam has none.
    expect((await policyList(dilnozaSession)).map((policy) => policy.id)).toEqual([home.id]);
    expect(await policyList(rustamSession)).toEqual([]);
  });

  test('lists only policies flagged takaful (1), the flag every policy is issued with', async () => {
    expect(await app.db.selectFrom('policies').select('takoful').where('id', 'in', [home.id, travel.id]).execute()).toEqual([{ takoful: 1 }, { takoful: 1 }]);
    await app.db.updateTable('policies').set({ takoful: 0 }).where('id', '=', travel.id).execute();
    try {
      expect((await policyList(valiSession)).map((policy) => policy.id)).toEqual([home.id]);
      expect((await get(`get/policy/${travel.id}`, valiSession)).statusCode).toBe(404);
    } finally {
      await app.db.updateTable('policies').set({ takoful: 1 }).where('id', '=', travel.id).execute();
    }
  });

  test('says ending within 30 days, ended after the last day, cancelled once refunded; the ending and ended may be renewed', async () => {
    const today = todayInTashkent();
    const statusOf = async () => (await policyList(valiSession)).find((policy) => policy.id === home.id);
    try {
      await homeEnds(addDays(today, 31));
      expect(await statusOf()).toMatchObject({ status: 'active', renewable: false });
      await homeEnds(addDays(today, 30));
      expect(await statusOf()).toMatchObject({ status: 'ending', renewable: true });
      await homeEnds(today);
      expect(await statusOf()).toMatchObject({ status: 'ending', renewable: true });
      await homeEnds(addDays(today, -1));
      expect(await statusOf()).toMatchObject({ status: 'ended', renewable: true });
      await homeEnds(addDays(today, 10), true);
      expect(await statusOf()).toMatchObject({ status: 'cancelled', renewable: false });
      // A refunded policy covers nothing: its PDF is not handed out as if it did.
      expect((await get(`get/policy/${home.id}/pdf`, valiSession)).json()).toMatchObject({ error: 410, message: 'policy_cancelled' });
    } finally {
      await homeEnds(addDays(today, 365));
    }
  });
});

describe('get/policy/:id', () => {
  test('one of the client\'s policies with its PDF, verification page, payment and contract', async () => {
    const answer = await get(`get/policy/${home.id}`, valiSession);
    expect(answer.headers['cache-control']).toBe('no-store');
    const policy = answer.json<{ response: { verify_url: string; pdf_url: string } }>().response;
    assertMatchesSchema('cabinet/policy.response', policy);
    expect(policy).toMatchObject({
      id: home.id,
      pdf_url: `/api/shaxsiy_kabinet/get/policy/${home.id}/pdf`,
      verify_url: app.policies.verifyUrl(home),
      payment: { provider: 'payme', amount: 70_000, paid_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) },
      contract: { channel: 'site', order_id: expect.stringMatching(/^\d{16}$/) },
      conditions: [],
    });
    // The QR code's page names the policy.
    const verify = await app.inject(new URL(policy.verify_url).pathname + new URL(policy.verify_url).search);
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain(home.number);
    expect((await get(`get/policy/${travel.id}`, valiSession)).json()).toMatchObject({ response: { contract: { channel: 'neo' }, conditions: expect.arrayContaining([expect.any(String)]) } });
  });

  test('the PDF of the client\'s own policy, drawn on the first download', async () => {
    const answer = await get(`get/policy/${home.id}/pdf`, valiSession);
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('application/pdf');
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(pdfText(answer.rawPayload)).toContain(home.number);
  });

  test('the page\'s PDF link opens with the session cookie alone; no other call does, and nobody else\'s policy opens so', async () => {
    const cookie = valiSession.cookie ?? '';
    expect(cookie).toMatch(new RegExp(`^${sessionCookieOf(app.config.publicUrl).name}=`));
    const opened = await get(`get/policy/${home.id}/pdf`, { cookie });
    expect(opened.statusCode).toBe(200);
    expect(pdfText(opened.rawPayload)).toContain(home.number);
    expect((await get(`get/policy/${home.id}`, { cookie })).statusCode).toBe(401);
    expect((await get(`get/policy/${randomUUID()}/pdf`, { cookie })).statusCode).toBe(404);
    expect((await get(`get/policy/${home.id}/pdf`, { cookie: `${sessionCookieOf(app.config.publicUrl).name}=${'a'.repeat(43)}` })).statusCode).toBe(401);
  });
});

describe('get/renewal/:id', () => {
  test('answers the stored request and the renewal\'s first day for an ending or ended policy, 409 for one running longer or cancelled', async () => {
    const today = todayInTashkent();
    try {
      const running = await get(`get/renewal/${home.id}`, valiSession);
      expect(running.statusCode).toBe(409);
      expect(running.json()).toMatchObject({ result: false, message: 'policy_not_renewable' });
      await homeEnds(addDays(today, 20));
      const ending = await get(`get/renewal/${home.id}`, valiSession);
      assertMatchesSchema('cabinet/renewal.response', ending.json<{ response: unknown }>().response);
      expect(ending.json()).toMatchObject({ result: true, response: { product: 'home', end_date: addDays(today, 20), renew_from: addDays(today, 21), request: { program_id: 1, address: 'Tashkent, Chilonzor 5, 12', applicant: { passport_number: '7654321' } } } });
      await homeEnds(addDays(today, -40));
      expect((await get(`get/renewal/${home.id}`, valiSession)).json()).toMatchObject({ response: { renew_from: addDays(today, 1) } });
      await homeEnds(addDays(today, 5), true);
      expect((await get(`get/renewal/${home.id}`, valiSession)).statusCode).toBe(409);
    } finally {
      await homeEnds(addDays(today, 365));
    }
  });
});

describe('another client\'s policy', () => {
  test('is a 404 on every call, the PDF and renewal too, as an id of nobody\'s or a malformed one', async () => {
    const today = todayInTashkent();
    await homeEnds(addDays(today, 5));
    try {
      const calls = (id: string) => [`get/policy/${id}`, `get/policy/${id}/pdf`, `get/renewal/${id}`];
      // Rustam owns neither; Dilnoza does not own the travel policy. Each of these is the owner's a 200 (the home's renewal too, ending).
      for (const [headers, id] of [[rustamSession, home.id], [rustamSession, travel.id], [dilnozaSession, travel.id]] as const) {
        for (const path of calls(id)) {
          const answer = await get(path, headers);
          expect(answer.statusCode, path).toBe(404);
          expect(answer.json(), path).toEqual({ result: false, error: 404, message: 'policy_not_found', response: null });
        }
      }
      for (const path of calls(home.id)) expect((await get(path, valiSession)).statusCode, path).toBe(200);
      for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid', `${home.id}x`, home.id.slice(1), '1', `${home.id.slice(0, 35)}%00`, "'%20OR%201=1--"]) {
        for (const path of calls(id)) {
          const answer = await get(path, valiSession);
          expect(answer.statusCode, path).toBeGreaterThanOrEqual(400);
          expect(answer.statusCode, path).toBeLessThan(500);
          if (!path.includes('%00')) expect(answer.json(), path).toMatchObject({ message: 'policy_not_found' });
        }
      }
    } finally {
      await homeEnds(addDays(today, 365));
    }
  });

  test('without a session every policy call is 401 session_expired, a Bearer token of nobody\'s too', async () => {
    for (const path of ['get/policy-new', `get/policy/${home.id}`, `get/policy/${home.id}/pdf`, `get/renewal/${home.id}`]) {
      for (const headers of [{ authorization: siteAuth }, { authorization: `Bearer ${'a'.repeat(43)}` }]) {
        const answer = await get(path, headers);
        expect(answer.statusCode, path).toBe(401);
        expect(answer.json(), path).toMatchObject({ message: 'session_expired' });
        expect(answer.headers['cache-control']).toBe('no-store');
      }
    }
  });
});

describe('get/info', () => {
  test('gives the client\'s own passport, for a flow\'s applicant step', async () => {
    const answer = await get('get/info', valiSession);
    assertMatchesSchema('cabinet/info.response', answer.json<{ response: unknown }>().response);
    expect(answer.json()).toMatchObject({ response: { passport_seria: 'AA', passport_number: '1234567', phone: valiPhone } });
  });
});

describe('the log', () => {
  test('holds no phone, passport or session token of the policy calls', async () => {
    for (const path of ['get/policy-new', `get/policy/${home.id}`, `get/policy/${home.id}/pdf`, `get/renewal/${home.id}`, 'get/info']) await get(path, valiSession);
    const log = lines.join('\n');
    expect(log).toContain(`/get/policy/${home.id}`);
    const token = valiSession.cookie?.split('=')[1] ?? '';
    for (const secret of [valiPhone, valiPhone.slice(3), partnerPhone, dilnozaPhone, '1234567', '7654321', token]) expect(log, secret).not.toContain(secret);
  });
});
