import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { claimBody, claimData, fileClaim, fixtureClaimsDir, vali } from '../../../tests/support/claim-filing';
import { issuedPolicy, signedInClient } from '../../../tests/support/cabinet-clients';
import type { Client, Policy } from '../../db/database';
import { sessionCookieOf } from '../../plugins/app/cabinet';
import { assertMatchesSchema, createTestApp, fixtureFile, inDays, postMultipart, siteAuth } from '../../test-helpers';

/**
 * The cabinet's claims: the list (claims the client filed and those under their policies, filed
 * signed out too), one claim with its timeline and files, a file's bytes, and the documents asked
 * for; another client's claim or file is the same 404 as none.
 */

let app: FastifyInstance;
let policy: Policy;
let holder: { client: Client; headers: Record<string, string> };
let stranger: { client: Client; headers: Record<string, string> };
let claimId: string;
let claimNumber: string;

const base = '/api/shaxsiy_kabinet';
const get = (path: string, headers: Record<string, string>) => app.inject({ method: 'GET', url: `${base}/${path}`, headers });
const messageOf = (answer: { json: <T>() => T }) => answer.json<{ message: string }>().message;
const sendDocuments = (id: string, headers: Record<string, string>, files: { name: string; filename: string; blob: Blob }[]) => postMultipart(app, `${base}/client-claim/${id}/documents`, { fields: [], files }, headers);
const report = () => ({ name: 'police_report', filename: 'report.pdf', blob: fixtureFile('salary-certificate.pdf') });

beforeAll(async () => {
  app = await createTestApp({ claimsDir: fixtureClaimsDir });
  holder = await signedInClient(app, { phone: '998901240001', pinfl: vali.pinfl });
  stranger = await signedInClient(app, { phone: '998901240002', pinfl: '31505900009912' });
  policy = await issuedPolicy(app, { pinfls: [vali.pinfl], product: 'osago', beginDate: inDays(-30), endDate: inDays(330) });
  // Filed signed out by number: no client, but under the holder's policy.
  const filed = await fileClaim(app, claimBody(claimData({ number: policy.number }, inDays(-2))));
  expect(filed.statusCode, filed.body).toBe(200);
  ({ claim_id: claimId, number: claimNumber } = filed.json<{ response: { claim_id: string; number: string } }>().response);
});
afterAll(() => app.close());

describe('client-claims and client-claim/:id', () => {
  test('a claim filed signed out under the client\'s policy is theirs: listed with the documents still needed, and shown in full', async () => {
    const list = await get('client-claims', holder.headers);
    expect(list.statusCode, list.body).toBe(200);
    const claims = list.json<{ response: unknown[] }>().response;
    assertMatchesSchema('cabinet/client-claims.response', claims);
    expect(claims).toEqual([{ id: claimId, number: claimNumber, product: 'osago', policy_number: policy.number, event_date: inDays(-2), claim_status: 'received', created_at: expect.any(String), documents_needed: ['police_report'] }]);
    expect((await get('client-claims', stranger.headers)).json()).toMatchObject({ response: [] });

    const detail = await get(`client-claim/${claimId}`, holder.headers);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.headers['cache-control']).toBe('no-store');
    const claim = detail.json<{ response: Record<string, unknown> }>().response;
    assertMatchesSchema('cabinet/client-claim.response', claim);
    expect(claim).toMatchObject({
      id: claimId, number: claimNumber, policy_number: policy.number, answer_by: inDays(15), description: 'A truck scratched the left door at a crossing.', decision_reason: null, payout_amount: null,
      payout: { method: 'card', masked: '8600 •••• •••• 1234' },
      documents: [{ kind: 'photos', needed: false, sent: 2 }, { kind: 'police_report', needed: true, sent: 0 }],
      documents_needed: ['police_report'],
      timeline: [{ status: 'received', at: expect.any(String), reason: null, documents: [], amount: null }],
    });
    expect((claim.files as { filename: string }[]).map((file) => file.filename).sort()).toEqual(['pet-face.jpg', 'pet-side.jpg']);
  });

  test('a file opens from its link with the session cookie alone, as an attachment, not sniffed', async () => {
    const claim = (await get(`client-claim/${claimId}`, holder.headers)).json<{ response: { files: { filename: string; url: string }[] } }>().response;
    const file = claim.files.find((found) => found.filename === 'pet-face.jpg');
    const cookie = `${sessionCookieOf(app.config.publicUrl).name}=${holder.headers.authorization?.slice('Bearer '.length)}`;
    const answer = await app.inject({ method: 'GET', url: file?.url ?? '', headers: { cookie } });
    expect(answer.statusCode, answer.body.slice(0, 200)).toBe(200);
    expect(answer.headers['content-type']).toBe('image/jpeg');
    expect(answer.headers['content-disposition']).toBe('attachment; filename="pet-face.jpg"; filename*=UTF-8\'\'pet-face.jpg');
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
    expect(answer.rawPayload.equals(Buffer.from(await fixtureFile('pet-face.jpg').arrayBuffer()))).toBe(true);
  });

  test('another client\'s claim, its files and its documents are the same 404 claim_not_found as an unknown or malformed id', async () => {
    const claim = (await get(`client-claim/${claimId}`, holder.headers)).json<{ response: { files: { id: string }[] } }>().response;
    const fileId = claim.files[0]?.id ?? '';
    const answers = [
      await get(`client-claim/${claimId}`, stranger.headers),
      await get(`client-claim/${claimId}/file/${fileId}`, stranger.headers),
      await sendDocuments(claimId, stranger.headers, [report()]),
      await get('client-claim/00000000-0000-4000-8000-000000000000', holder.headers),
      await get('client-claim/not-a-uuid', holder.headers),
      await get(`client-claim/${claimId}/file/00000000-0000-4000-8000-000000000000`, holder.headers),
    ];
    for (const answer of answers) expect([answer.statusCode, messageOf(answer)]).toEqual([404, 'claim_not_found']);
    expect((await get(`client-claim/${claimId}`, { authorization: siteAuth })).statusCode).toBe(401);
  });
});

describe('client-claim/:id/documents', () => {
  test('the documents asked for: once nothing is needed, under review again, with an event and one SMS', async () => {
    await app.db.updateTable('claims').set({ claim_status: 'documents_requested' }).where('id', '=', claimId).execute();
    const unknown = await sendDocuments(claimId, holder.headers, [{ name: 'passport_scan', filename: 'x.pdf', blob: fixtureFile('salary-certificate.pdf') }]);
    expect([unknown.statusCode, messageOf(unknown), unknown.json<{ response: { field: string } }>().response.field]).toEqual([400, 'claim_document_unknown', '/passport_scan']);
    const twice = await sendDocuments(claimId, holder.headers, [report(), report()]);
    expect([twice.statusCode, twice.json<{ response: { field: string } }>().response.field]).toEqual([400, '/police_report']);
    const program = await sendDocuments(claimId, holder.headers, [{ name: 'police_report', filename: 'r.pdf', blob: new Blob(['MZ\x90\x00 not a document']) }]);
    expect([program.statusCode, program.json()]).toMatchObject([415, { response: { field: '/police_report', reason: 'type' } }]);

    const sent = await sendDocuments(claimId, holder.headers, [report()]);
    expect(sent.statusCode, sent.body).toBe(200);
    const claim = sent.json<{ response: Record<string, unknown> }>().response;
    assertMatchesSchema('cabinet/client-claim.response', claim);
    expect(claim).toMatchObject({ claim_status: 'under_review', documents_needed: [], documents: [{ kind: 'photos', sent: 2 }, { kind: 'police_report', needed: false, sent: 1 }] });
    expect((claim.timeline as { status: string }[]).map((event) => event.status)).toEqual(['received', 'under_review']);
    const sms = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'sms').execute();
    expect(sms.filter((row) => row.text.startsWith(`${claimNumber} raqamli ariza: `))).toHaveLength(1);
    // More documents later: kept, and no second status change or SMS.
    const more = await sendDocuments(claimId, holder.headers, [{ name: 'photos', filename: 'more.jpg', blob: fixtureFile('work-book.jpg') }]);
    expect(more.json()).toMatchObject({ response: { claim_status: 'under_review', documents: [{ kind: 'photos', sent: 3 }, { kind: 'police_report', sent: 1 }] } });
    expect((await app.db.selectFrom('outbox').select('text').where('kind', '=', 'sms').execute()).length).toBe(sms.length);
  });

  test('once decided, 409 claim_closed', async () => {
    await app.db.updateTable('claims').set({ claim_status: 'declined' }).where('id', '=', claimId).execute();
    const answer = await sendDocuments(claimId, holder.headers, [report()]);
    expect([answer.statusCode, messageOf(answer)]).toEqual([409, 'claim_closed']);
  });
});
