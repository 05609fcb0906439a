import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assertMatchesSchema, homeSaveBody, payInSandbox, siteAuth } from '../../test-helpers';
import { cabinetTest, people, type SignedIn } from './test-kit';

/**
 * Referrals: a client's code and link, the `ref` cookie a visitor arriving through it gets from the
 * page, and the purchases counted for the client from the saves that read it.
 */

let kit: Awaited<ReturnType<typeof cabinetTest>>;
let site: string;
let vali: SignedIn;
let valiId: string;
let code: string;
beforeAll(async () => {
  // A built site of one page: every page address is answered with it.
  site = mkdtempSync(join(tmpdir(), 'referrals-site-'));
  writeFileSync(join(site, 'index.html'), '<!doctype html><html lang="uz"><head><title>Shop</title></head><body><div id="root"></div></body></html>');
  kit = await cabinetTest('70', { siteDir: site });
  vali = await kit.register(people.vali);
  valiId = (await kit.app.db.selectFrom('clients').select('id').where('phone', '=', vali.phone).executeTakeFirstOrThrow()).id;
  code = (await referrals(vali)).json<{ response: { code: string } }>().response.code;
});
afterAll(async () => {
  await kit.app.close();
  rmSync(site, { recursive: true, force: true });
});

const referrals = (client: SignedIn) => kit.get('get/referrals', client.bearer);
const page = (url: string, accept = 'text/html,application/xhtml+xml') => kit.app.inject({ method: 'GET', url, headers: { accept } });
const refCookie = (answer: Awaited<ReturnType<typeof page>>) => answer.cookies.find((cookie) => cookie.name === 'ref');

/** A home policy saved by a browser carrying `cookie` (with the XSRF token, as the site's script sends it); its contract's referrer. */
async function saveWith(cookie: string): Promise<{ contractId: string; paymeUrl: string; referrer: string | null }> {
  const saved = await kit.app.inject({ method: 'POST', url: '/api/sayt/uyjoy-api/save', payload: homeSaveBody(), headers: { authorization: siteAuth, cookie: `${cookie}; XSRF-TOKEN=t0k3n`, 'x-xsrf-token': 't0k3n' } });
  expect(saved.statusCode, saved.body).toBe(200);
  const { contract_id: contractId, payme_url: paymeUrl } = saved.json<{ response: { contract_id: string; payme_url: string } }>().response;
  const row = await kit.app.db.selectFrom('contracts').select('referrer_client_id').where('id', '=', contractId).executeTakeFirstOrThrow();
  return { contractId, paymeUrl, referrer: row.referrer_client_id };
}

const purchases = async (client: SignedIn) => (await referrals(client)).json<{ response: { purchases: number } }>().response.purchases;

describe('get/referrals', () => {
  test('every client has a code of their own, the same each time; the link is the home page in their language with it', async () => {
    const answer = await referrals(vali);
    expect(answer.headers['cache-control']).toBe('no-store');
    expect(answer.json()).toEqual({ result: true, error: 0, message: 'ok', response: { code, link: `${kit.app.config.publicUrl}/uz?ref=${code}`, purchases: 0 } });
    expect(code).toMatch(/^[A-Z2-7]{8}$/);
    assertMatchesSchema('cabinet/referrals.response', answer.json<{ response: unknown }>().response);
    const other = await kit.register(people.dilnoza);
    const otherCode = (await referrals(other)).json<{ response: { code: string } }>().response.code;
    expect(otherCode).toMatch(/^[A-Z2-7]{8}$/);
    expect(otherCode).not.toBe(code);
    // Asked at once, a client still gets one code.
    const codes = await Promise.all([referrals(other), referrals(other)]);
    expect(codes.map((c) => c.json<{ response: { code: string } }>().response.code)).toEqual([otherCode, otherCode]);
    await kit.post('edit-profile', { lang: 'ru' }, other.bearer);
    expect((await referrals(other)).json()).toMatchObject({ response: { link: `${kit.app.config.publicUrl}/ru?ref=${otherCode}` } });
    expect((await kit.get('get/referrals', { authorization: siteAuth })).json()).toMatchObject({ message: 'session_expired' });
  });
});

describe('the ref cookie', () => {
  test('a visitor arriving at any page with ?ref=<code> gets it from the page\'s answer, for 30 days', async () => {
    for (const url of [`/uz?ref=${code}`, `/ru/travel?utm_source=tg&ref=${code}`, `/?ref=${code.toLowerCase()}`, `/en/no-such-page?ref=${code}`]) {
      const answer = await page(url);
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(refCookie(answer), url).toMatchObject({ value: code, path: '/', maxAge: 30 * 24 * 60 * 60, httpOnly: true, sameSite: 'Lax' });
    }
  });

  test('a malformed code, an API call or a script\'s request gets none', async () => {
    for (const url of ['/uz?ref=ABC', '/uz?ref=ABCDEFG1', `/uz?ref=${code}A`, `/uz?ref=%00${code.slice(1)}`, '/uz?ref=%3Cscript%3E', '/uz?ref=', `/uz?reff=${code}`]) {
      const answer = await page(url);
      expect(answer.statusCode, url).toBeLessThan(500);
      expect(refCookie(answer), url).toBeUndefined();
    }
    expect(refCookie(await page(`/uz?ref=${code}`, '*/*'))).toBeUndefined();
    expect(refCookie(await page(`/api/sayt/contract/check?ref=${code}`))).toBeUndefined();
  });
});

describe('the save', () => {
  test('stores the referrer of the cookie; a purchase counts for them once it is paid', async () => {
    const before = await purchases(vali);
    const bought = await saveWith(`ref=${code}`);
    expect(bought.referrer).toBe(valiId);
    expect(await purchases(vali)).toBe(before);
    expect((await payInSandbox(kit.app, bought.paymeUrl)).statusCode).toBe(303);
    expect(await purchases(vali)).toBe(before + 1);
    // A code written in lower case is the same code; a purchase saved but not paid is none yet.
    expect((await saveWith(`ref=${code.toLowerCase()}`)).referrer).toBe(valiId);
    expect(await purchases(vali)).toBe(before + 1);
  });

  test('never counts a client\'s purchase through their own link', async () => {
    const before = await purchases(vali);
    const own = await saveWith(`ref=${code}; __Host-session=${vali.token}`);
    expect(own.referrer).toBeNull();
    await payInSandbox(kit.app, own.paymeUrl);
    expect(await purchases(vali)).toBe(before);
    // The buyer named by the save's phone or PINFL is the referrer: no referral either.
    expect(await kit.app.referrals.referrerOf({ ref: code }, { phone: vali.phone })).toBeNull();
    expect(await kit.app.referrals.referrerOf({ ref: code }, { phone: '998901234567', pinfls: ['41102850000022', '31505900000011'] })).toBeNull();
    expect(await kit.app.referrals.referrerOf({ ref: code }, { phone: '998901234567', pinfls: ['41102850000022'] })).toBe(valiId);
  });

  test('a malformed or unknown code is ignored, never an error for the buyer', async () => {
    for (const cookie of ['ref=ZZZZZZZZ', 'ref=ABC', `ref=${code}%00`, `ref=${'A'.repeat(2000)}`, `ref=; ref=${code}x`, 'ref=%E0%A4%A']) {
      const saved = await saveWith(cookie);
      expect(saved.referrer, cookie).toBeNull();
    }
  });
});
