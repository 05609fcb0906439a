import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PolicyTerms } from '../../../products/kit/sale/sale';
import { loadConfig } from '../../config';
import { createTestApp, fixtureFile } from '../../test-helpers';
import { startFakeS3, type FakeS3 } from '../../../tests/support/fake-s3';
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
    expect(() => loadConfig({ FILE_STORE: 'ftp' })).toThrow(/FILE_STORE/);
  });

  it('take the S3 store with its address, bucket and credentials, and name what is missing or malformed', () => {
    const s3 = { FILE_STORE: 's3', S3_ENDPOINT: 'https://s3.example.uz', S3_BUCKET: 'shop-files', S3_ACCESS_KEY_ID: 'AKIA1', S3_SECRET_ACCESS_KEY: 'secret' };
    expect(loadConfig(s3).files).toEqual({
      store: 's3',
      abandonedAfterHours: 48,
      s3: { endpoint: 'https://s3.example.uz', bucket: 'shop-files', region: 'us-east-1', accessKeyId: 'AKIA1', secretAccessKey: 'secret', prefix: 'contract-files/' },
    });
    expect(loadConfig({ ...s3, S3_REGION: 'eu-central-1', S3_PREFIX: 'prod/files/' }).files.s3).toMatchObject({ region: 'eu-central-1', prefix: 'prod/files/' });
    expect(() => loadConfig({ FILE_STORE: 's3' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: '' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT/);
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ ...s3, S3_PREFIX: '../x?' })).toThrow(/S3_PREFIX/);
  });
});

describe('contract files in an S3-compatible store', () => {
  let s3: FakeS3;
  let s3App: FastifyInstance;
  beforeAll(async () => {
    const credentials = { accessKeyId: 'AKIATESTSHOP', secretAccessKey: 'test-secret-key', region: 'us-east-1' };
    s3 = await startFakeS3(credentials);
    s3App = await createTestApp({ files: { store: 's3', abandonedAfterHours: 48, s3: { ...credentials, endpoint: s3.endpoint, bucket: 'shop-files', prefix: 'contract-files/' } } });
  });
  afterAll(async () => {
    await s3App.close();
    await s3.close();
  });

  it('keeps the bytes in the bucket and the rows in the database, reads them back, and deletes both with an abandoned contract', async () => {
    const bytes = await bytesOf('pet-face.jpg');
    const contract = await s3App.db.transaction().execute(async (trx) => {
      const created = await s3App.contracts.create({ product: 'test', channel: 'site', amount: 1000, body: {}, terms }, trx);
      await s3App.contractFiles.keep(created.id, [{ field: 'photo_1', filename: 'face.jpg', contentType: 'image/jpeg', bytes }], trx);
      return created;
    });
    const [file] = await s3App.contractFiles.of(contract.id);
    expect(file?.store).toBe('s3');
    expect(s3.objects.get(`/shop-files/contract-files/${file?.id}`)?.equals(Buffer.from(bytes))).toBe(true);
    expect(await s3App.db.selectFrom('contract_file_data').select('file_id').where('file_id', '=', file?.id ?? '').execute()).toEqual([]);
    expect(Buffer.from((await s3App.contractFiles.read(file?.id ?? '')) ?? []).equals(Buffer.from(bytes))).toBe(true);
    await s3App.db.updateTable('contracts').set({ created_at: sql<Date>`now() - make_interval(hours => 49)` }).where('id', '=', contract.id).execute();
    expect(await s3App.contractFiles.removeAbandoned(48, 100)).toBe(1);
    expect(s3.objects.size).toBe(0);
    expect(await s3App.contractFiles.of(contract.id)).toEqual([]);
  });

  it('a store that fails makes the save fail whole: no contract, no file row', async () => {
    s3.failWith = 503;
    try {
      const before = await s3App.db.selectFrom('contracts').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      await expect(s3App.db.transaction().execute(async (trx) => {
        const created = await s3App.contracts.create({ product: 'test', channel: 'site', amount: 1000, body: {}, terms }, trx);
        await s3App.contractFiles.keep(created.id, [{ field: 'photo_1', filename: 'face.jpg', contentType: 'image/jpeg', bytes: await bytesOf('pet-face.jpg') }], trx);
      })).rejects.toMatchObject({ statusCode: 503 });
      const after = await s3App.db.selectFrom('contracts').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
      expect(after.n).toBe(before.n);
      expect(await s3App.db.selectFrom('contract_files').select('id').execute()).toEqual([]);
    } finally {
      s3.failWith = null;
    }
  });
});
