import { randomInt } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { groupDigits } from '../../../products/kit/api/api-format';
import { siteLanguages } from '../../../products/kit/site/site-pages';
import { html, page, type Html } from '../../html';
import { checkoutLang, checkoutTexts, formXsrfRejected, once, type CheckoutLang } from '../sandbox-checkout';
import { paynetTime, type PaynetAnswer } from './protocol';

interface TerminalTexts {
  title: string;
  intro: string;
  language: string;
  orderNumber: string;
  find: string;
  bill: string;
  order: string;
  payer: string;
  amount: string;
  pay: string;
  receipt: string;
  paid: string;
  transaction: string;
  providerTrn: string;
  time: string;
  another: string;
  backToShop: string;
  digits: string;
  notFound: string;
  alreadyPaid: string;
  cancelled: string;
  wrongAmount: string;
  repeated: string;
  refused: (code: number) => string;
  expired: string;
}

const texts: Record<CheckoutLang, TerminalTexts> = {
  uz: {
    title: 'Paynet terminali (sinov)',
    intro: 'Paynet terminali yoki ilovasi oʻrnida: doʻkonga Paynet qanday murojaat qilsa, xuddi shunday murojaat qiladi.',
    language: 'Til',
    orderNumber: 'Buyurtma raqami',
    find: 'Topish',
    bill: 'Hisob',
    order: 'Buyurtma',
    payer: 'Toʻlovchi',
    amount: 'Summa',
    pay: 'Toʻlash',
    receipt: 'Chek',
    paid: 'Toʻlov qabul qilindi. Doʻkon sahifasiga qayting va toʻlovni tekshiring.',
    transaction: 'Paynet tranzaksiyasi',
    providerTrn: 'Doʻkondagi raqami',
    time: 'Vaqt',
    another: 'Boshqa buyurtmani toʻlash',
    backToShop: 'Doʻkonga qaytish',
    digits: 'Buyurtma raqamini faqat raqamlar bilan kiriting (16 ta raqam).',
    notFound: 'Bunday raqamli buyurtma topilmadi.',
    alreadyPaid: 'Bu buyurtma allaqachon toʻlangan.',
    cancelled: 'Bu buyurtma bekor qilingan.',
    wrongAmount: 'Summa buyurtma summasiga mos emas.',
    repeated: 'Bu toʻlov allaqachon oʻtkazilgan.',
    refused: (code) => `Doʻkon toʻlovni qabul qilmadi (xato ${code}).`,
    expired: 'Shakl eskirdi, qaytadan urinib koʻring.',
  },
  en: {
    title: 'Paynet terminal (sandbox)',
    intro: 'Stands in for a Paynet terminal or app: it calls the shop exactly as Paynet does.',
    language: 'Language',
    orderNumber: 'Order number',
    find: 'Find',
    bill: 'Bill',
    order: 'Order',
    payer: 'Payer',
    amount: 'Amount',
    pay: 'Pay',
    receipt: 'Receipt',
    paid: 'Payment accepted. Go back to the shop page and check the payment.',
    transaction: 'Paynet transaction',
    providerTrn: 'Shop’s number',
    time: 'Time',
    another: 'Pay another order',
    backToShop: 'Back to the shop',
    digits: 'Enter the order number in digits only (16 digits).',
    notFound: 'There is no order with this number.',
    alreadyPaid: 'This order is already paid.',
    cancelled: 'This order is cancelled.',
    wrongAmount: 'The amount is not the order’s amount.',
    repeated: 'This payment has already been made.',
    refused: (code) => `The shop did not accept the payment (error ${code}).`,
    expired: 'The form expired; please try again.',
  },
  ru: {
    title: 'Терминал Paynet (тест)',
    intro: 'Заменяет терминал или приложение Paynet: обращается к магазину в точности как Paynet.',
    language: 'Язык',
    orderNumber: 'Номер заказа',
    find: 'Найти',
    bill: 'Счёт',
    order: 'Заказ',
    payer: 'Плательщик',
    amount: 'Сумма',
    pay: 'Оплатить',
    receipt: 'Чек',
    paid: 'Платёж принят. Вернитесь на страницу магазина и проверьте оплату.',
    transaction: 'Транзакция Paynet',
    providerTrn: 'Номер в магазине',
    time: 'Время',
    another: 'Оплатить другой заказ',
    backToShop: 'Вернуться в магазин',
    digits: 'Введите номер заказа только цифрами (16 цифр).',
    notFound: 'Заказа с таким номером нет.',
    alreadyPaid: 'Этот заказ уже оплачен.',
    cancelled: 'Этот заказ отменён.',
    wrongAmount: 'Сумма не совпадает с суммой заказа.',
    repeated: 'Этот платёж уже проведён.',
    refused: (code) => `Магазин не принял платёж (ошибка ${code}).`,
    expired: 'Форма устарела, попробуйте ещё раз.',
  },
};

const languageNames: Record<CheckoutLang, string> = { uz: 'Oʻzbekcha', en: 'English', ru: 'Русский' };

/** What the terminal says of a refusal, by Paynet's code and what the shop put in its `data`. */
function refusalText(t: TerminalTexts, error: Extract<PaynetAnswer, { error: unknown }>['error']): string {
  const about = typeof error.data === 'object' ? error.data.order : undefined;
  if (error.code === 302) return about === 'paid' ? t.alreadyPaid : about === 'cancelled' ? t.cancelled : t.notFound;
  if (error.code === 413) return t.wrongAmount;
  if (error.code === 201) return t.repeated;
  return t.refused(error.code);
}

interface TerminalForm {
  order?: string | string[];
  amount?: string | string[];
  lang?: string | string[];
  _xsrf?: string | string[];
}

/**
 * The sandbox stand-in for a Paynet terminal or app (`/sandbox/paynet/terminal`): the payer types
 * the order number the payment step showed, the terminal asks the shop what is due
 * (GetInformation), shows it, and pays it (PerformTransaction), calling `POST /api/paynet` with
 * Paynet's credential exactly as Paynet would, so the provider protocol is exercised for real.
 */
export async function paynetSandbox(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 2048 });
  const { login, password, serviceId } = app.config.paynet;
  const authorization = `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;
  const terminal = '/sandbox/paynet/terminal';

  async function rpc(method: string, params: Record<string, unknown>): Promise<PaynetAnswer> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/paynet',
      headers: { authorization, 'content-type': 'application/json' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: randomInt(1, 2 ** 31), method, params: { serviceId: /^[0-9]+$/.test(serviceId) ? Number(serviceId) : serviceId, ...params } }),
    });
    return response.json<PaynetAnswer>();
  }

  const langOf = (value: unknown) => checkoutLang(`/${once(value) ?? ''}/`);
  const money = (tiyin: number, lang: CheckoutLang) => `${groupDigits(tiyin / 100)} ${checkoutTexts[lang].currency}`;

  function render(reply: FastifyReply, status: number, lang: CheckoutLang, heading: string, body: Html) {
    const t = texts[lang];
    const languages = siteLanguages.map((other) => html`<a href="${terminal}?lang=${other}" hreflang="${other}" lang="${other}"${other === lang ? html` aria-current="page"` : ''}>${languageNames[other]}</a>`);
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(page(`Paynet · ${heading}`, html`<nav aria-label="${t.language}"><p>${languages.map((link, i) => html`${i ? ' · ' : ''}${link}`)}</p></nav>
<h1>Paynet · ${heading}</h1>
${body}`, lang));
  }

  /** The first screen: the order number to pay, with what went wrong last time. */
  const orderForm = (reply: FastifyReply, status: number, lang: CheckoutLang, typed = '', problem?: string) => {
    const t = texts[lang];
    return render(reply, status, lang, t.title, html`<p class="hint">${t.intro}</p>
${problem ? html`<p class="error" role="alert" id="order-error">${problem}</p>` : ''}
<form method="post" action="${terminal}">
<input type="hidden" name="_xsrf" value="${reply.xsrfToken()}">
<input type="hidden" name="lang" value="${lang}">
<label for="order">${t.orderNumber}</label>
<input id="order" name="order" inputmode="numeric" autocomplete="off" required maxlength="24" value="${typed}"${problem ? html` aria-describedby="order-error" aria-invalid="true"` : ''}>
<button type="submit">${t.find}</button>
</form>
<p><a href="/${lang}">← ${t.backToShop}</a></p>`);
  };

  const formOf = (request: FastifyRequest): TerminalForm => (typeof request.body === 'object' && request.body !== null ? request.body : {});

  app.get<{ Querystring: { lang?: string } }>('/terminal', { config: { docs: { summary: 'Sandbox stand-in for a Paynet terminal or app: the payer types the order number' } } }, async (request, reply) =>
    orderForm(reply, 200, langOf(request.query.lang)));

  app.post('/terminal', { config: { docs: { summary: 'Sandbox Paynet terminal: asks the shop what is due for the order (GetInformation), as Paynet would' } } }, async (request, reply) => {
    const form = formOf(request);
    const lang = langOf(form.lang);
    const t = texts[lang];
    const typed = (once(form.order) ?? '').slice(0, 40);
    if (formXsrfRejected(request, form)) return orderForm(reply, 403, lang, typed, t.expired);
    const order = typed.replace(/[\s-]/g, '');
    if (!/^[0-9]{1,16}$/.test(order)) return orderForm(reply, 400, lang, typed, t.digits);
    const answer = await rpc('GetInformation', { fields: { order_id: order } });
    if ('error' in answer) return orderForm(reply, 409, lang, typed, refusalText(t, answer.error));
    const fields = answer.result.fields as { amount: number; name: string };
    return render(reply, 200, lang, t.bill, html`<dl>
<dt>${t.order}</dt><dd>${order}</dd>
<dt>${t.payer}</dt><dd>${fields.name}</dd>
<dt>${t.amount}</dt><dd>${money(fields.amount, lang)}</dd>
</dl>
<form method="post" action="${terminal}/pay">
<input type="hidden" name="_xsrf" value="${reply.xsrfToken()}">
<input type="hidden" name="lang" value="${lang}">
<input type="hidden" name="order" value="${order}">
<input type="hidden" name="amount" value="${fields.amount}">
<button type="submit">${t.pay} ${money(fields.amount, lang)}</button>
</form>
<p><a href="${terminal}?lang=${lang}">${t.another}</a></p>`);
  });

  app.post('/terminal/pay', { config: { docs: { summary: 'Sandbox Paynet terminal: pays the order (PerformTransaction), as Paynet would, and shows the receipt' } } }, async (request, reply) => {
    const form = formOf(request);
    const lang = langOf(form.lang);
    const t = texts[lang];
    const order = once(form.order) ?? '';
    if (formXsrfRejected(request, form)) return orderForm(reply, 403, lang, order.slice(0, 40), t.expired);
    const amount = Number(once(form.amount));
    if (!/^[0-9]{1,16}$/.test(order) || !Number.isSafeInteger(amount) || amount <= 0) return orderForm(reply, 400, lang, order.slice(0, 40), t.digits);
    // Paynet's own id of the payment: a number, as in its samples.
    const transactionId = Date.now() * 1000 + randomInt(1000);
    const transactionTime = paynetTime(Date.now());
    const answer = await rpc('PerformTransaction', { transactionId, amount, transactionTime, fields: { order_id: order } });
    if ('error' in answer) {
      request.log.warn({ code: answer.error.code }, 'sandbox Paynet payment refused by the shop');
      return orderForm(reply, 409, lang, order, refusalText(t, answer.error));
    }
    return render(reply, 200, lang, t.receipt, html`<p class="ok" role="status">${t.paid}</p>
<dl>
<dt>${t.order}</dt><dd>${order}</dd>
<dt>${t.amount}</dt><dd>${money(amount, lang)}</dd>
<dt>${t.transaction}</dt><dd>${transactionId}</dd>
<dt>${t.providerTrn}</dt><dd>${String(answer.result.providerTrnId)}</dd>
<dt>${t.time}</dt><dd>${String(answer.result.timestamp)}</dd>
</dl>
<p><a href="/${lang}">← ${t.backToShop}</a></p>
<p><a href="${terminal}?lang=${lang}">${t.another}</a></p>`);
  });
}
