import type { FastifyInstance } from 'fastify';
import { pdfText } from '../tests/support/pdf-text';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { assertMatchesSchema, createTestApp, homeSaveBody, neoAuth, payInSandbox, post, travelPrice, travelSaveBody } from './test-helpers';
import { escapeHtml } from './html';
import { verifyKey } from './plugins/app/policies';
import { checkoutTexts } from './payments/sandbox-checkout';

let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp();
});
afterAll(() => app.close());

async function download(url: string) {
  const res = await app.inject(new URL(url).pathname);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return { res, text: pdfText(res.rawPayload) };
}

describe('buying through the sandbox', () => {
  test('travel: save → checkout → checkPolis → PDF with the policy number', async () => {
    const price = await travelPrice(app);
    const saved = (await post(app, '/api/takoful/travel-neo/save-polis', travelSaveBody(price, { return_url: '/ru/thank-you' }))).json().response;

    const checkout = await app.inject(new URL(saved.payme_url).pathname);
    expect(checkout.statusCode).toBe(200);
    expect(checkout.headers['content-type']).toContain('text/html');
    // The checkout speaks the language of the page the payment returns to, and leads back to it.
    expect(checkout.body).toContain('<html lang="ru">');
    expect(checkout.body).toContain(`${price.toLocaleString('en-US').replace(/,/g, ' ')} ${checkoutTexts.ru.currency}`);
    expect(checkout.body).toContain(`<label for="card_number">${checkoutTexts.ru.cardNumber}</label>`);
    expect(checkout.body).toContain(`<a href="http://localhost:3000/ru/thank-you">← ${checkoutTexts.ru.backToShop}</a>`);

    const paid = await payInSandbox(app, saved.payme_url);
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe('http://localhost:3000/ru/thank-you');

    const check = (await post(app, '/api/takoful/travel-neo/checkPolis', { contract_id: saved.contract_id })).json();
    expect(check).toMatchObject({ result: true, error: 0, response: { check: true, polis_seria: 'TRV' } });
    assertMatchesSchema('common/check.response', check.response);
    const view = (await post(app, '/api/sayt/contract/check', { contract_id: saved.contract_id })).json().response;
    expect(view).toMatchObject({ status: 'issued', policy_number: expect.stringMatching(/^TRV \d{10}$/), pdf_url: check.response.url });
    expect(view.policy_number).toBe(`${check.response.polis_seria} ${check.response.polis_number}`);

    const { text } = await download(check.response.url);
    expect(text).toContain(view.policy_number);
    expect(text).toContain('Vali Aliyev');
    expect(text).toContain('СТРАХОВОЙ ПОЛИС');
    expect(text).toContain('Turkiya / Турция');
    expect(text).toContain('Chet elga sayohat sugʻurtasi');
    expect(text).toContain('30 000 USD');
    expect(text).toContain(`/verify/${encodeURIComponent(view.policy_number)}`);

    // The QR code's address carries the key that names the holder; the number alone (counted up from
    // another policy's) says whether it is valid, not whose it is.
    const policy = await app.db.selectFrom('policies').select('id').where('number', '=', view.policy_number).executeTakeFirstOrThrow();
    const holderKey = verifyKey(policy.id);
    expect(text).toContain(`?k=${holderKey}`);
    const verify = await app.inject(`/verify/${encodeURIComponent(view.policy_number)}?k=${holderKey}`);
    expect(verify.statusCode).toBe(200);
    expect(verify.body).toContain('Valid');
    expect(verify.body).toContain('V. Aliyev');
    expect(verify.body).not.toContain('1234567');
    // A key one character off: its last changed, whatever that is (a random id's key may end in x).
    const offByOne = `${holderKey.slice(0, 15)}${holderKey.endsWith('x') ? 'y' : 'x'}`;
    for (const key of ['', '?k=', `?k=${offByOne}`]) {
      const counted = await app.inject(`/verify/${encodeURIComponent(view.policy_number)}${key}`);
      expect(counted.statusCode, key).toBe(200);
      expect(counted.body, key).toContain('Valid');
      expect(counted.body, key).not.toContain('Aliyev');
    }
    expect((await app.inject(`/verify/${encodeURIComponent(view.policy_number)}?k=a&k=b`)).statusCode).toBe(400);

    const again = await app.inject(new URL(saved.payme_url).pathname);
    expect(again.body).toContain(checkoutTexts.ru.alreadyPaid);
  });

  test('the PDF is drawn after the payment, on its first download, stored, and the same ever after', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    await payInSandbox(app, saved.payme_url);
    const stored = () => app.db.selectFrom('policies').select('pdf').where('contract_id', '=', saved.contract_id).executeTakeFirstOrThrow();
    // The payment's transaction issued the policy without drawing it.
    expect((await stored()).pdf).toBeNull();
    const check = (await post(app, '/api/sayt/uyjoy-api/check', { contract_id: saved.contract_id })).json().response;
    const [first, concurrent] = await Promise.all([download(check.pdf_url), download(check.pdf_url)]);
    expect(first.text).toContain(check.policy_number);
    expect(concurrent.res.rawPayload.equals(first.res.rawPayload)).toBe(true);
    expect(Buffer.from((await stored()).pdf ?? []).length).toBe(first.res.rawPayload.length);
    const later = await download(check.pdf_url);
    expect(later.res.rawPayload.equals(first.res.rawPayload)).toBe(true);
  });

  test('home Mini: the PDF shows the premium 70 000 and the sum insured 56 000 000', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    const check = (await post(app, '/api/sayt/uyjoy-api/check', { contract_id: saved.contract_id })).json();
    expect(check.response.policy_number).toMatch(/^HOM \d{10}$/);
    assertMatchesSchema('common/check.response', check.response);
    // Partners may name the contract by its order number, and read the policy under travel's names too.
    const byOrder = (await post(app, '/api/sayt/uyjoy-api/check', { order_id: saved.order_id })).json();
    expect(byOrder.response).toEqual(check.response);
    // Order numbers count up: another client's credential does not find this order by its number.
    const asNeo = await post(app, '/api/sayt/uyjoy-api/check', { order_id: saved.order_id }, { authorization: neoAuth });
    expect(asNeo.statusCode).toBe(404);
    expect(asNeo.json()).toMatchObject({ result: false, error: 404 });
    expect(check.response).toMatchObject({ check: true, url: check.response.pdf_url, polis_seria: 'HOM', polis_number: check.response.policy_number.slice(4) });
    expect((await post(app, '/api/sayt/uyjoy-api/check', { order_id: '999999999' })).statusCode).toBe(404);
    // A malformed order number is named as such, not as a missing contract_id (the other way to name a contract).
    for (const [body, field] of [[{ order_id: 'abc' }, '/order_id'], [{ contract_id: 'a b' }, '/contract_id'], [{}, '/contract_id']] as const) {
      const refused = await post(app, '/api/sayt/contract/check-universal', body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().response).toEqual({ field });
    }
    const { text } = await download(check.response.pdf_url);
    expect(text).toContain(check.response.policy_number);
    expect(text).toContain('70 000 soʻm');
    expect(text).toContain('56 000 000 soʻm');
    expect(text).toContain('Dilnoza Karimova');
    expect(text).toContain('Toshkent shahri');
    expect(text).toContain('Страхование жилого имущества');
  });

  test('the declined card shows an error, does not pay, and reports the failure', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    const declined = await payInSandbox(app, saved.payme_url, '8600 0000 0000 0002');
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('role="alert"');
    expect(declined.body).toContain(escapeHtml(checkoutTexts.uz.declined));
    expect((await app.contracts.get(saved.contract_id))?.status).toBe('awaiting_payment');
    // The shop's check tells the page the card was refused (still error 1 for partners); another card then pays.
    const check = (await post(app, '/api/sayt/uyjoy-api/check', { contract_id: saved.contract_id })).json();
    expect(check).toMatchObject({ result: false, error: 1, message: 'payment_not_made', response: { last_payment: 'declined' } });
    expect((await payInSandbox(app, saved.payme_url)).statusCode).toBe(303);
    expect((await post(app, '/api/sayt/uyjoy-api/check', { contract_id: saved.contract_id })).json()).toMatchObject({ result: true, error: 0 });
    const failures = await app.db.selectFrom('outbox').select('text').where('kind', '=', 'failure').execute();
    expect(failures.at(-1)?.text).toContain('Payment declined');
    expect(failures.at(-1)?.text).not.toContain('8600000000000002');
  });

  test('checkout refuses unknown cards and forged payloads', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    expect((await payInSandbox(app, saved.payme_url, '4111 1111 1111 1111')).statusCode).toBe(400);
    const forged = Buffer.from(`m=sandbox-merchant;ac.contract_id=${saved.contract_id};a=100;c=https://evil.example/`).toString('base64');
    const page = await app.inject(`/sandbox/payme/${forged}`);
    expect(page.statusCode).toBe(200);
    const paid = await payInSandbox(app, `http://localhost:3000/sandbox/payme/${forged}`);
    // The merchant endpoint refuses the wrong amount, so nothing is paid and nobody leaves the site.
    expect(paid.statusCode).toBe(409);
    expect(paid.body).toContain('Notoʻgʻri summa');
    expect((await app.contracts.get(saved.contract_id))?.status).toBe('awaiting_payment');
    expect((await app.inject('/sandbox/payme/bm90LW91cnM=')).statusCode).toBe(404);
  });

  test('the Click link opens the sandbox Click page, which pays through our Click SHOP API', async () => {
    const saved = (await post(app, '/api/sayt/uyjoy-api/save', homeSaveBody())).json().response;
    const click = new URL(saved.url);
    const res = await app.inject(`${click.pathname}${click.search}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Click · ');
    expect(res.body).toContain(String(saved.order_id));
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN')?.value ?? '';
    const paid = await app.inject({
      method: 'POST',
      url: `${click.pathname}${click.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: `XSRF-TOKEN=${cookie}` },
      payload: new URLSearchParams({ card_number: '8600 0000 0000 0001', card_expiry: '12/30', _xsrf: cookie }).toString(),
    });
    expect(paid.statusCode).toBe(303);
    const payments = await app.db.selectFrom('payments').select(['provider', 'state']).where('contract_id', '=', saved.contract_id).execute();
    expect(payments).toEqual([{ provider: 'click', state: 'paid' }]);
    expect((await app.inject('/sandbox/click/services/pay?transaction_param=nope')).statusCode).toBe(404);
  });

  test('an unknown PDF address is 404', async () => {
    expect((await app.inject('/api/policies/00000000-0000-4000-8000-000000000000.pdf')).statusCode).toBe(404);
    expect((await app.inject('/api/policies/..%2Fetc.pdf')).statusCode).toBe(404);
    expect((await app.inject('/verify/TRV%201999000001')).statusCode).toBe(404);
  });
});
