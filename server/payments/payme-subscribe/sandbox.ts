import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { groupDigits } from '../../../products/kit/api/api-format';
import { html, page } from '../../html';
import { checkoutLang, type CheckoutLang } from '../sandbox-checkout';
import { maskedPhone } from './api';
import { subscribeSandboxApi } from './sandbox-api';

/** The sandbox stand-in for Payme's Subscribe API: `POST /sandbox/card/api` (JSON-RPC, Payme's `X-Auth`). */
export async function subscribeSandbox(app: FastifyInstance): Promise<void> {
  const api = subscribeSandboxApi(app);
  app.post('/api', { config: { docs: { summary: 'Sandbox stand-in for Payme\'s Subscribe API (cards.*, receipts.*; JSON-RPC with X-Auth): test cards in the README, SMS code 666666' } } }, async (request) => {
    const xAuth = request.headers['x-auth'];
    return api.handle(request.body, typeof xAuth === 'string' ? xAuth : undefined);
  });
}

const appTexts: Record<CheckoutLang, { title: string; none: (phone: string) => string; bill: (order: string) => string; pay: string; paid: string; back: string }> = {
  uz: { title: 'Payme ilovasi (sinov)', none: (phone) => `${phone} uchun toʻlanmagan hisob yoʻq.`, bill: (order) => `${order}-buyurtma hisobi`, pay: 'Toʻlash', paid: 'Hisob toʻlandi. Doʻkon sahifasi oʻzi davom etadi.', back: 'Doʻkonga qaytish' },
  ru: { title: 'Приложение Payme (тест)', none: (phone) => `Для ${phone} нет неоплаченных счетов.`, bill: (order) => `Счёт за заказ ${order}`, pay: 'Оплатить', paid: 'Счёт оплачен. Страница магазина продолжит сама.', back: 'Вернуться в магазин' },
  en: { title: 'Payme app (sandbox)', none: (phone) => `No unpaid bills for ${phone}.`, bill: (order) => `Bill for order ${order}`, pay: 'Pay', paid: 'The bill is paid. The shop page moves on by itself.', back: 'Back to the shop' },
};

/**
 * The sandbox stand-in for the Payme app on the payer's phone (`/sandbox/invoice/app?phone=…`): the
 * bills sent to that number by receipts.send, each paid with one tap, as the payer would in the
 * app. The shop learns of it the way it learns of a real one: receipts.check.
 */
export async function invoiceSandbox(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 2048 });
  const { receipts } = subscribeSandboxApi(app);

  const render = (reply: FastifyReply, status: number, lang: CheckoutLang, body: ReturnType<typeof html>) =>
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(appTexts[lang].title, body, lang));

  async function bills(phone: string) {
    const rows = await app.db.selectFrom('sandbox_provider_state').select(['reference', 'data']).where('provider', '=', 'payme-subscribe-receipt').execute();
    return rows.flatMap((row) => {
      const data = row.data as { phone?: unknown; state?: unknown; amount?: unknown; account?: { contract_id?: unknown } };
      return data.phone === phone && data.state === 0 && typeof data.amount === 'number' ? [{ id: row.reference, amount: data.amount / 100, contractId: String(data.account?.contract_id ?? '') }] : [];
    });
  }

  app.get<{ Querystring: { phone?: string; lang?: string } }>('/app', { config: { docs: { summary: 'Sandbox stand-in for the Payme app: the unpaid bills sent to a phone' } } }, async (request, reply) => {
    const lang = checkoutLang(`/${request.query.lang ?? ''}/`);
    const t = appTexts[lang];
    const phone = /^998\d{9}$/.test(request.query.phone ?? '') ? (request.query.phone as string) : '';
    const list = phone ? await bills(phone) : [];
    const items = await Promise.all(
      list.map(async (bill) => {
        const contract = await app.contracts.get(bill.contractId);
        return html`<li><form method="post" action="/sandbox/invoice/app/pay"><input type="hidden" name="receipt" value="${bill.id}"><input type="hidden" name="lang" value="${lang}">
<p>${t.bill(String(contract?.order_id ?? '?'))}: <strong>${groupDigits(bill.amount)} soʻm</strong></p><button type="submit">${t.pay}</button></form></li>`;
      }),
    );
    return render(reply, 200, lang, html`<h1>${t.title}</h1><p>${phone ? maskedPhone(phone) : ''}</p>${items.length ? html`<ul>${items}</ul>` : html`<p>${t.none(phone ? maskedPhone(phone) : '—')}</p>`}<p><a href="/${lang}">← ${t.back}</a></p>`);
  });

  app.post<{ Body: { receipt?: unknown; lang?: unknown } }>('/app/pay', { config: { docs: { summary: 'Sandbox Payme app: the payer pays a bill' } } }, async (request, reply) => {
    const lang = checkoutLang(`/${typeof request.body?.lang === 'string' ? request.body.lang : ''}/`);
    const id = typeof request.body?.receipt === 'string' ? request.body.receipt : '';
    const bill = id ? await receipts.get(id) : undefined;
    if (!bill || bill.state !== 0) return render(reply, 404, lang, html`<h1>${appTexts[lang].title}</h1><p class="error" role="alert">${appTexts[lang].none('—')}</p>`);
    await receipts.put(id, { ...bill, state: 4, payTime: Date.now() });
    return render(reply, 200, lang, html`<h1>${appTexts[lang].title}</h1><p class="ok" role="status">${appTexts[lang].paid}</p>`);
  });
}
