import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest';
import { testConfig } from '../../config';
import { createTestApp, homeSaveBody, paycomAuth, post } from '../../test-helpers';
import { clickCompleteFields, clickPrepareFields } from './signed-fields';
import { clickSignString } from './signature';

/** Click's SHOP API as Click calls it: form fields, signed with the secret key (the sandbox's unless a test signs otherwise). */

let app: FastifyInstance;
let contractId: string;
let orderId: number;
let seq = 1_000_000_000 + Math.floor(Math.random() * 1_000_000);
const { secretKey } = testConfig().click;

beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());
beforeEach(async () => {
  const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
  contractId = saved.contract_id;
  orderId = Number(saved.order_id);
});

type Fields = Record<string, string>;

interface Answer {
  click_trans_id: number | null;
  merchant_trans_id: string | null;
  merchant_prepare_id?: number | null;
  merchant_confirm_id?: number | null;
  error: number;
  error_note: string;
}

const newTransId = () => String(++seq);

/** A Prepare's fields as Click sends them for this test's contract, signed (`clickPrepareFields`). */
const prepareFields = (transId: string, overrides: Partial<Record<string, string | null>> = {}, key = secretKey): Fields => clickPrepareFields(transId, contractId, overrides, key);
const completeFields = (transId: string, prepareId: number | string, overrides: Partial<Record<string, string | null>> = {}, key = secretKey): Fields =>
  clickCompleteFields(transId, contractId, prepareId, overrides, key);

async function call(path: 'prepare' | 'complete', payload: string, contentType = 'application/x-www-form-urlencoded') {
  const res = await app.inject({ method: 'POST', url: `/api/click/${path}`, payload, headers: { 'content-type': contentType } });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  return res.json<Answer>();
}

const form = (fields: Fields) => new URLSearchParams(fields).toString();
const prepare = (fields: Fields) => call('prepare', form(fields));
const complete = (fields: Fields) => call('complete', form(fields));

async function prepared(transId = newTransId()): Promise<{ transId: string; prepareId: number }> {
  const answer = await prepare(prepareFields(transId));
  expect(answer.error).toBe(0);
  return { transId, prepareId: answer.merchant_prepare_id as number };
}

const policies = () => app.db.selectFrom('policies').select('number').where('contract_id', '=', contractId).execute();
const purchaseMessages = async () => (await app.db.selectFrom('outbox').select('text').where('kind', '=', 'purchase').execute()).filter((m) => m.text.includes(String(orderId)));
const payments = () => app.db.selectFrom('payments').select(['provider', 'reference', 'state', 'failure', 'detail']).where('contract_id', '=', contractId).orderBy('created_at').execute();

async function payWithPayme() {
  const id = `payme-${newTransId()}`;
  const rpc = (method: string, params: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { id: 1, method, params } });
  await rpc('CreateTransaction', { id, time: Date.now(), amount: 70_000 * 100, account: { contract_id: contractId } });
  expect((await rpc('PerformTransaction', { id })).json().result.state).toBe(2);
}

describe('sign_string', () => {
  test('is the MD5 of click_trans_id, service_id, the secret key, merchant_trans_id, [merchant_prepare_id], amount, action and sign_time', () => {
    const md5 = (text: string) => createHash('md5').update(text).digest('hex');
    expect(clickSignString({ clickTransId: '2001', serviceId: '10001', merchantTransId: 'order-1', amount: '1000.00', action: '0', signTime: '2026-03-01 12:00:00' }, 'key')).toBe(
      md5('200110001keyorder-11000.0002026-03-01 12:00:00'),
    );
    expect(clickSignString({ clickTransId: '2001', serviceId: '10001', merchantTransId: 'order-1', merchantPrepareId: '55', amount: '1000', action: '1', signTime: '2026-03-01 12:00:00' }, 'key')).toBe(
      md5('200110001keyorder-155100012026-03-01 12:00:00'),
    );
  });

  test('a wrong signature, another key or a changed field → −1, and nothing is recorded', async () => {
    const transId = newTransId();
    expect(await prepare(prepareFields(transId, {}, 'another-key'))).toEqual({ click_trans_id: Number(transId), merchant_trans_id: contractId, merchant_prepare_id: null, error: -1, error_note: 'SIGN CHECK FAILED!' });
    expect((await prepare(prepareFields(transId, { sign_string: '0'.repeat(32) }))).error).toBe(-1);
    // Signed for one amount, sent with another.
    const signed = prepareFields(transId);
    expect((await prepare({ ...signed, amount: '1.00' })).error).toBe(-1);
    expect((await prepare({ ...signed, sign_time: '2026-03-01 12:00:01' })).error).toBe(-1);
    expect(await payments()).toEqual([]);
    // Hex in capitals is the same signature.
    const upper = prepareFields(transId);
    expect((await prepare({ ...upper, sign_string: (upper.sign_string as string).toUpperCase() })).error).toBe(0);
  });

  test('Complete signs its merchant_prepare_id: a prepare id changed after signing → −1', async () => {
    const { transId, prepareId } = await prepared();
    const signed = completeFields(transId, prepareId);
    expect((await complete({ ...signed, merchant_prepare_id: String(prepareId + 1) })).error).toBe(-1);
    expect((await app.contracts.get(contractId))?.status).toBe('awaiting_payment');
  });
});

describe('Prepare and Complete', () => {
  test('Prepare records the payment and answers its stable prepare id; Complete pays the contract once; replays answer the same', async () => {
    const transId = newTransId();
    const first = await prepare(prepareFields(transId));
    expect(first).toEqual({ click_trans_id: Number(transId), merchant_trans_id: contractId, merchant_prepare_id: expect.any(Number), error: 0, error_note: 'Success' });
    const prepareId = first.merchant_prepare_id as number;
    expect(Number.isSafeInteger(prepareId) && prepareId > 0 && prepareId < 2 ** 31).toBe(true);
    expect(await prepare(prepareFields(transId))).toEqual(first);
    expect(await payments()).toEqual([{ provider: 'click', reference: transId, state: 'created', failure: null, detail: { click_paydoc_id: String(Number(transId) + 7) } }]);

    const done = await complete(completeFields(transId, prepareId));
    expect(done).toEqual({ click_trans_id: Number(transId), merchant_trans_id: contractId, merchant_confirm_id: prepareId, error: 0, error_note: 'Success' });
    const contract = await app.contracts.get(contractId);
    expect(contract?.status).toBe('issued');
    expect(await policies()).toHaveLength(1);
    expect(await purchaseMessages()).toHaveLength(1);

    // Click repeats itself: the same answers, nothing paid twice.
    expect(await complete(completeFields(transId, prepareId))).toEqual(done);
    expect(await prepare(prepareFields(transId))).toEqual(first);
    expect(await policies()).toHaveLength(1);
    expect(await purchaseMessages()).toHaveLength(1);
    expect((await payments()).map((p) => p.state)).toEqual(['paid']);
    // The contract check sees it paid.
    expect((await post(app, '/api/sayt/uyjoy-api/check', { contract_id: contractId })).json()).toMatchObject({ result: true });
  });

  test('JSON is read as the form is: numbers keep their text for the signature and the amount', async () => {
    const transId = newTransId();
    const fields = prepareFields(transId);
    // `"amount": 70000.00` as written, not as JSON.parse would turn it (70000).
    const json = `{${Object.entries(fields).map(([k, v]) => `"${k}": ${/^(click_trans_id|service_id|click_paydoc_id|amount|action|error)$/.test(k) ? v : JSON.stringify(v)}`).join(', ')}}`;
    expect(json).toContain('"amount": 70000.00');
    const answer = await call('prepare', json, 'application/json');
    expect(answer).toMatchObject({ click_trans_id: Number(transId), error: 0 });
    const done = await call('complete', JSON.stringify(completeFields(transId, answer.merchant_prepare_id as number)), 'application/json; charset=utf-8');
    expect(done.error).toBe(0);
  });
});

describe('amounts (UZS with decimals, compared exactly)', () => {
  test('the order\'s sum however Click writes it', async () => {
    for (const amount of ['70000', '70000.0', '70000.00', '70000.000']) expect((await prepare(prepareFields(newTransId(), { amount }))).error, amount).toBe(0);
  });

  test('any other sum → −2, tiyin included, nothing rounded', async () => {
    for (const amount of ['70000.01', '69999.99', '70000.001', '69999.999', '7000000', '1', '0', '-70000', '-70000.00', '70001']) {
      const answer = await prepare(prepareFields(newTransId(), { amount }));
      expect(answer, amount).toMatchObject({ error: -2, error_note: 'Incorrect parameter amount', merchant_prepare_id: null });
    }
    expect(await payments()).toEqual([]);
  });

  test('a JSON number with tiyin is a wrong amount, not a rounded one', async () => {
    const fields = prepareFields(newTransId(), { amount: '70000.4' });
    const json = JSON.stringify(fields).replace('"amount":"70000.4"', '"amount":70000.4');
    expect((await call('prepare', json, 'application/json')).error).toBe(-2);
  });

  test('Complete checks its amount against the payment prepared', async () => {
    const { transId, prepareId } = await prepared();
    expect((await complete(completeFields(transId, prepareId, { amount: '70000.10' }))).error).toBe(-2);
    expect((await complete(completeFields(transId, prepareId, { amount: '70000' }))).error).toBe(0);
  });

  test('malformed sums are an error in request (−8): exponents, words, commas, spaces', async () => {
    for (const amount of ['7e4', 'abc', '70 000', '70000,00', '', '.5', '70000.', '0x10', 'NaN', 'Infinity']) {
      expect((await prepare(prepareFields(newTransId(), { amount }))).error, amount).toBe(-8);
    }
  });
});

describe('every merchant error code', () => {
  test('−3: an action that is not this address\'s', async () => {
    const transId = newTransId();
    expect((await prepare(prepareFields(transId, { action: '2' }))).error).toBe(-3);
    expect((await prepare(prepareFields(transId, { action: '1', merchant_prepare_id: '5' }))).error).toBe(-3);
    expect((await complete(prepareFields(transId))).error).toBe(-3);
    expect((await complete(completeFields(transId, 5, { action: '-1' }))).error).toBe(-3);
  });

  test('−4: a contract already paid another way is refused at Prepare', async () => {
    await payWithPayme();
    expect(await prepare(prepareFields(newTransId()))).toMatchObject({ error: -4, error_note: 'Already paid', merchant_prepare_id: null });
    expect(await payments()).toEqual([]);
  });

  test('−5: an order we do not have', async () => {
    for (const order of ['00000000-0000-4000-8000-000000000000', 'nope', String(orderId)]) {
      expect(await prepare(prepareFields(newTransId(), { merchant_trans_id: order }))).toMatchObject({ merchant_trans_id: order, error: -5, error_note: 'User does not exist' });
    }
    expect((await complete(completeFields(newTransId(), 5, { merchant_trans_id: '00000000-0000-4000-8000-000000000000' }))).error).toBe(-5);
  });

  test('−6: Complete of a transaction never prepared, of another order, or with another prepare id', async () => {
    expect(await complete(completeFields(newTransId(), 12345))).toMatchObject({ error: -6, error_note: 'Transaction does not exist', merchant_confirm_id: null });
    const { transId, prepareId } = await prepared();
    expect((await complete(completeFields(transId, prepareId + 1))).error).toBe(-6);
    const other = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response.contract_id as string;
    expect((await complete(completeFields(transId, prepareId, { merchant_trans_id: other }))).error).toBe(-6);
    expect((await app.contracts.get(contractId))?.status).toBe('awaiting_payment');
  });

  test('−7: our store failing is said as "failed to update", never an HTTP error', async () => {
    const open = vi.spyOn(app.payments, 'open').mockRejectedValueOnce(new Error('database away'));
    expect(await prepare(prepareFields(newTransId()))).toMatchObject({ error: -7, error_note: 'Failed to update user' });
    open.mockRestore();
    const { transId, prepareId } = await prepared();
    const settle = vi.spyOn(app.payments, 'settle').mockRejectedValueOnce(new Error('database away'));
    expect((await complete(completeFields(transId, prepareId))).error).toBe(-7);
    settle.mockRestore();
    // Click asks again later, and the payment goes through once.
    expect((await complete(completeFields(transId, prepareId))).error).toBe(0);
    expect(await policies()).toHaveLength(1);
  });

  test('−8: missing, repeated or malformed fields, NUL bytes, another service, unreadable bodies', async () => {
    const transId = newTransId();
    const good = prepareFields(transId);
    const bodies: [string, string][] = [
      ...['click_trans_id', 'service_id', 'click_paydoc_id', 'merchant_trans_id', 'amount', 'action', 'error', 'sign_time', 'sign_string'].map((name): [string, string] => [`no ${name}`, form(prepareFields(transId, { [name]: null }))]),
      ['repeated amount', `${form(good)}&amount=70000.00`],
      ['repeated unknown field', `${form(good)}&x=1&x=2`],
      ['NUL in the order', form(prepareFields(transId, { merchant_trans_id: `${contractId}\u0000` }))],
      ['NUL in an extra field', `${form(good)}&note=%00`],
      ['NUL in a name', `${form(good)}&a%00b=1`],
      ['letters in click_trans_id', form(prepareFields('12ab'))],
      ['click_trans_id beyond 2^53', form(prepareFields('98765432109876543'))],
      ['sign_time not a time', form(prepareFields(transId, { sign_time: '01.03.2026 12:00' }))],
      ['error not a number', form(prepareFields(transId, { error: 'none' }))],
      ['signature not hex', form(prepareFields(transId, { sign_string: 'z'.repeat(32) }))],
      ['another service, signed', form(prepareFields(transId, { service_id: '99999' }))],
      ['order id too long', form(prepareFields(transId, { merchant_trans_id: 'x'.repeat(300) }))],
      ['empty body', ''],
      ['broken escapes', 'click_trans_id=%E0%A4%A&amount=%'],
    ];
    for (const [what, payload] of bodies) expect((await call('prepare', payload)).error, what).toBe(-8);
    for (const [what, payload, type] of [
      ['broken JSON', '{"click_trans_id": 1', 'application/json'],
      ['nested JSON', '{"click_trans_id": {"a": 1}}', 'application/json'],
      ['JSON list', '[1, 2]', 'application/json'],
      ['JSON true', JSON.stringify({ ...good, amount: true }), 'application/json'],
      ['JSON null', JSON.stringify({ ...good, error: null }), 'application/json'],
      ['JSON repeated key', `${JSON.stringify(good).slice(0, -1)},"amount":"70000.00"}`, 'application/json'],
      ['JSON trailing text', `${JSON.stringify(good)} x`, 'application/json'],
      // A form cannot carry half a surrogate pair (its bytes are UTF-8); JSON's escapes can.
      ['JSON broken UTF-16', JSON.stringify({ ...good, error_note: 'x' }).replace('"error_note":"x"', '"error_note":"\\ud800"'), 'application/json'],
      ['JSON NUL', JSON.stringify({ ...good, error_note: '\u0000' }), 'application/json'],
      ['JSON trailing comma', `${JSON.stringify(good).slice(0, -1)},}`, 'application/json'],
      ['multipart', '--x\r\ncontent-disposition: form-data; name="a"\r\n\r\n1\r\n--x--', 'multipart/form-data; boundary=x'],
      ['XML', '<click_trans_id>1</click_trans_id>', 'application/xml'],
    ] as const) {
      expect((await call('prepare', payload, type)).error, what).toBe(-8);
    }
    // Over the size any Click call has, and a query string no one sends: Click's answer all the same.
    expect((await call('prepare', `${form(good)}&pad=${'x'.repeat(20_000)}`)).error).toBe(-8);
    const query = await app.inject({ method: 'POST', url: '/api/click/prepare?x=%00', payload: form(good), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(query.statusCode).toBe(200);
    expect(query.json().error).toBe(-8);
    const noType = await app.inject({ method: 'POST', url: '/api/click/complete', payload: form(good), headers: { 'content-type': '' } });
    expect(noType.statusCode).toBe(200);
    expect(noType.json()).toMatchObject({ error: -8, merchant_confirm_id: null });
    expect(await payments()).toEqual([]);
  });

  test('−9: Click\'s failed debit cancels the payment, said as declined; the transaction stays cancelled', async () => {
    const { transId, prepareId } = await prepared();
    expect(await complete(completeFields(transId, prepareId, { error: '-5017', error_note: 'Insufficient funds' }))).toMatchObject({ error: -9, error_note: 'Transaction cancelled', merchant_confirm_id: null });
    expect((await payments()).map((p) => [p.state, p.failure])).toEqual([['failed', 'declined']]);
    expect(await app.payments.lastDeclined(contractId)).toBe(true);
    expect((await post(app, '/api/sayt/uyjoy-api/check', { contract_id: contractId })).json()).toMatchObject({ result: false, response: { last_payment: 'declined' } });
    // The same transaction cannot be completed or prepared again; a new one pays.
    expect((await complete(completeFields(transId, prepareId))).error).toBe(-9);
    expect((await prepare(prepareFields(transId))).error).toBe(-9);
    const again = await prepared();
    expect((await complete(completeFields(again.transId, again.prepareId))).error).toBe(0);
  });

  test('−9: Prepare with Click\'s error, and any payment for a cancelled contract', async () => {
    expect((await prepare(prepareFields(newTransId(), { error: '-1', error_note: 'Cancelled' }))).error).toBe(-9);
    const { transId, prepareId } = await prepared();
    await app.db.updateTable('contracts').set({ status: 'cancelled' }).where('id', '=', contractId).execute();
    expect((await prepare(prepareFields(newTransId()))).error).toBe(-9);
    expect((await complete(completeFields(transId, prepareId))).error).toBe(-9);
    expect((await payments()).map((p) => p.state)).toEqual(['failed']);
    expect(await policies()).toHaveLength(0);
  });
});

describe('one contract, one payment', () => {
  test('Complete after a Payme payment of the same contract → −4: nothing paid twice, one policy, one purchase message', async () => {
    const { transId, prepareId } = await prepared();
    await payWithPayme();
    expect(await complete(completeFields(transId, prepareId))).toMatchObject({ error: -4, error_note: 'Already paid', merchant_confirm_id: null });
    // Refused for good (Click reverses its debit, so the payment is closed, not refunded by us); Click asking again hears the same.
    expect(await complete(completeFields(transId, prepareId))).toMatchObject({ error: -4 });
    expect(await prepare(prepareFields(transId))).toMatchObject({ error: -4 });
    expect((await payments()).map((p) => [p.state, p.failure])).toEqual([['failed', 'the contract was paid another way']]);
    expect(await policies()).toHaveLength(1);
    expect(await purchaseMessages()).toHaveLength(1);
    expect((await app.contracts.get(contractId))?.status).toBe('issued');
  });

  test('Click\'s Complete repeated at once pays once and answers success to each', async () => {
    const { transId, prepareId } = await prepared();
    const answers = await Promise.all(Array.from({ length: 6 }, () => complete(completeFields(transId, prepareId))));
    expect(answers.map((a) => a.error)).toEqual([0, 0, 0, 0, 0, 0]);
    expect(new Set(answers.map((a) => a.merchant_confirm_id)).size).toBe(1);
    expect(await policies()).toHaveLength(1);
    expect(await purchaseMessages()).toHaveLength(1);
  });

  test('two Click payments of one contract completed at once: one pays, the other is refused (−4)', async () => {
    const first = await prepared();
    const second = await prepared();
    const answers = await Promise.all([complete(completeFields(first.transId, first.prepareId)), complete(completeFields(second.transId, second.prepareId))]);
    expect(answers.map((a) => a.error).sort()).toEqual([-4, 0]);
    expect((await payments()).map((p) => p.state).sort()).toEqual(['failed', 'paid']);
    expect(await policies()).toHaveLength(1);
    expect(await purchaseMessages()).toHaveLength(1);
  });

  test('a Click transaction id of one order is not another\'s', async () => {
    const { transId } = await prepared();
    const other = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response.contract_id as string;
    expect((await prepare(prepareFields(transId, { merchant_trans_id: other }))).error).toBe(-8);
  });
});

describe('the addresses', () => {
  test('unknown paths and methods answer as any unknown address', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/click/prepare' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'POST', url: '/api/click/cancel', payload: 'a=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } })).statusCode).toBe(404);
  });

  test('need no site credential, and the API documentation says how they are authenticated', async () => {
    const docs = (await app.inject('/api/docs/json')).json<{ paths: Record<string, Record<string, { security: unknown[]; tags: string[]; responses?: unknown }>> }>();
    expect(docs.paths['/api/click/prepare']?.post).toMatchObject({ security: [], tags: ['payments'] });
    // Click's own JSON, not the site API's envelope.
    expect(JSON.stringify(docs.paths['/api/click/complete']?.post?.responses)).not.toContain('result');
  });
});
