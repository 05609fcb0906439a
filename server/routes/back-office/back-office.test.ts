/*
 * The back office's calls (`/api/back-office/…`): its own token and no other credential, the claims
 * listed and shown (phone and payout masked), a file's bytes, and moving a claim by the allowed moves
 * only, each change told by one SMS.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { signedInClient } from '../../../tests/support/cabinet-clients';
import { backOfficeAuth, insertClaim, smsTo } from '../../../tests/support/back-office-claims';
import type { ClaimStatus } from '../../db/database';
import { createTestApp, neoAuth, siteAuth } from '../../test-helpers';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validates = (schema: string, value: unknown) => {
  const check = ajv.compile(app.apiSchema(schema));
  expect(check(value), JSON.stringify(check.errors)).toBe(true);
};

const get = (url: string, headers: Record<string, string> = backOfficeAuth) => app.inject({ method: 'GET', url: `/api/back-office/${url}`, headers });
const move = (id: string, body: object, headers: Record<string, string> = backOfficeAuth) => app.inject({ method: 'POST', url: `/api/back-office/claims/${id}/status`, payload: body, headers });
const messageOf = (answer: LightMyRequestResponse) => answer.json<{ message: string }>().message;
const fieldOf = (answer: LightMyRequestResponse) => answer.json<{ response: { field?: string } | null }>().response?.field;
const statusOf = async (id: string) => (await app.db.selectFrom('claims').select('claim_status').where('id', '=', id).executeTakeFirstOrThrow()).claim_status;
const eventsOf = (id: string) => app.db.selectFrom('claim_events').select(['status', 'reason', 'documents', 'amount', 'actor']).where('claim_id', '=', id).orderBy('id').execute();

describe('the back office\'s credential', () => {
  test('none, the site\'s or a partner\'s Basic credential, a cabinet session and a wrong token are refused with 401 back_office_unauthorized; its token is taken', async () => {
    const id = await insertClaim(app.db);
    const { headers: session } = await signedInClient(app, { phone: '998901110001', pinfl: '31505900000001' });
    const refused = [{}, { authorization: siteAuth }, { authorization: neoAuth }, session, { authorization: 'Bearer back-office-sandboy' }, { authorization: 'Bearer back-office-sandbox-and-more' }, { authorization: 'Basic back-office-sandbox' }, { authorization: 'Bearer ' }];
    for (const headers of refused) {
      for (const answer of [await get('claims', headers), await get(`claims/${id}`, headers), await move(id, { status: 'under_review' }, headers)]) {
        expect(answer.statusCode, JSON.stringify(headers)).toBe(401);
        expect(messageOf(answer)).toBe('back_office_unauthorized');
        expect(answer.headers['cache-control']).toBe('no-store');
      }
    }
    expect(await statusOf(id)).toBe('received');
    expect((await get('claims')).statusCode).toBe(200);
    expect((await get(`claims/${id}`)).statusCode).toBe(200);
  });

  test('the site API\'s hook does not guard it: no XSRF asked of a POST with cookies, and the site\'s credential with the token\'s name is still refused', async () => {
    const id = await insertClaim(app.db);
    const answer = await move(id, { status: 'under_review' }, { ...backOfficeAuth, cookie: 'XSRF-TOKEN=abc' });
    expect(answer.statusCode).toBe(200);
    const basic = `Basic ${Buffer.from('back-office:back-office-sandbox').toString('base64')}`;
    expect((await get('claims', { authorization: basic })).statusCode).toBe(401);
  });
});

describe('claims and a claim', () => {
  test('lists claims newest first, by status and a page at a time', async () => {
    const first = await insertClaim(app.db, { status: 'approved', payoutAmount: 1_000_000 });
    const second = await insertClaim(app.db, { status: 'approved', payoutAmount: 2_000_000 });
    const listed = (await get('claims?status=approved')).json<{ response: { id: string; claim_status: string; created_at: string }[] }>().response;
    validates('back-office/claims.response', listed);
    expect(listed.map((claim) => claim.id).slice(0, 2)).toEqual([second, first]);
    expect(listed.every((claim) => claim.claim_status === 'approved')).toBe(true);
    const page = (await get('claims?status=approved&limit=1')).json<{ response: { id: string; created_at: string }[] }>().response;
    expect(page.map((claim) => claim.id)).toEqual([second]);
    const next = (await get(`claims?status=approved&limit=1&before=${encodeURIComponent(page[0]!.created_at)}`)).json<{ response: { id: string }[] }>().response;
    expect(next.map((claim) => claim.id)).toEqual([first]);
  });

  test('a claim: the cabinet\'s detail with the phone and the payout card masked, its file\'s bytes as an attachment', async () => {
    const id = await insertClaim(app.db);
    const answer = await get(`claims/${id}`);
    expect(answer.statusCode).toBe(200);
    const detail = answer.json<{ response: Record<string, unknown> & { files: { url: string; kind: string }[] } }>().response;
    validates('back-office/claim.response', detail);
    expect(detail).toMatchObject({
      id, claim_status: 'received', product: 'osago', event_date: '2026-11-20', answer_by: '2026-12-20', phone: '99890*****67',
      payout: { method: 'card', masked: '8600 •••• •••• 1234' },
      documents: [{ kind: 'police_report', needed: true, sent: 0 }, { kind: 'photos', needed: false, sent: 1 }],
      documents_needed: ['police_report'],
      timeline: [{ status: 'received', reason: null, documents: [], amount: null }],
      answers: { payout: { method: 'card', card: '8600 •••• •••• 1234', holder: 'VALI ALIYEV' }, policy: { phone: '99890*****67' } },
    });
    expect(JSON.stringify(detail)).not.toContain('8600123456781234');
    expect(JSON.stringify(detail)).not.toContain('998901234567');
    const file = await app.inject({ method: 'GET', url: detail.files[0]!.url, headers: backOfficeAuth });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');
    expect(file.headers['content-disposition']).toBe("attachment; filename=\"door.jpg\"; filename*=UTF-8''door.jpg");
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.rawPayload).toEqual(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    // Without the token, or another claim's id with this file's id: nothing.
    expect((await app.inject({ method: 'GET', url: detail.files[0]!.url, headers: { authorization: siteAuth } })).statusCode).toBe(401);
    const other = await insertClaim(app.db);
    const crossed = await app.inject({ method: 'GET', url: detail.files[0]!.url.replace(id, other), headers: backOfficeAuth });
    expect(crossed.statusCode).toBe(404);
    expect(messageOf(crossed)).toBe('claim_file_not_found');
  });

  test('an unknown claim is 404 claim_not_found; a malformed id or query a 400 naming it', async () => {
    for (const answer of [await get(`claims/${randomUUID()}`), await move(randomUUID(), { status: 'under_review' })]) {
      expect(answer.statusCode).toBe(404);
      expect(messageOf(answer)).toBe('claim_not_found');
    }
    expect(fieldOf(await get('claims/not-a-uuid'))).toBe('/id');
    expect(fieldOf(await get('claims?status=lost'))).toBe('/status');
    expect(fieldOf(await get('claims?limit=0'))).toBe('/limit');
    expect(fieldOf(await get('claims?before=yesterday'))).toBe('/before');
  });
});

describe('moving a claim', () => {
  const allowed: [ClaimStatus, object][] = [
    ['received', { status: 'documents_requested', documents: ['police_report'] }],
    ['received', { status: 'under_review' }],
    ['received', { status: 'declined', reason: 'The policy does not cover it' }],
    ['documents_requested', { status: 'under_review' }],
    ['documents_requested', { status: 'declined', reason: 'No documents came' }],
    ['under_review', { status: 'documents_requested', documents: ['photos', 'police_report'] }],
    ['under_review', { status: 'approved', amount: 1_500_000, reason: 'Repair of the door' }],
    ['under_review', { status: 'declined', reason: 'Damage before the cover' }],
    ['approved', { status: 'paid' }],
  ];
  test.each(allowed)('from %s: %j is taken, recorded once and told by one SMS', async (from, body) => {
    const phone = `99893${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const id = await insertClaim(app.db, { status: from, phone, payoutAmount: from === 'approved' ? 2_500_000 : null });
    const answer = await move(id, body);
    expect(answer.statusCode, answer.body).toBe(200);
    const detail = answer.json<{ response: { claim_status: string; timeline: unknown[] } }>().response;
    validates('back-office/claim.response', detail);
    const { status } = body as { status: ClaimStatus };
    expect(detail.claim_status).toBe(status);
    expect(detail.timeline).toHaveLength(2);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ status, actor: 'back_office' });
    const sms = await smsTo(app.db, phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toContain(`/uz/dashboard/applications/${id}`);
    // The same again: 200, nothing changed, nothing sent.
    const again = await move(id, body);
    expect(again.statusCode).toBe(200);
    expect(await eventsOf(id)).toHaveLength(2);
    expect(await smsTo(app.db, phone)).toHaveLength(1);
  });

  test('what each move records: the documents asked for as still needed, the reason and amount of a decision, paid with the approved amount', async () => {
    const id = await insertClaim(app.db, { status: 'under_review' });
    await move(id, { status: 'documents_requested', documents: ['photos', 'police_report'] });
    expect(await app.db.selectFrom('claims').select('documents_needed').where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ documents_needed: ['photos', 'police_report'] });
    await move(id, { status: 'under_review' });
    await move(id, { status: 'approved', amount: 1_500_000, reason: ' Repair of the door ' });
    await move(id, { status: 'paid' });
    const row = await app.db.selectFrom('claims').select(['decision_reason', 'payout_amount', 'claim_status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect({ ...row, payout_amount: Number(row.payout_amount) }).toEqual({ decision_reason: 'Repair of the door', payout_amount: 1_500_000, claim_status: 'paid' });
    const events = (await eventsOf(id)).map((event) => ({ ...event, amount: event.amount === null ? null : Number(event.amount) }));
    expect(events.slice(1)).toEqual([
      { status: 'documents_requested', reason: null, documents: ['photos', 'police_report'], amount: null, actor: 'back_office' },
      { status: 'under_review', reason: null, documents: [], amount: null, actor: 'back_office' },
      { status: 'approved', reason: 'Repair of the door', documents: [], amount: 1_500_000, actor: 'back_office' },
      { status: 'paid', reason: null, documents: [], amount: 1_500_000, actor: 'back_office' },
    ]);
  });

  const refused: [ClaimStatus, object][] = [
    ['received', { status: 'approved', amount: 100 }],
    ['received', { status: 'paid' }],
    ['documents_requested', { status: 'received' }],
    ['documents_requested', { status: 'approved', amount: 100 }],
    ['documents_requested', { status: 'documents_requested', documents: ['photos'] }],
    ['under_review', { status: 'paid' }],
    ['under_review', { status: 'received' }],
    ['approved', { status: 'declined', reason: 'Changed our mind' }],
    ['approved', { status: 'under_review' }],
    ['declined', { status: 'under_review' }],
    ['declined', { status: 'approved', amount: 100 }],
    ['paid', { status: 'declined', reason: 'Too late' }],
  ];
  test.each(refused)('from %s: %j is 409 claim_status_not_allowed naming /status, nothing changed or sent', async (from, body) => {
    const phone = `99894${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const id = await insertClaim(app.db, { status: from, phone, documentsNeeded: from === 'documents_requested' ? ['police_report'] : [] });
    const answer = await move(id, body);
    expect(answer.statusCode).toBe(409);
    expect(messageOf(answer)).toBe('claim_status_not_allowed');
    expect(fieldOf(answer)).toBe('/status');
    expect(await statusOf(id)).toBe(from);
    expect(await eventsOf(id)).toHaveLength(1);
    expect(await smsTo(app.db, phone)).toEqual([]);
  });

  test('what a status needs and what it does not take are 400s naming the field', async () => {
    const id = await insertClaim(app.db, { status: 'under_review' });
    const cases: [object, string, string][] = [
      [{ status: 'declined' }, 'claim_reason_required', '/reason'],
      [{ status: 'declined', reason: '   ' }, 'claim_reason_required', '/reason'],
      [{ status: 'documents_requested' }, 'claim_documents_required', '/documents'],
      [{ status: 'approved' }, 'claim_amount_required', '/amount'],
      [{ status: 'declined', reason: 'No', amount: 5 }, 'claim_amount_not_taken', '/amount'],
      [{ status: 'approved', amount: 5, documents: ['photos'] }, 'claim_documents_not_asked', '/documents'],
      [{ status: 'documents_requested', documents: ['photos', 'passport_scan'] }, 'claim_document_unknown', '/documents/1'],
    ];
    for (const [body, message, field] of cases) {
      const answer = await move(id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(messageOf(answer), JSON.stringify(body)).toBe(message);
      expect(fieldOf(answer), JSON.stringify(body)).toBe(field);
    }
    // The schema's own refusals name the field too.
    for (const [body, field] of [[{}, '/status'], [{ status: 'lost' }, '/status'], [{ status: 'approved', amount: 0 }, '/amount'], [{ status: 'approved', amount: '5' }, '/amount'], [{ status: 'declined', reason: 'a\u0000b' }, '/reason'], [{ status: 'documents_requested', documents: ['Photos!'] }, '/documents/0'], [{ status: 'under_review', x: 1 }, '/x']] as const) {
      const answer = await move(id, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
      expect(fieldOf(answer), JSON.stringify(body)).toBe(field);
    }
    expect(await eventsOf(id)).toHaveLength(1);
  });

  test('the same status with other details is not the same move: refused, and still one SMS', async () => {
    const phone = '998950000777';
    const id = await insertClaim(app.db, { status: 'under_review', phone });
    expect((await move(id, { status: 'declined', reason: 'Damage before the cover' })).statusCode).toBe(200);
    const other = await move(id, { status: 'declined', reason: 'Another reason' });
    expect(other.statusCode).toBe(409);
    expect(await smsTo(app.db, phone)).toHaveLength(1);
  });
});
