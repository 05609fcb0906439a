import type { FastifyRequest } from 'fastify';
import { langOfPath, siteLanguages, type SiteLanguage } from '../../products/site-pages';

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

/** A form field sent exactly once, or null (absent, or repeated: a field sent twice arrives as a list). */
export const formField = (value: unknown): string | null => (typeof value === 'string' ? value : null);

/**
 * Whether a sandbox page's form was posted from that page: a browser holding the XSRF cookie must
 * echo it in the form's `_xsrf` field. A request without cookies cannot be a browser's forged one.
 */
export function formFromPage(request: FastifyRequest, xsrfField: unknown): boolean {
  return !request.headers.cookie || formField(xsrfField) === request.cookies['XSRF-TOKEN'];
}

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
