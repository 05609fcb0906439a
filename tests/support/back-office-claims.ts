/*
 * Claims as filing leaves them, written straight into the tables (the tests of the back office do
 * not file through the form): a claim row with its answers, its files (bytes in the database store)
 * and its first `received` event.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClaimStatus, Database } from '../../server/db/database';

let seq = 0;

export interface ClaimFixture {
  status?: ClaimStatus;
  phone?: string;
  lang?: 'uz' | 'en' | 'ru';
  product?: string;
  documentsNeeded?: string[];
  /** Files sent with it, by kind. */
  files?: { kind: string; filename: string; contentType: string; bytes: Buffer }[];
  payoutAmount?: number | null;
}

export const backOfficeAuth = { authorization: 'Bearer back-office-sandbox' };

/** A claim under osago filed signed out by number, with photos sent and a police report still needed unless said otherwise; its id. */
export async function insertClaim(db: Kysely<Database>, fixture: ClaimFixture = {}): Promise<string> {
  seq += 1;
  const id = randomUUID();
  const files = fixture.files ?? [{ kind: 'photos', filename: 'door.jpg', contentType: 'image/jpeg', bytes: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]) }];
  const refs = files.map((file, i) => ({ id: `${'0'.repeat(31)}${i}`, name: file.filename, type: file.contentType, size: file.bytes.length }));
  const answers = {
    policy: { way: 'number', policyNumber: 'OSG-000123', passport: 'AA1234567', birthday: '1990-05-15', phone: fixture.phone ?? '998901234567' },
    event: { date: '2026-11-20', description: 'A scratch on the door in a car park', photos: refs },
    payout: { method: 'card', card: '8600123456781234', holder: 'VALI ALIYEV' },
    consent: { agree: true },
  };
  await db.insertInto('claims').values({
    id,
    client_id: null,
    number: `C26-${String(900_000 + seq).padStart(6, '0')}`,
    product: fixture.product ?? 'osago',
    policy_id: null,
    event_date: '2026-11-20',
    claim_status: fixture.status ?? 'received',
    description: 'A scratch on the door in a car park',
    created_at: new Date(Date.now() + seq),
    updated_at: new Date(),
    phone: fixture.phone ?? '998901234567',
    lang: fixture.lang ?? 'uz',
    answers: JSON.stringify(answers),
    documents_needed: fixture.documentsNeeded ?? ['police_report'],
    payout_amount: fixture.payoutAmount ?? null,
    answer_by: '2026-12-20',
  }).execute();
  for (const file of files) {
    const fileId = randomUUID();
    await db.insertInto('claim_files').values({ id: fileId, claim_id: id, kind: file.kind, filename: file.filename, content_type: file.contentType, size: file.bytes.length, sha256: createHash('sha256').update(file.bytes).digest('hex'), store: 'database', created_at: new Date() }).execute();
    await db.insertInto('claim_file_data').values({ file_id: fileId, data: file.bytes }).execute();
  }
  await db.insertInto('claim_events').values({ claim_id: id, status: 'received', documents: [], actor: 'claimant' }).execute();
  return id;
}

/** The SMS rows the outbox holds for `phone`, oldest first. */
export async function smsTo(db: Kysely<Database>, phone: string): Promise<string[]> {
  const rows = await db.selectFrom('outbox').select('text').where('kind', '=', 'sms').where('phone', '=', phone).orderBy('id').execute();
  return rows.map((row) => row.text);
}
