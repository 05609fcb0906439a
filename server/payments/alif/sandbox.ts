import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { html, type Html } from '../../html';
import { maskedPhone } from '../payme-subscribe/api';
import { checkoutLang, checkoutTexts, sandboxCards, type CheckoutLang } from '../sandbox-checkout';
import { cardInputs, checkoutBody, formOf, groupedCard, once, outcomeBody, readCard, sandboxPages, shownAmount, type FormBody } from '../sandbox-page';
import { alifNasiyaMonths, alifSandboxApi, alifSandboxOtp, type AlifSandboxInvoice } from './sandbox-api';

interface AlifTexts {
  hint: (card: string, expiry: string, declined: string, otp: string) => string;
  items: string;
  byCard: string;
  nasiya: string;
  phone: string;
  term: string;
  perMonth: (months: number, amount: string) => string;
  next: string;
  code: string;
  codeSent: (to: string) => string;
  confirm: string;
  wrongCode: string;
  attempts: string;
  phoneFormat: string;
  termChoice: string;
  paid: string;
  expired: string;
  cancel: string;
}

/** Exported for the browser tests, which find the checkout's fields by these labels. */
export const alifTexts: Record<CheckoutLang, AlifTexts> = {
  uz: {
    hint: (card, expiry, declined, otp) => `Sinov rejimi: ${card} (${expiry}) toʻlaydi, ${declined} rad etiladi; Nasiya istalgan raqam bilan; SMS-kod ${otp}.`,
    items: 'Xarid',
    byCard: 'Karta bilan toʻlash',
    nasiya: 'Muddatli toʻlov (Nasiya)',
    phone: 'Telefon raqami',
    term: 'Muddat',
    perMonth: (months, amount) => `${months} oy, oyiga ${amount}`,
    next: 'Davom etish',
    code: 'SMS-kod',
    codeSent: (to) => `Kod ${to} raqamiga yuborildi.`,
    confirm: 'Tasdiqlash',
    wrongCode: 'Kod notoʻgʻri, qaytadan kiriting.',
    attempts: 'Urinishlar tugadi. Toʻlovni qaytadan boshlang.',
    phoneFormat: 'Telefon raqamini +998 XX XXX XX XX koʻrinishida kiriting.',
    termChoice: 'Taklif qilingan muddatlardan birini tanlang.',
    paid: 'Bu hisob toʻlangan.',
    expired: 'Bu hisobning muddati tugagan.',
    cancel: 'Bekor qilish',
  },
  ru: {
    hint: (card, expiry, declined, otp) => `Тестовый режим: ${card} (${expiry}) оплачивает, ${declined} отклоняется; рассрочка на любой номер; SMS-код ${otp}.`,
    items: 'Покупка',
    byCard: 'Оплата картой',
    nasiya: 'Рассрочка (Nasiya)',
    phone: 'Номер телефона',
    term: 'Срок',
    perMonth: (months, amount) => `${months} мес., ${amount} в месяц`,
    next: 'Продолжить',
    code: 'SMS-код',
    codeSent: (to) => `Код отправлен на номер ${to}.`,
    confirm: 'Подтвердить',
    wrongCode: 'Неверный код, введите ещё раз.',
    attempts: 'Попытки исчерпаны. Начните оплату заново.',
    phoneFormat: 'Введите номер в виде +998 XX XXX XX XX.',
    termChoice: 'Выберите один из предложенных сроков.',
    paid: 'Этот счёт оплачен.',
    expired: 'Срок этого счёта истёк.',
    cancel: 'Отменить',
  },
  en: {
    hint: (card, expiry, declined, otp) => `Test mode: ${card} (${expiry}) pays, ${declined} is declined; instalments for any phone; SMS code ${otp}.`,
    items: 'Purchase',
    byCard: 'Pay by card',
    nasiya: 'Pay in instalments (Nasiya)',
    phone: 'Phone number',
    term: 'Term',
    perMonth: (months, amount) => `${months} months, ${amount} a month`,
    next: 'Continue',
    code: 'SMS code',
    codeSent: (to) => `The code was sent to ${to}.`,
    confirm: 'Confirm',
    wrongCode: 'Wrong code; please type it again.',
    attempts: 'No tries left. Please start the payment again.',
    phoneFormat: 'Enter the phone as +998 XX XXX XX XX.',
    termChoice: 'Choose one of the terms offered.',
    paid: 'This invoice is paid.',
    expired: 'This invoice has expired.',
    cancel: 'Cancel',
  },
};

const masked = (number: string) => `${number.slice(0, 6)}******${number.slice(-4)}`;

/**
 * The sandbox stand-in of Alif: its API (`POST /sandbox/alif/api/<method>`, header `Token`) and its
 * checkout (`/sandbox/alif/checkout/?invoice=<id>`, standing in for checkout.alifpay.uz) where the
 * payer chooses a card or Nasiya instalments, confirms with the SMS code, and Alif calls the shop's
 * webhook (signed raw body) and sends the payer back to the shop (only ever a page of this server).
 */
export async function alifSandbox(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 4096 });
  const alif = alifSandboxApi(app);
  const pages = sandboxPages(app);

  app.post<{ Params: { method: string } }>(
    '/api/:method',
    { config: { docs: { summary: 'Sandbox stand-in for Alif\'s API (invoice, getInvoice, refundInvoice): JSON with the header Token, amounts in tiyin, HTTP 200 with the result or error {code, message}' } } },
    async (request) => alif.handle(request.params.method, request.body, request.headers.token),
  );

  // The checkout speaks the language of the shop page the payment returns to.
  const langOf = (invoice: AlifSandboxInvoice) => checkoutLang(invoice.redirectUrl);

  function view(reply: FastifyReply, status: number, id: string, invoice: AlifSandboxInvoice, forms: Html, error?: string) {
    const lang = langOf(invoice);
    const t = checkoutTexts[lang];
    const body = checkoutBody({
      provider: 'Alif',
      lang,
      hint: alifTexts[lang].hint(groupedCard(sandboxCards.pays.number), sandboxCards.pays.expiry, groupedCard(sandboxCards.declined.number), alifSandboxOtp),
      rows: [
        [alifTexts[lang].items, invoice.items.map((item) => item.name).join(', ')],
        [t.amount, shownAmount(invoice.amount, lang)],
      ],
      error,
      forms,
      back: pages.ownPage(invoice.cancelUrl),
    });
    return pages.render(reply, status, lang, `Alif · ${t.title}`, body);
  }

  const hidden = (reply: FastifyReply, id: string) => html`<input type="hidden" name="_xsrf" value="${reply.xsrfToken()}"><input type="hidden" name="invoice" value="${id}">`;

  function choice(reply: FastifyReply, status: number, id: string, invoice: AlifSandboxInvoice, error?: string) {
    const lang = langOf(invoice);
    const a = alifTexts[lang];
    // Alif's terms are shown in whole som a month, rounded up.
    const monthly = (months: number) => shownAmount(Math.ceil(invoice.amount / months / 100) * 100, lang);
    const forms = html`<h2>${a.byCard}</h2>
<form method="post" action="/sandbox/alif/checkout/card">${hidden(reply, id)}
${cardInputs(lang, Boolean(error), 'card-')}
<button type="submit">${a.next}</button>
</form>
<h2>${a.nasiya}</h2>
<form method="post" action="/sandbox/alif/checkout/nasiya">${hidden(reply, id)}
<label for="nasiya-phone">${a.phone}</label>
<input id="nasiya-phone" name="phone" inputmode="tel" autocomplete="tel" required maxlength="20" placeholder="+998 90 123 45 67">
<label for="nasiya-months">${a.term}</label>
<select id="nasiya-months" name="months">${alifNasiyaMonths.map((months) => html`<option value="${months}">${a.perMonth(months, monthly(months))}</option>`)}</select>
<button type="submit">${a.next}</button>
</form>`;
    return view(reply, status, id, invoice, forms, error);
  }

  function codeForm(reply: FastifyReply, status: number, id: string, invoice: AlifSandboxInvoice, error?: string) {
    const lang = langOf(invoice);
    const a = alifTexts[lang];
    const to = invoice.pending?.phone ?? invoice.pending?.maskedPan ?? '';
    const forms = html`<p class="ok" role="status">${a.codeSent(to)}</p>
<form method="post" action="/sandbox/alif/checkout/confirm">${hidden(reply, id)}
<label for="otp">${a.code}</label>
<input id="otp" name="code" inputmode="numeric" autocomplete="one-time-code" required maxlength="6"${error ? html` aria-describedby="pay-error"` : ''}>
<button type="submit">${a.confirm}</button>
</form>`;
    return view(reply, status, id, invoice, forms, error);
  }

  function closed(reply: FastifyReply, invoice: AlifSandboxInvoice) {
    const lang = langOf(invoice);
    const paid = invoice.payment?.status === 'SUCCEEDED';
    return pages.render(reply, 200, lang, `Alif · ${checkoutTexts[lang].title}`, outcomeBody('Alif', lang, paid ? alifTexts[lang].paid : alifTexts[lang].expired, paid ? 'ok' : 'error', pages.ownPage(paid ? invoice.redirectUrl : invoice.cancelUrl)));
  }

  /** The invoice a form or link names, if the stand-in knows it. */
  async function invoiceOf(id: unknown) {
    const invoice = typeof id === 'string' && id.length <= 100 ? await alif.invoices.get(id) : undefined;
    return invoice && typeof id === 'string' ? { id, invoice } : null;
  }

  app.get<{ Querystring: { invoice?: string } }>('/checkout/', { config: { docs: { summary: 'Sandbox stand-in for Alif\'s checkout (checkout.alifpay.uz/?invoice=<id>): pay the invoice by card or in Nasiya instalments' } } }, async (request, reply) => {
    const found = await invoiceOf(request.query.invoice);
    if (!found) return pages.notFound(request, reply);
    if (!alif.payable(found.invoice)) return closed(reply, found.invoice);
    return choice(reply, 200, found.id, found.invoice);
  });

  /** A checkout form posted: its invoice, still payable, and the browser's own. */
  async function posted(form: FormBody, request: Parameters<typeof pages.trusted>[0], reply: FastifyReply, then: (id: string, invoice: AlifSandboxInvoice, lang: CheckoutLang) => Promise<FastifyReply>) {
    const found = await invoiceOf(once(form.invoice));
    if (!found) return pages.notFound(request, reply);
    if (!alif.payable(found.invoice)) return closed(reply, found.invoice);
    const lang = langOf(found.invoice);
    if (!pages.trusted(request, form)) return choice(reply, 403, found.id, found.invoice, checkoutTexts[lang].expired);
    return then(found.id, found.invoice, lang);
  }

  app.post('/checkout/card', { config: { docs: { summary: 'Sandbox Alif checkout: a card for the invoice (the SMS code comes next; the declined test card is refused and the shop told)' } } }, async (request, reply) => {
    const form = formOf(request.body);
    return posted(form, request, reply, async (id, invoice, lang) => {
      const card = readCard(form);
      if (!card.ok) return choice(reply, 400, id, invoice, checkoutTexts[lang][card.problem]);
      if (card.number === sandboxCards.declined.number) {
        await alif.decline(id, invoice, masked(card.number));
        return choice(reply, 402, id, invoice, checkoutTexts[lang].declined);
      }
      if (card.number !== sandboxCards.pays.number || card.expiry !== sandboxCards.pays.expiry) return choice(reply, 400, id, invoice, checkoutTexts[lang].onlyTestCards);
      const waiting = await alif.awaitCode(id, invoice, { type: 'card', months: null, maskedPan: masked(card.number), phone: null });
      return codeForm(reply, 200, id, waiting);
    });
  });

  app.post('/checkout/nasiya', { config: { docs: { summary: 'Sandbox Alif checkout: Nasiya instalments for the invoice, by phone and term (the SMS code comes next)' } } }, async (request, reply) => {
    const form = formOf(request.body);
    return posted(form, request, reply, async (id, invoice, lang) => {
      const a = alifTexts[lang];
      const phone = (once(form.phone) ?? '').replace(/[\s()+-]/g, '');
      if (Array.isArray(form.phone) || Array.isArray(form.months)) return choice(reply, 400, id, invoice, checkoutTexts[lang].sendOnce);
      if (!/^998\d{9}$/.test(phone)) return choice(reply, 400, id, invoice, a.phoneFormat);
      const months = alifNasiyaMonths.find((term) => String(term) === once(form.months));
      if (!months) return choice(reply, 400, id, invoice, a.termChoice);
      const waiting = await alif.awaitCode(id, invoice, { type: 'nasiya', months, maskedPan: null, phone: maskedPhone(phone) });
      return codeForm(reply, 200, id, waiting);
    });
  });

  app.post('/checkout/confirm', { config: { docs: { summary: 'Sandbox Alif checkout: the SMS code (111111) pays the invoice; Alif calls the shop\'s webhook, signed, and returns the payer to the shop' } } }, async (request, reply) => {
    const form = formOf(request.body);
    return posted(form, request, reply, async (id, invoice, lang) => {
      const a = alifTexts[lang];
      if (!invoice.pending) return choice(reply, 409, id, invoice, a.attempts);
      const outcome = await alif.confirm(id, invoice, once(form.code)?.trim() ?? '');
      if (outcome === 'wrong') return codeForm(reply, 400, id, (await alif.invoices.get(id)) ?? invoice, a.wrongCode);
      if (outcome === 'attempts') return choice(reply, 400, id, { ...invoice, pending: null }, a.attempts);
      const back = pages.ownPage(invoice.redirectUrl);
      return back ? reply.code(303).header('Location', back).send() : closed(reply, (await alif.invoices.get(id)) ?? invoice);
    });
  });
}
