import { randomInt } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { groupDigits } from '../../../products/kit/api/api-format';
import { tashkentDateTime } from '../../dates';
import type { Contract } from '../../db/database';
import { html } from '../../html';
import { maskPersonalData } from '../../logging';
import { cardCheckoutForm, checkCard, checkoutLang, checkoutNotFound, checkoutTexts, formXsrfRejected, once, orderClosedPage, renderCheckout, safeReturnUrl, type CardForm, type CheckoutLang } from '../sandbox-checkout';
import { clickSandboxApi, sandboxClickPayments, sandboxClickStatus, type SandboxClickPayment } from './sandbox-api';
import { clickActions, type ClickAction, type ClickAnswer } from './shop-api';
import { clickSignString } from './signature';

/** What the sandbox's Click sends in Complete when the card's bank refused the debit (Click's own codes are negative; the merchant only needs the sign). */
export const sandboxDebitRefused = { error: -5017, note: 'Insufficient funds' } as const;

/** What the sandbox's Click page says when the merchant refuses, by the merchant's code, and what became of the money. */
const refusalTexts: Record<CheckoutLang, { codes: Partial<Record<number, string>>; other: string; notCharged: string; returned: string }> = {
  uz: {
    codes: { [-2]: 'Summa buyurtma summasiga mos kelmaydi.', [-4]: 'Buyurtma allaqachon toʻlangan.', [-5]: 'Buyurtma topilmadi.', [-9]: 'Toʻlov bekor qilindi.' },
    other: 'Toʻlovni amalga oshirib boʻlmadi.',
    notCharged: 'Pul yechilmadi.',
    returned: 'Pul kartaga qaytarildi.',
  },
  ru: {
    codes: { [-2]: 'Сумма не совпадает с суммой заказа.', [-4]: 'Заказ уже оплачен.', [-5]: 'Заказ не найден.', [-9]: 'Платёж отменён.' },
    other: 'Платёж не удалось провести.',
    notCharged: 'Деньги не списаны.',
    returned: 'Деньги возвращены на карту.',
  },
  en: {
    codes: { [-2]: 'The amount differs from that of the order.', [-4]: 'The order is already paid.', [-5]: 'Order not found.', [-9]: 'The payment was cancelled.' },
    other: 'The payment could not be made.',
    notCharged: 'Nothing was charged.',
    returned: 'The money went back to the card.',
  },
};

/** The link's query as Click's page reads it (my.click.uz/services/pay). */
interface ClickLinkQuery {
  service_id?: unknown;
  merchant_id?: unknown;
  amount?: unknown;
  transaction_param?: unknown;
  return_url?: unknown;
}

interface Order {
  contract: Contract;
  /** As the link gives it, and as Click sends it on (`70000.00`). */
  amount: string;
  back: string;
  lang: CheckoutLang;
}

/** A payment id as Click's are: ten digits. */
const clickId = () => String(randomInt(1_000_000_000, 10_000_000_000));

/**
 * The sandbox stand-in for Click's payment page (`/sandbox/click/services/pay?…`, the link's own
 * query): the order and its amount, a test card, and on paying it calls our SHOP API exactly as
 * Click does, form-encoded and signed: Prepare, then (the card debited, or refused by its bank)
 * Complete. Its record of the payments answers the stand-in of Click's merchant API (`/api/…`).
 */
export async function clickSandbox(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 4096 });
  await app.register(clickSandboxApi);
  const payments = sandboxClickPayments(app);
  const { serviceId, merchantId, secretKey } = app.config.click;

  /** One call of our SHOP API as Click makes it: the form fields, signed. */
  async function callMerchant(action: ClickAction, payment: SandboxClickPayment & { paymentId: string }, extra: { merchantPrepareId?: string; error?: number; errorNote?: string } = {}): Promise<ClickAnswer | null> {
    const signTime = tashkentDateTime(new Date());
    const signed = { clickTransId: payment.clickTransId, serviceId, merchantTransId: payment.merchantTransId, merchantPrepareId: extra.merchantPrepareId, amount: payment.amount, action: String(action), signTime };
    const form = new URLSearchParams({
      click_trans_id: payment.clickTransId,
      service_id: serviceId,
      click_paydoc_id: payment.paymentId,
      merchant_trans_id: payment.merchantTransId,
      ...(extra.merchantPrepareId === undefined ? {} : { merchant_prepare_id: extra.merchantPrepareId }),
      amount: payment.amount,
      action: String(action),
      error: String(extra.error ?? 0),
      error_note: extra.errorNote ?? 'Success',
      sign_time: signTime,
      sign_string: clickSignString(signed, secretKey),
    });
    const response = await app.inject({
      method: 'POST',
      url: action === clickActions.prepare ? '/api/click/prepare' : '/api/click/complete',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    try {
      const answer = response.json<ClickAnswer>();
      return typeof answer.error === 'number' ? answer : null;
    } catch {
      return null;
    }
  }

  async function loadOrder(query: ClickLinkQuery): Promise<Order | null> {
    const [service, merchant, amount, contractId, returnUrl = ''] = [query.service_id, query.merchant_id, query.amount, query.transaction_param, query.return_url ?? ''].map(once);
    if (service !== serviceId || merchant !== merchantId || !amount || !/^\d{1,15}(\.\d{1,2})?$/.test(amount) || !contractId || returnUrl === null) return null;
    const contract = await app.contracts.get(contractId);
    // The page speaks the language of the shop page the payment returns to.
    return contract ? { contract, amount, back: safeReturnUrl(app, returnUrl, contract.id), lang: checkoutLang(returnUrl) } : null;
  }

  const checkout = (reply: FastifyReply, status: number, order: Order, action: string, error?: string) =>
    renderCheckout(
      reply,
      status,
      order.lang,
      `Click · ${checkoutTexts[order.lang].title}`,
      cardCheckoutForm({ brand: 'Click', lang: order.lang, orderId: order.contract.order_id, amount: Number(order.amount), action, xsrf: reply.xsrfToken(), back: order.back, error }),
    );

  /** The merchant refused the payment: what the visitor is told, and the way back. */
  function refused(reply: FastifyReply, status: number, order: Order, code: number | null, money: 'notCharged' | 'returned') {
    const t = refusalTexts[order.lang];
    const title = `Click · ${checkoutTexts[order.lang].title}`;
    return renderCheckout(reply, status, order.lang, title, html`<h1>${title}</h1>
<p class="error" role="alert">${(code === null ? undefined : t.codes[code]) ?? t.other} ${t[money]}</p>
<p><a href="${order.back}">← ${checkoutTexts[order.lang].backToShop}</a></p>`);
  }

  app.get<{ Querystring: ClickLinkQuery }>('/services/pay', { config: { docs: { summary: 'Sandbox stand-in for Click\'s payment page (my.click.uz/services/pay): the order, its amount and a test card form' } } }, async (request, reply) => {
    const order = await loadOrder(request.query);
    if (!order) return checkoutNotFound(request, reply);
    if (order.contract.status !== 'awaiting_payment') return orderClosedPage(reply, order.lang, order.contract, order.back);
    return checkout(reply, 200, order, request.url);
  });

  app.post<{ Querystring: ClickLinkQuery; Body: CardForm }>(
    '/services/pay',
    { config: { docs: { summary: 'Sandbox Click page: pays with a test card, calling our Click Prepare and Complete as Click does; a declined card makes Click send Complete with error < 0' } } },
    async (request: FastifyRequest<{ Querystring: ClickLinkQuery; Body: CardForm }>, reply) => {
      const order = await loadOrder(request.query);
      if (!order) return checkoutNotFound(request, reply);
      const form = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const { contract, lang } = order;
      if (formXsrfRejected(request, form)) return checkout(reply, 403, order, request.url, checkoutTexts[lang].expired);
      const card = checkCard(form);
      if (!card.ok && card.problem !== 'declined') return checkout(reply, card.status, order, request.url, checkoutTexts[lang][card.problem]);

      // Click begins a payment and asks the merchant whether the order takes it.
      const paymentId = clickId();
      const payment: SandboxClickPayment = { clickTransId: clickId(), serviceId, merchantTransId: contract.id, amount: order.amount, date: tashkentDateTime(new Date()).slice(0, 10), status: sandboxClickStatus.created, createdAt: Date.now() };
      await payments.put(paymentId, payment);
      const prepared = await callMerchant(clickActions.prepare, { ...payment, paymentId });
      if (prepared?.error !== 0 || typeof prepared.merchant_prepare_id !== 'number') {
        await payments.put(paymentId, { ...payment, status: sandboxClickStatus.refused });
        request.log.warn({ code: prepared?.error ?? null }, 'sandbox click payment refused by the merchant at prepare');
        return refused(reply, 409, order, prepared?.error ?? null, 'notCharged');
      }
      const merchantPrepareId = String(prepared.merchant_prepare_id);

      if (!card.ok) {
        // The card's bank refuses the debit: Click tells the merchant so in Complete (error < 0).
        await payments.put(paymentId, { ...payment, status: sandboxClickStatus.declined });
        await callMerchant(clickActions.complete, { ...payment, paymentId }, { merchantPrepareId, error: sandboxDebitRefused.error, errorNote: sandboxDebitRefused.note });
        await app.outbox.enqueue('failure', maskPersonalData(`Payment declined (sandbox Click): order ${contract.order_id}, ${contract.product}, ${groupDigits(contract.amount)} soʻm, card ****${(once(form.card_number) ?? '').slice(-4)}: insufficient funds`));
        return checkout(reply, card.status, order, request.url, checkoutTexts[lang].declined);
      }

      // Debited: Click asks the merchant to complete, and gives the money back if it refuses.
      await payments.put(paymentId, { ...payment, status: sandboxClickStatus.paid });
      const completed = await callMerchant(clickActions.complete, { ...payment, paymentId }, { merchantPrepareId });
      if (completed?.error !== 0) {
        await payments.put(paymentId, { ...payment, status: sandboxClickStatus.reversed });
        request.log.warn({ code: completed?.error ?? null }, 'sandbox click payment refused by the merchant at complete');
        return refused(reply, 409, order, completed?.error ?? null, 'returned');
      }
      return reply.code(303).header('Location', order.back).send();
    },
  );
}
