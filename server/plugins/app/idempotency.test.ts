import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import pets from '../../../products/pets/definition';
import petSamples, { sampleCat } from '../../../products/pets/samples';
import { fakeApi, ok, saveContext } from '../../../products/kit/testing/fake-api';
import { samplesDay } from '../../../products/kit/define/define';
import { createTestApp, fixtureFile, homeSaveBody, neoAuth, post, postMultipart, siteAuth, type MultipartBody } from '../../test-helpers';
import { subscribeTestCards } from '../../payments/payme-subscribe/sandbox-api';
import { keyHashOf } from './idempotency';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const homeSave = '/api/sayt/uyjoy-api/save';
const keyed = (key: string, headers: Record<string, string> = {}) => ({ 'idempotency-key': key, ...headers });
let keys = 0;
const freshKey = () => `test-key-${Date.now()}-${(keys += 1)}`;

/** Contracts saved with this address, which each test makes its own. */
const contractsAt = async (address: string) =>
  (await sql<{ n: number }>`SELECT count(*)::int AS n FROM contracts WHERE request->'body'->>'address' = ${address}`.execute(app.db)).rows[0]?.n;

const refusedHeader = (res: LightMyRequestResponse, status: number) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ result: false, error: status, response: { field: '/headers/idempotency-key' } });
};

describe('Idempotency-Key on a save', () => {
  test('the same save sent again with its key answers the first answer again, marked as replayed: one contract', async () => {
    const body = homeSaveBody({ address: 'Tashkent, replayed save 1' });
    const key = freshKey();
    const first = await post(app, homeSave, body, keyed(key));
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await post(app, homeSave, body, keyed(key));
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    // Its fields in another order are the same request.
    const reordered = Object.fromEntries(Object.entries(body).reverse());
    expect((await post(app, homeSave, reordered, keyed(key))).body).toBe(first.body);
    expect(await contractsAt('Tashkent, replayed save 1')).toBe(1);
  });

  test('a refusal is kept as well: the same request with its key is refused the same way, without running again', async () => {
    const key = freshKey();
    const body = homeSaveBody({ address: 'Tashkent, refused save', amount: 1 });
    const first = await post(app, homeSave, body, keyed(key));
    expect(first.statusCode).toBe(422);
    const again = await post(app, homeSave, body, keyed(key));
    expect([again.statusCode, again.headers['idempotent-replayed'], again.body]).toEqual([422, 'true', first.body]);
  });

  test('without a key, or with a new one, each save is a contract of its own', async () => {
    const body = homeSaveBody({ address: 'Tashkent, unkeyed saves' });
    await post(app, homeSave, body);
    await post(app, homeSave, body);
    await post(app, homeSave, body, keyed(freshKey()));
    await post(app, homeSave, body, keyed(freshKey()));
    expect(await contractsAt('Tashkent, unkeyed saves')).toBe(4);
  });

  test('the same key with another request is refused naming the header; the first answer stays the key\'s', async () => {
    const key = freshKey();
    const first = await post(app, homeSave, homeSaveBody({ address: 'Tashkent, first request' }), keyed(key));
    expect(first.statusCode).toBe(200);
    const other = await post(app, homeSave, homeSaveBody({ address: 'Tashkent, another request' }), keyed(key));
    refusedHeader(other, 422);
    expect(other.json().message).toContain('Idempotency-Key');
    // Another call with the key: another request too.
    refusedHeader(await post(app, '/api/sayt/payment/payme', { contract_id: first.json().response.contract_id, phone: '998901234567' }, keyed(key)), 422);
    expect(await contractsAt('Tashkent, another request')).toBe(0);
    expect((await post(app, homeSave, homeSaveBody({ address: 'Tashkent, first request' }), keyed(key))).body).toBe(first.body);
  });

  test('keys are each caller\'s own: a partner sending the site\'s key makes its own contract', async () => {
    const key = freshKey();
    const body = homeSaveBody({ address: 'Tashkent, two callers' });
    const site = await post(app, homeSave, body, keyed(key));
    const partner = await post(app, homeSave, body, keyed(key, { authorization: neoAuth }));
    expect(partner.statusCode).toBe(200);
    expect(partner.headers['idempotent-replayed']).toBeUndefined();
    expect(partner.json().response.contract_id).not.toBe(site.json().response.contract_id);
    expect(await contractsAt('Tashkent, two callers')).toBe(2);
  });

  test('a key whose first request still runs answers 409 with Retry-After; one left by a request that never answered is free again', async () => {
    const key = freshKey();
    const body = homeSaveBody({ address: 'Tashkent, in progress' });
    // The first request's claim, as another instance holds it while it runs.
    const first = await post(app, homeSave, body, keyed(key));
    await app.db.updateTable('idempotency_keys').set({ status: null, body: null, content_type: null }).where('key_hash', '=', keyHashOf(key)).execute();
    const reported = async () => (await app.db.selectFrom('outbox').select('text').where('kind', '=', 'failure').execute()).filter((row) => row.text.includes('HTTP 409'));
    const reportedBefore = (await reported()).length;
    const running = await post(app, homeSave, body, keyed(key));
    refusedHeader(running, 409);
    expect(running.headers['retry-after']).toBe('1');
    // A repeat sent too soon is the caller's retry doing its work, not a failed save for the chat.
    expect(await reported()).toHaveLength(reportedBefore);
    // Its instance stopped before answering: after twice a request's time the key is taken again.
    await app.db.updateTable('idempotency_keys').set({ created_at: sql<Date>`now() - interval '3 minutes'` }).where('key_hash', '=', keyHashOf(key)).execute();
    const retaken = await post(app, homeSave, body, keyed(key));
    expect(retaken.statusCode).toBe(200);
    expect(retaken.headers['idempotent-replayed']).toBeUndefined();
    expect(retaken.json().response.contract_id).not.toBe(first.json().response.contract_id);
  });

  test('a key is kept 24 hours: later the same key is a new request, and the expired keys are forgotten', async () => {
    const key = freshKey();
    const body = homeSaveBody({ address: 'Tashkent, a day later' });
    const first = await post(app, homeSave, body, keyed(key));
    await app.db.updateTable('idempotency_keys').set({ created_at: sql<Date>`now() - interval '25 hours'` }).where('key_hash', '=', keyHashOf(key)).execute();
    const later = await post(app, homeSave, homeSaveBody({ address: 'Tashkent, a day later', region_id: 2 }), keyed(key));
    expect(later.statusCode).toBe(200);
    expect(later.json().response.contract_id).not.toBe(first.json().response.contract_id);
    await app.db.updateTable('idempotency_keys').set({ created_at: sql<Date>`now() - interval '25 hours'` }).where('key_hash', '=', keyHashOf(key)).execute();
    expect(await app.idempotency.forgetExpired()).toBeGreaterThanOrEqual(1);
    expect(await app.db.selectFrom('idempotency_keys').select('key_hash').where('key_hash', '=', keyHashOf(key)).execute()).toEqual([]);
  });

  test('a malformed key is a 400 naming the header, and nothing is saved', async () => {
    const body = homeSaveBody({ address: 'Tashkent, malformed keys' });
    for (const [what, key] of [
      ['empty', ''],
      ['blank', '   '],
      ['too long', 'k'.repeat(256)],
      ['a control character', 'key\u0001one'],
      ['a tab', 'key\tone'],
      ['DEL', 'key\u007f'],
      ['a letter outside ASCII', 'ключ'],
    ] as const) {
      const res = await post(app, homeSave, body, keyed(key));
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ result: false, error: 400, response: { field: '/headers/idempotency-key' } });
    }
    // The longest key taken.
    expect((await post(app, homeSave, body, keyed('k'.repeat(255)))).statusCode).toBe(200);
    // Sent twice.
    const twice = await app.inject({ method: 'POST', url: homeSave, payload: body, headers: { authorization: siteAuth, 'idempotency-key': ['one', 'two'] } });
    refusedHeader(twice, 400);
    expect(await contractsAt('Tashkent, malformed keys')).toBe(1);
  });

  test('a NUL in the key is refused naming the header', async () => {
    const res = await post(app, homeSave, homeSaveBody({ address: 'Tashkent, NUL key' }), keyed('key\u0000one'));
    expect(res.statusCode).toBe(400);
    expect(await contractsAt('Tashkent, NUL key')).toBe(0);
  });

  test('a save with files: the same key with other bytes in a file is another request', async () => {
    const price = pets.pricing(sampleCat, petSamples.catalog);
    if (!price) throw new Error('the pet sample has no price');
    const recorder = fakeApi(() => ok({ contract_id: 'c', order_id: '1', amount: 1, url: 'https://x.uz/', payme_url: 'https://x.uz/' }));
    await pets.binding.save(recorder, sampleCat, price, { ...saveContext, files: { read: async (ref: { name: string }) => fixtureFile(ref.name) } });
    const form = recorder.calls[0]?.form;
    if (!form) throw new Error('the pet save is not multipart');
    const body: MultipartBody = { fields: Object.entries(form.fields), files: Object.entries(form.files).map(([name, file]) => ({ name, filename: file.filename, blob: file.blob })) };
    const key = freshKey();
    // The sample's cover starts within the window of the day the samples are told on.
    const onSamplesDay = await createTestApp({ salesDay: samplesDay });
    try {
      const first = await postMultipart(onSamplesDay, '/api/sayt/pet-insurance/save', body, keyed(key));
      expect(first.statusCode, first.body).toBe(200);
      const again = await postMultipart(onSamplesDay, '/api/sayt/pet-insurance/save', body, keyed(key));
      expect([again.headers['idempotent-replayed'], again.body]).toEqual(['true', first.body]);
      // The same fields, file names, types and sizes; one byte of a photo otherwise.
      const [photo, ...rest] = body.files;
      if (!photo) throw new Error('no photo');
      const bytes = new Uint8Array(await photo.blob.arrayBuffer());
      const middle = Math.floor(bytes.length / 2);
      bytes[middle] = (bytes[middle] ?? 0) ^ 0xff;
      const touched = { ...body, files: [{ ...photo, blob: new Blob([bytes]) }, ...rest] };
      refusedHeader(await postMultipart(onSamplesDay, '/api/sayt/pet-insurance/save', touched, keyed(key)), 422);
    } finally {
      await onSamplesDay.close();
    }
  });
});

describe('Idempotency-Key on the calls that start a payment', () => {
  test('the card\'s code sent again with its key gets the first answer; the bill by phone is sent once', async () => {
    const contract = (await post(app, homeSave, homeSaveBody({ address: 'Tashkent, keyed card' }))).json().response as { contract_id: string };
    const cardKey = freshKey();
    const cardBody = { card_number: subscribeTestCards.pays.number, card_date: subscribeTestCards.pays.expire, contract_id: contract.contract_id };
    const asked = await post(app, '/api/sayt/payment/payme/card', cardBody, keyed(cardKey));
    const askedAgain = await post(app, '/api/sayt/payment/payme/card', cardBody, keyed(cardKey));
    expect([askedAgain.headers['idempotent-replayed'], askedAgain.body]).toEqual(['true', asked.body]);
    // The row gives neither the key, nor the card's token, nor anything of its number, to one without the key.
    const row = await app.db.selectFrom('idempotency_keys').selectAll().where('key_hash', '=', keyHashOf(cardKey)).executeTakeFirstOrThrow();
    const kept = JSON.stringify(row);
    for (const secret of [cardKey, asked.json().response.card_id as string, subscribeTestCards.pays.number]) expect(kept).not.toContain(secret);
    const check = { contract_id: contract.contract_id, card_id: asked.json().response.card_id, code: '666666' };
    const checkKey = freshKey();
    const paid = await post(app, '/api/sayt/payment/payme/check', check, keyed(checkKey));
    expect(paid.json()).toMatchObject({ result: true, response: { paid: true } });
    const paidAgain = await post(app, '/api/sayt/payment/payme/check', check, keyed(checkKey));
    expect([paidAgain.headers['idempotent-replayed'], paidAgain.body]).toEqual(['true', paid.body]);
    expect(await app.db.selectFrom('payments').select('id').where('contract_id', '=', contract.contract_id).execute()).toHaveLength(1);

    const unpaid = (await post(app, homeSave, homeSaveBody({ address: 'Tashkent, keyed bill' }))).json().response as { contract_id: string };
    const billKey = freshKey();
    const bill = { contract_id: unpaid.contract_id, phone: '998901234567' };
    const sent = await post(app, '/api/sayt/payment/payme', bill, keyed(billKey));
    expect(sent.json()).toMatchObject({ result: true });
    expect((await post(app, '/api/sayt/payment/payme', bill, keyed(billKey))).body).toBe(sent.body);
    expect(await app.db.selectFrom('payments').select('id').where('contract_id', '=', unpaid.contract_id).execute()).toHaveLength(1);
  });

  test('every save and every call that starts a payment takes the key, as the API documentation says; reads and lookups do not', async () => {
    const docs = (await app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>> }>();
    const idempotent = Object.entries(docs.paths)
      .filter(([, operations]) => Object.values(operations).some((operation) => operation.parameters?.some((parameter) => parameter.in === 'header' && parameter.name === 'Idempotency-Key')))
      .map(([url]) => url);
    for (const product of app.products.list) expect(idempotent, product.manifest.id).toContain(`/api${product.manifest.calls.save}`);
    expect(idempotent).toEqual(expect.arrayContaining(['/api/sayt/payment/payme/card', '/api/sayt/payment/payme/check', '/api/sayt/payment/payme', '/api/payment/initialize', '/api/alifpay/createAlifInvoice']));
    expect(idempotent.some((url) => /check|calculator|get_country|person/i.test(url) && !url.startsWith('/api/sayt/payment/payme/check'))).toBe(false);
  });
});
