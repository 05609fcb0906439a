import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, homeSaveBody, payInSandbox, paycomAuth, post } from '../../test-helpers';
import { lookupOrder } from './order';
import { paynetPageStandIn } from './page-stand-in';

/**
 * The /paynet page's order lookup: what it answers for a number, and the page the server sends for
 * `/<lang>/paynet?order=…` (a stand-in build here: page-stand-in.ts).
 */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ siteDir: paynetPageStandIn() });
});
afterAll(() => app.close());

const saveOrder = async () => (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json<{ response: { contract_id: string; order_id: string; amount: number; payme_url: string } }>().response;

describe('the Paynet page’s order lookup', () => {
  test('answers the amount due while unpaid, then paid, then cancelled; unknown and malformed numbers say so', async () => {
    const order = await saveOrder();
    expect(await lookupOrder(app, order.order_id)).toEqual({ state: 'unpaid', order: order.order_id, amount: order.amount });
    // As printed on the payment step, in groups of four.
    expect(await lookupOrder(app, ` ${order.order_id.replace(/(\d{4})(?=\d)/g, '$1 ')} `)).toMatchObject({ state: 'unpaid' });
    expect(await lookupOrder(app, '1000000000000000')).toEqual({ state: 'unknown', order: '1000000000000000' });
    // Short numbers were counted up once, and could be guessed: the public page takes the 16-digit ones only.
    for (const typed of ['100001', '12345678901234567', '0123456789012345', 'abc', '<b>1</b>']) {
      expect(await lookupOrder(app, typed), typed).toEqual({ state: 'invalid', order: typed });
    }
    expect((await payInSandbox(app, order.payme_url)).statusCode).toBe(303);
    expect(await lookupOrder(app, order.order_id)).toEqual({ state: 'paid', order: order.order_id });
    const payme = (method: string, params: Record<string, unknown>) => app.inject({ method: 'POST', url: '/api/payme', headers: { authorization: paycomAuth() }, payload: { jsonrpc: '2.0', id: 1, method, params } });
    const performed = await app.db.selectFrom('payme_transactions').select('id').where('contract_id', '=', order.contract_id).executeTakeFirstOrThrow();
    await payme('CancelTransaction', { id: performed.id, reason: 5 });
    expect(await lookupOrder(app, order.order_id)).toEqual({ state: 'cancelled', order: order.order_id });
  });

  test('/<lang>/paynet?order=… is the build’s page for the answer with the number and amount written in, escaped', async () => {
    const order = await saveOrder();
    const unpaid = await app.inject({ method: 'GET', url: `/ru/paynet?order=${order.order_id}`, headers: { accept: 'text/html' } });
    expect(unpaid.statusCode).toBe(200);
    expect(unpaid.headers['content-type']).toContain('text/html');
    expect(unpaid.body).toContain('<html lang="ru"');
    expect(unpaid.body).toContain(`<p role="status">unpaid: ${order.order_id} 70 000</p>`);
    expect(unpaid.body).toContain(`value="${order.order_id}"`);

    const hostile = await app.inject({ method: 'GET', url: `/en/paynet?order=${encodeURIComponent('"><script>alert(1)</script>$&')}` });
    expect(hostile.statusCode).toBe(200);
    expect(hostile.body).toContain('invalid: &quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;$&amp; </p>');
    expect(hostile.body).not.toContain('<script>alert');

    expect((await app.inject({ method: 'GET', url: '/uz/paynet?order=1000000000000000' })).body).toContain('unknown: 1000000000000000 </p>');
    // Without a number, or an empty one: the page as first opened.
    for (const url of ['/uz/paynet', '/uz/paynet?order=', '/uz/paynet?order=%20', '/uz/paynet?other=1']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<form><input name="order"></form>');
    }
  });
});
