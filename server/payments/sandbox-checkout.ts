import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { groupDigits } from '../../products/kit/api/api-format';
import { langOfPath, siteLanguages, type SiteLanguage } from '../../products/kit/site/site-pages';
import type { Contract } from '../db/database';
import { html, page, type Html } from '../html';
import { XSRF_COOKIE } from '../plugins/app/edge';

/**
 * The sandbox checkout's test cards and what it says, in the visitor's language: a real provider's
 * page speaks the language the shop sends the visitor in, so the stand-in does too (Payme's own
 * `l=` parameter is not needed: the return address already starts with the page's language).
 */

/** The sandbox's test cards (schemas/api/README.md): one pays, one is declined. */
export const sandboxCards = {
  pays: { number: '8600000000000001', expiry: '12/30' },
  declined: { number: '8600000000000002', expiry: '12/30' },
} as const;

export type CheckoutLang = SiteLanguage;

/** The language of the shop page a payment returns to (`/ru/travel?step=payment` → ru); Uzbek otherwise, as the site's default. */
export function checkoutLang(returnUrl: string): CheckoutLang {
  let path = returnUrl;
  try {
    path = new URL(returnUrl, 'http://shop.invalid').pathname;
  } catch {
    // Not a URL: the default language.
  }
  return langOfPath(path) ?? siteLanguages[0];
}

export interface CheckoutTexts {
  title: string;
  order: string;
  amount: string;
  currency: string;
  cardNumber: string;
  expiry: string;
  pay: string;
  testCards: (pays: string, expiry: string, declined: string) => string;
  backToShop: string;
  continue: string;
  alreadyPaid: string;
  cancelled: string;
  paidOrder: (order: number) => string;
  cancelledOrder: (order: number) => string;
  notFound: string;
  notFoundHint: string;
  sendOnce: string;
  numberDigits: string;
  expiryFormat: string;
  declined: string;
  onlyTestCards: string;
  expired: string;
}

export const checkoutTexts: Record<CheckoutLang, CheckoutTexts> = {
  uz: {
    title: 'Toʻlov',
    order: 'Buyurtma',
    amount: 'Summa',
    currency: 'soʻm',
    cardNumber: 'Karta raqami',
    expiry: 'Amal qilish muddati (OO/YY)',
    pay: 'Toʻlash',
    testCards: (pays, expiry, declined) => `Sinov rejimi: ${pays} (${expiry}) toʻlaydi, ${declined} rad etiladi.`,
    backToShop: 'Doʻkonga qaytish',
    continue: 'Davom etish',
    alreadyPaid: 'Buyurtma toʻlangan',
    cancelled: 'Buyurtma bekor qilingan',
    paidOrder: (order) => `${order}-buyurtma toʻlangan.`,
    cancelledOrder: (order) => `${order}-buyurtma bekor qilingan.`,
    notFound: 'Buyurtma topilmadi',
    notFoundHint: 'Bu toʻlov havolasi yaroqsiz.',
    sendOnce: 'Har bir maydonni bir marta yuboring.',
    numberDigits: 'Karta raqami 16 ta raqamdan iborat.',
    expiryFormat: 'Amal qilish muddatini OO/YY koʻrinishida kiriting.',
    declined: 'Karta rad etildi: mablagʻ yetarli emas. Pul yechilmadi.',
    onlyTestCards: 'Sinov rejimi faqat sinov kartalarini qabul qiladi.',
    expired: 'Shakl eskirdi, qaytadan urinib koʻring.',
  },
  ru: {
    title: 'Оплата',
    order: 'Заказ',
    amount: 'Сумма',
    currency: 'сум',
    cardNumber: 'Номер карты',
    expiry: 'Срок действия (ММ/ГГ)',
    pay: 'Оплатить',
    testCards: (pays, expiry, declined) => `Тестовый режим: ${pays} (${expiry}) оплачивает, ${declined} отклоняется.`,
    backToShop: 'Вернуться в магазин',
    continue: 'Продолжить',
    alreadyPaid: 'Заказ оплачен',
    cancelled: 'Заказ отменён',
    paidOrder: (order) => `Заказ ${order} оплачен.`,
    cancelledOrder: (order) => `Заказ ${order} отменён.`,
    notFound: 'Заказ не найден',
    notFoundHint: 'Эта ссылка на оплату недействительна.',
    sendOnce: 'Отправьте каждое поле один раз.',
    numberDigits: 'Номер карты состоит из 16 цифр.',
    expiryFormat: 'Введите срок действия в виде ММ/ГГ.',
    declined: 'Карта отклонена: недостаточно средств. Деньги не списаны.',
    onlyTestCards: 'Тестовый режим принимает только тестовые карты.',
    expired: 'Форма устарела, попробуйте ещё раз.',
  },
  en: {
    title: 'Payment',
    order: 'Order',
    amount: 'Amount',
    currency: 'UZS',
    cardNumber: 'Card number',
    expiry: 'Expiry (MM/YY)',
    pay: 'Pay',
    testCards: (pays, expiry, declined) => `Test mode: ${pays} (${expiry}) pays, ${declined} is declined.`,
    backToShop: 'Back to the shop',
    continue: 'Continue',
    alreadyPaid: 'Order already paid',
    cancelled: 'Order cancelled',
    paidOrder: (order) => `Order ${order} is paid.`,
    cancelledOrder: (order) => `Order ${order} is cancelled.`,
    notFound: 'Order not found',
    notFoundHint: 'This payment link is not valid.',
    sendOnce: 'Send each field once.',
    numberDigits: 'The card number has 16 digits.',
    expiryFormat: 'Enter the expiry as MM/YY.',
    declined: 'The card was declined: insufficient funds. Nothing was charged.',
    onlyTestCards: 'Test mode accepts only its test cards.',
    expired: 'The form expired; please try again.',
  },
};

/** A checkout form as posted: a field sent twice arrives as a list, and is not a card. */
export interface CardForm {
  card_number?: string | string[];
  card_expiry?: string | string[];
  _xsrf?: string | string[];
}

/** A form field sent exactly once, or null (absent, or repeated). */
export const once = (value: unknown): string | null => (typeof value === 'string' ? value : null);

type CardProblem = 'sendOnce' | 'numberDigits' | 'expiryFormat' | 'declined' | 'onlyTestCards';
export type CardCheck = { ok: true } | { ok: false; status: number; problem: CardProblem };

/** A test card as a sandbox checkout takes it: the paying one, the declined one (402), or what is wrong with it. */
export function checkCard(form: CardForm): CardCheck {
  if (Array.isArray(form.card_number) || Array.isArray(form.card_expiry)) return { ok: false, status: 400, problem: 'sendOnce' };
  const number = (once(form.card_number) ?? '').replace(/[\s-]/g, '');
  const expiry = (once(form.card_expiry) ?? '').replace(/\s/g, '');
  if (!/^\d{16}$/.test(number)) return { ok: false, status: 400, problem: 'numberDigits' };
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) return { ok: false, status: 400, problem: 'expiryFormat' };
  if (number === sandboxCards.declined.number) return { ok: false, status: 402, problem: 'declined' };
  if (number !== sandboxCards.pays.number || expiry !== sandboxCards.pays.expiry) return { ok: false, status: 400, problem: 'onlyTestCards' };
  return { ok: true };
}

/**
 * The XSRF double submit of a checkout form, by the site's rule (server/README.md): a browser that
 * sends cookies must echo its `XSRF-TOKEN` in `_xsrf`; a request without cookies carries nothing to forge.
 */
export function formXsrfRejected(request: FastifyRequest, form: CardForm): boolean {
  if (!request.headers.cookie) return false;
  const cookie = request.cookies[XSRF_COOKIE];
  return !cookie || once(form._xsrf) !== cookie;
}

export const grouped = (cardNumber: string) => cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');

/** Where a checkout returns the visitor: only our own pages, so a crafted link cannot make it an open redirect. */
export function safeReturnUrl(app: FastifyInstance, returnUrl: string, contractId: string): string {
  return returnUrl.startsWith(`${app.config.publicUrl}/`) ? returnUrl : `${app.config.publicUrl}/thank-you/${contractId}`;
}

/** A sandbox checkout page, never cached. */
export function renderCheckout(reply: FastifyReply, status: number, lang: CheckoutLang, title: string, body: Html) {
  return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(title, body, lang));
}

export interface CardCheckout {
  /** The provider's name, before the page's title (`Payme`, `Click`). */
  brand: string;
  lang: CheckoutLang;
  orderId: number;
  /** UZS. */
  amount: number;
  /** Where the form posts (the page's own address). */
  action: string;
  xsrf: string;
  back: string;
  error?: string | undefined;
}

/** A sandbox checkout's card form: the order, its amount, the test cards, and the way back to the shop. */
export function cardCheckoutForm({ brand, lang, orderId, amount, action, xsrf, back, error }: CardCheckout): Html {
  const t = checkoutTexts[lang];
  // A crafted link may carry tiyin: shown as they are, not rounded away (the merchant then refuses the amount).
  const sum = `${Number.isInteger(amount) ? groupDigits(amount) : amount.toFixed(2)} ${t.currency}`;
  return html`<h1>${brand} · ${t.title}</h1>
<p class="hint">${t.testCards(grouped(sandboxCards.pays.number), sandboxCards.pays.expiry, grouped(sandboxCards.declined.number))}</p>
<dl>
<dt>${t.order}</dt><dd>${orderId}</dd>
<dt>${t.amount}</dt><dd>${sum}</dd>
</dl>
${error ? html`<p class="error" role="alert" id="pay-error">${error}</p>` : ''}
<form method="post" action="${action}">
<input type="hidden" name="_xsrf" value="${xsrf}">
<label for="card_number">${t.cardNumber}</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="19" placeholder="8600 0000 0000 0001"${error ? html` aria-describedby="pay-error"` : ''}>
<label for="card_expiry">${t.expiry}</label>
<input id="card_expiry" name="card_expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="5" placeholder="12/30">
<button type="submit">${t.pay} ${sum}</button>
</form>
<p><a href="${back}">← ${t.backToShop}</a></p>`;
}

/** The page of an order that takes no payment any more: paid, or cancelled. */
export function orderClosedPage(reply: FastifyReply, lang: CheckoutLang, contract: Pick<Contract, 'status' | 'order_id'>, back: string) {
  const t = checkoutTexts[lang];
  const cancelled = contract.status === 'cancelled';
  const state = cancelled ? t.cancelledOrder(contract.order_id) : t.paidOrder(contract.order_id);
  const title = cancelled ? t.cancelled : t.alreadyPaid;
  return renderCheckout(reply, 200, lang, title, html`<h1>${title}</h1>
<p class="ok" role="status">${state}</p><p><a href="${back}">${t.continue}</a></p>`);
}

/** A link that is not ours carries no return address, so no page language either: the visitor's browser says it. */
export function checkoutNotFound(request: FastifyRequest, reply: FastifyReply) {
  const lang = checkoutLang(`/${(request.headers['accept-language'] ?? '').slice(0, 2).toLowerCase()}/`);
  const t = checkoutTexts[lang];
  return renderCheckout(reply, 404, lang, t.notFound, html`<h1>${t.notFound}</h1><p class="error" role="alert">${t.notFoundHint}</p><p><a href="/${lang}">← ${t.backToShop}</a></p>`);
}
