import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, homeSaveBody, post } from '../../test-helpers';

/** The sandbox Paynet terminal: the order number typed, the bill shown (GetInformation), paid (PerformTransaction). */

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

const terminal = '/sandbox/paynet/terminal';
const form = (fields: Record<string, string>, cookie?: string) => ({
  'content-type': 'application/x-www-form-urlencoded',
  ...(cookie ? { cookie: `XSRF-TOKEN=${cookie}` } : {}),
  payload: new URLSearchParams(fields).toString(),
});
const send = (url: string, fields: Record<string, string>, cookie?: string) => {
  const { payload, ...headers } = form(fields, cookie);
  return app.inject({ method: 'POST', url, headers, payload });
};
const saveOrder = async () => (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json<{ response: { contract_id: string; order_id: string; amount: number } }>().response;

describe('sandbox Paynet terminal', () => {
  test('asks for the order number in the language asked for, with links to the other two', async () => {
    const res = await app.inject({ method: 'GET', url: `${terminal}?lang=ru`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<html lang="ru">');
    expect(res.body).toContain('<label for="order">Номер заказа</label>');
    expect(res.body).toContain(`href="${terminal}?lang=uz"`);
    expect(res.body).toContain('aria-current="page"');
    expect(res.cookies.some((c) => c.name === 'XSRF-TOKEN')).toBe(true);
    // Without a language it speaks the site's default, Uzbek.
    expect((await app.inject({ method: 'GET', url: terminal })).body).toContain('<html lang="uz">');
  });

  test('shows the bill the shop answers, then pays it and shows the receipt; the order is then paid', async () => {
    const order = await saveOrder();
    const page = await app.inject({ method: 'GET', url: `${terminal}?lang=en`, headers: { accept: 'text/html' } });
    const xsrf = page.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    // Typed as printed, in groups.
    const bill = await send(terminal, { order: order.order_id.replace(/(\d{4})(?=\d)/g, '$1 '), lang: 'en', _xsrf: xsrf }, xsrf);
    expect(bill.statusCode).toBe(200);
    expect(bill.body).toContain(`<dd>${order.order_id}</dd>`);
    expect(bill.body).toContain('<dd>D. Karimova</dd>');
    expect(bill.body).toContain('<dd>70 000 UZS</dd>');
    expect(bill.body).toContain(`name="amount" value="${order.amount * 100}"`);

    const receipt = await send(`${terminal}/pay`, { order: order.order_id, amount: String(order.amount * 100), lang: 'en', _xsrf: xsrf }, xsrf);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.body).toContain('role="status">Payment accepted.');
    expect(receipt.body).toMatch(/<dt>Shop’s number<\/dt><dd>\d+<\/dd>/);
    expect(receipt.body).toContain('href="/en"');
    const contract = await app.contracts.get(order.contract_id);
    expect(contract?.status).toBe('issued');
    const payment = await app.db.selectFrom('payments').select(['provider', 'state']).where('contract_id', '=', order.contract_id).execute();
    expect(payment).toEqual([{ provider: 'paynet', state: 'paid' }]);

    // The paid order, typed again: the shop refuses it before any cash is taken.
    const again = await send(terminal, { order: order.order_id, lang: 'en' });
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('role="alert" id="order-error">This order is already paid.');
    // Paying the same bill twice (a second tap): refused as well.
    expect((await send(`${terminal}/pay`, { order: order.order_id, amount: String(order.amount * 100), lang: 'en' })).body).toContain('This order is already paid.');
  });

  test('says what is wrong, in the payer’s language: no such order, not digits, another amount, a stale form', async () => {
    const order = await saveOrder();
    const unknown = await send(terminal, { order: '1000000000000000', lang: 'uz' });
    expect(unknown.statusCode).toBe(409);
    expect(unknown.body).toContain('Bunday raqamli buyurtma topilmadi.');
    expect(unknown.body).toContain('aria-invalid="true"');
    const letters = await send(terminal, { order: 'abc', lang: 'ru' });
    expect(letters.statusCode).toBe(400);
    expect(letters.body).toContain('Введите номер заказа только цифрами');
    const forged = await send(`${terminal}/pay`, { order: order.order_id, amount: String(order.amount), lang: 'en' });
    expect(forged.statusCode).toBe(409);
    expect(forged.body).toContain('The amount is not the order’s amount.');
    const stale = await send(terminal, { order: order.order_id, lang: 'en', _xsrf: 'old' }, 'new');
    expect(stale.statusCode).toBe(403);
    expect(stale.body).toContain('The form expired');
    // Fields sent twice are no order.
    expect((await app.inject({ method: 'POST', url: terminal, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: `order=${order.order_id}&order=1` })).statusCode).toBe(400);
    expect((await app.contracts.get(order.contract_id))?.status).toBe('awaiting_payment');
  });
});
