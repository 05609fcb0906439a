/*
 * moveClaim as filing's documents upload reuses it (actor `claimant`), and the SMS a status change
 * sends: in the claim's language, naming the number, the status, the documents by their names, the
 * amount and the reason, with the cabinet's link; none to a claim without a phone.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { insertClaim, smsTo } from '../../../tests/support/back-office-claims';
import { claimStatusText } from '../../sms/claim-texts';
import { createTestApp } from '../../test-helpers';
import { claimMoves, moveClaim } from './claim-status';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

describe('moveClaim', () => {
  test('the claimant\'s documents move a claim from documents_requested to under_review, recorded as theirs and told once', async () => {
    const phone = '998911000001';
    const id = await insertClaim(app.db, { status: 'documents_requested', phone, lang: 'ru' });
    expect(await moveClaim(app, id, { status: 'under_review' }, 'claimant')).toEqual({ moved: true, status: 'under_review' });
    expect(await moveClaim(app, id, { status: 'under_review' }, 'claimant')).toEqual({ moved: false, status: 'under_review' });
    const events = await app.db.selectFrom('claim_events').select(['status', 'actor']).where('claim_id', '=', id).orderBy('id').execute();
    expect(events).toEqual([{ status: 'received', actor: 'claimant' }, { status: 'under_review', actor: 'claimant' }]);
    const sms = await smsTo(app.db, phone);
    expect(sms).toHaveLength(1);
    expect(sms[0]).toMatch(/^Заявление C26-\d{6}: /);
    expect(sms[0]).toContain(`http://localhost:3000/ru/dashboard/applications/${id}`);
  });

  test('inside the transaction of the change it is part of: rolled back with it, nothing recorded or sent', async () => {
    const phone = '998911000003';
    const id = await insertClaim(app.db, { status: 'documents_requested', phone });
    const failed = app.db.transaction().execute(async (trx) => {
      await trx.updateTable('claims').set({ documents_needed: [] }).where('id', '=', id).execute();
      await moveClaim(app, id, { status: 'under_review' }, 'claimant', { trx });
      throw new Error('the files could not be stored');
    });
    await expect(failed).rejects.toThrow('the files could not be stored');
    expect(await app.db.selectFrom('claims').select(['claim_status', 'documents_needed']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ claim_status: 'documents_requested', documents_needed: ['police_report'] });
    expect(await smsTo(app.db, phone)).toEqual([]);
    await app.db.transaction().execute((trx) => moveClaim(app, id, { status: 'under_review' }, 'claimant', { trx }));
    expect(await smsTo(app.db, phone)).toHaveLength(1);
  });

  test('a claim without a phone moves without an SMS', async () => {
    const id = await insertClaim(app.db, { phone: '' });
    expect((await moveClaim(app, id, { status: 'under_review' }, 'back_office')).moved).toBe(true);
    expect(await app.db.selectFrom('outbox').select('id').where('kind', '=', 'sms').where('text', 'like', `%${id}%`).execute()).toEqual([]);
  });

  test('the SMS names the documents asked for and the amount, in the claim\'s language', async () => {
    const phone = '998911000002';
    const id = await insertClaim(app.db, { status: 'under_review', phone, lang: 'en' });
    await moveClaim(app, id, { status: 'documents_requested', documents: ['police_report'] }, 'back_office');
    await moveClaim(app, id, { status: 'under_review' }, 'back_office');
    await moveClaim(app, id, { status: 'approved', amount: 1_500_000 }, 'back_office');
    const [asked, , approved] = await smsTo(app.db, phone);
    // The status and the document by their names in the site's catalog.
    expect(asked).toMatch(/^Claim C26-\d{6}: Documents requested\. Please send: Police or road-accident report\. Details: http/);
    expect(approved).toMatch(/Amount: 1 500 000 UZS\./);
  });

  test('final statuses have no move, and no status moves to itself', () => {
    expect(claimMoves.paid).toEqual([]);
    expect(claimMoves.declined).toEqual([]);
    for (const [from, to] of Object.entries(claimMoves)) expect(to).not.toContain(from);
  });
});

describe('claimStatusText', () => {
  const facts = { number: 'C26-000042', status: 'declined' as const, statusName: 'declined', reason: 'Damage before the cover.', documents: [], amount: null, link: 'https://shop.example/uz/dashboard/applications/x' };
  test('each language names the number, the status, the reason once ended, and the link', () => {
    expect(claimStatusText(facts, 'en')).toBe('Claim C26-000042: declined. Reason: Damage before the cover. Details: https://shop.example/uz/dashboard/applications/x');
    expect(claimStatusText({ ...facts, statusName: 'rad etildi' }, 'uz')).toBe('C26-000042 raqamli ariza: rad etildi. Sabab: Damage before the cover. Batafsil: https://shop.example/uz/dashboard/applications/x');
    expect(claimStatusText({ ...facts, statusName: 'отклонено', reason: null, documents: ['фото'], amount: '100' }, 'ru')).toBe('Заявление C26-000042: отклонено. Пожалуйста, отправьте: фото. Сумма: 100 сум. Подробнее: https://shop.example/uz/dashboard/applications/x');
  });
});
