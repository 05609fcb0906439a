import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from '../../tests/support/fake-s3';
import type { S3Settings } from '../config';
import { s3FileStore } from './s3-file-store';

const credentials = { accessKeyId: 'AKIATESTSHOP', secretAccessKey: 'test-secret-key', region: 'eu-central-1' };
let s3: FakeS3;
let settings: S3Settings;
beforeAll(async () => {
  s3 = await startFakeS3(credentials);
  settings = { ...credentials, endpoint: `${s3.endpoint}/`, bucket: 'shop-files', prefix: 'contract-files/' };
});
afterAll(() => s3.close());

// The database store joins the save's transaction; the object store has none to join.
const noTransaction = undefined as never;

describe('the S3 file store', () => {
  it('puts, gets and deletes each file as the object <prefix><id> of the bucket, each request signed', async () => {
    const store = s3FileStore(settings);
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    await store.write('3f6c1a2e-0000-4000-8000-000000000001', bytes, noTransaction);
    expect([...(s3.objects.get('/shop-files/contract-files/3f6c1a2e-0000-4000-8000-000000000001') ?? [])]).toEqual([...bytes]);
    expect(await store.read('3f6c1a2e-0000-4000-8000-000000000001', noTransaction)).toEqual(bytes);
    // A file the store does not hold.
    expect(await store.read('3f6c1a2e-0000-4000-8000-000000000002', noTransaction)).toBeNull();
    await store.erase(['3f6c1a2e-0000-4000-8000-000000000001', '3f6c1a2e-0000-4000-8000-000000000002'], noTransaction);
    expect(s3.objects.size).toBe(0);
    expect(s3.requests.slice(-2)).toEqual(['DELETE /shop-files/contract-files/3f6c1a2e-0000-4000-8000-000000000001', 'DELETE /shop-files/contract-files/3f6c1a2e-0000-4000-8000-000000000002']);
  });

  it('says 503 (try again) when the store refuses, fails or cannot be reached, and keeps no secret in what it says', async () => {
    const wrongSecret = s3FileStore({ ...settings, secretAccessKey: 'another-secret' });
    await expect(wrongSecret.write('a', new Uint8Array([1]), noTransaction)).rejects.toMatchObject({ statusCode: 503, message: expect.stringContaining('HTTP 403') });
    s3.failWith = 500;
    try {
      const store = s3FileStore(settings);
      await expect(store.write('a', new Uint8Array([1]), noTransaction)).rejects.toMatchObject({ statusCode: 503 });
      await expect(store.read('a', noTransaction)).rejects.toMatchObject({ statusCode: 503 });
      await expect(store.erase(['a'], noTransaction)).rejects.toMatchObject({ statusCode: 503 });
    } finally {
      s3.failWith = null;
    }
    const away = s3FileStore({ ...settings, endpoint: 'http://127.0.0.1:9' });
    const failure = await away.read('a', noTransaction).catch((error: unknown) => error);
    expect(failure).toMatchObject({ statusCode: 503 });
    expect(String((failure as Error).message)).not.toContain(credentials.secretAccessKey);
  });
});
