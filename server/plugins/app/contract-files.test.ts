import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyTerms } from '../../../products/sale';
import { loadConfig } from '../../config';
import { createTestApp, fixtureFile } from '../../test-helpers';
import type { UploadedFile } from './contract-files';

const terms: PolicyTerms = {
  holder: 'Vali Aliyev', insured: [], beginDate: '2030-07-01', endDate: '2031-06-30', sumInsured: 1, currency: 'UZS', programName: 'test', subject: 'test',
};

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const bytesOf = async (name: string) => new Uint8Array(await fixtureFile(name).arrayBuffer());

/** A contract saved with two files, `hoursAgo` hours ago. */
async function savedWithFiles(hoursAgo = 0, status: 'awaiting_payment' | 'issued' = 'awaiting_payment') {
  const files: UploadedFile[] = [
    { field: 'photo_1', filename: 'face.jpg', contentType: 'image/jpeg', bytes: await bytesOf('pet-face.jpg') },
    { field: 'photo_2', filename: 'side.jpg', contentType: 'image/jpeg', bytes: await bytesOf('pet-side.jpg') },
  ];
  const contract = await app.db.transaction().execute(async (trx) => {
    const created = await app.contracts.create({ product: 'test', channel: 'site', amount: 1000, body: {}, terms }, trx);
    await app.contractFiles.keep(created.id, files, trx);
    return created;
  });
  await app.db
    .updateTable('contracts')
    .set({ status, created_at: sql<Date>`now() - make_interval(hours => ${sql.lit(hoursAgo)})` })
    .where('id', '=', contract.id)
    .execute();
  return { contract, files };
}

describe('contract files', () => {
  it('keeps a save\'s files beside its contract in the database store, and reads their bytes back', async () => {
    const { contract, files } = await savedWithFiles();
    const kept = await app.contractFiles.of(contract.id);
    expect(kept.map((file) => [file.field, file.filename, file.content_type, file.size, file.store])).toEqual(
      files.map((file) => [file.field, file.filename, file.contentType, file.bytes.byteLength, 'database']),
    );
    for (const [i, file] of kept.entries()) {
      const bytes = await app.contractFiles.read(file.id);
      expect(bytes && Buffer.from(bytes).equals(Buffer.from(files[i]?.bytes ?? []))).toBe(true);
      expect(file.sha256).toBe(createHash('sha256').update(files[i]?.bytes ?? new Uint8Array()).digest('hex'));
    }
  });

  it('keeps the files only with their contract: a failed insert leaves neither', async () => {
    const before = await app.db.selectFrom('contract_files').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    await expect(app.db.transaction().execute(async (trx) => {
      const created = await app.contracts.create({ product: 'test', channel: 'site', amount: 1000, body: {}, terms }, trx);
      await app.contractFiles.keep(created.id, [{ field: 'photo_1', filename: 'a.jpg', contentType: 'image/jpeg', bytes: await bytesOf('pet-face.jpg') }, { field: 'photo_1', filename: 'b.jpg', contentType: 'image/jpeg', bytes: await bytesOf('pet-side.jpg') }], trx);
    })).rejects.toThrow();
    const after = await app.db.selectFrom('contract_files').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('cancels contracts left unpaid past the limit and deletes their files; paid and recent ones keep theirs', async () => {
    const old = await savedWithFiles(49);
    const recent = await savedWithFiles(47);
    const paid = await savedWithFiles(72, 'issued');
    const ids = [old, recent, paid].map((saved) => saved.contract.id);
    const fileIds = (await app.db.selectFrom('contract_files').select(['id', 'contract_id']).where('contract_id', 'in', ids).execute());
    expect(await app.contractFiles.removeAbandoned(48, 100)).toBeGreaterThanOrEqual(1);
    expect((await app.contracts.get(old.contract.id))?.status).toBe('cancelled');
    expect(await app.contractFiles.of(old.contract.id)).toEqual([]);
    for (const file of fileIds.filter((f) => f.contract_id === old.contract.id)) expect(await app.contractFiles.read(file.id)).toBeNull();
    const orphaned = await app.db.selectFrom('contract_file_data').select('file_id').where('file_id', 'in', fileIds.map((f) => f.id)).execute();
    expect(orphaned).toHaveLength(4);
    expect((await app.contracts.get(recent.contract.id))?.status).toBe('awaiting_payment');
    expect(await app.contractFiles.of(recent.contract.id)).toHaveLength(2);
    expect((await app.contracts.get(paid.contract.id))?.status).toBe('issued');
    expect(await app.contractFiles.of(paid.contract.id)).toHaveLength(2);
    // Nothing more to do the next round.
    expect(await app.contractFiles.removeAbandoned(48, 100)).toBe(0);
  });

  it('a late payment of a contract cancelled as abandoned is refused', async () => {
    const { contract } = await savedWithFiles(50);
    await app.contractFiles.removeAbandoned(48, 100);
    expect(await app.payments.open({ contractId: contract.id, provider: 'octo', reference: 'late-1', amount: 1000 })).toBeUndefined();
  });
});

describe('file settings', () => {
  it('keep files at least past Payme\'s 12 hours and know only the stores this server has', () => {
    expect(loadConfig({}).files).toEqual({ store: 'database', abandonedAfterHours: 48 });
    expect(loadConfig({ ABANDONED_FILES_AFTER_HOURS: '72' }).files.abandonedAfterHours).toBe(72);
    expect(() => loadConfig({ ABANDONED_FILES_AFTER_HOURS: '2' })).toThrow(/at least 13/);
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/FILE_STORE/);
  });
});
