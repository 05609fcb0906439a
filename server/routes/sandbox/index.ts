import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { html, page, type Html } from '../../html';
import { parsePaymePayload, paymeUrl, type PaymePayload } from '../../lib/payment-links';
import type { RpcResponse } from '../../plugins/app/payme';
import { maskPersonalData } from '../../logging';
import { groupDigits } from '../../../products/sale';

/** The sandbox's test cards (schemas/api/README.md): one pays, one is declined. */
export const sandboxCards = {
  pays: { number: '8600000000000001', expiry: '12/30' },
  declined: { number: '8600000000000002', expiry: '12/30' },
} as const;

/** The checkout form as posted: a field sent twice arrives as a list, and is not a card. */
interface CardForm {
  card_number?: string | string[];
  card_expiry?: string | string[];
  _xsrf?: string | string[];
}

/** A form field sent exactly once, or null (absent, or repeated). */
const once = (value: unknown): string | null => (typeof value === 'string' ? value : null);

type CardCheck = { ok: true } | { ok: false; status: number; message: string; declined?: boolean };

function checkCard(form: CardForm): CardCheck {
  if (Array.isArray(form.card_number) || Array.isArray(form.card_expiry)) {
    return { ok: false, status: 400, message: 'Har bir maydonni bir marta yuboring / Каждое поле — один раз / Send each field once.' };
  }
  const number = (once(form.card_number) ?? '').replace(/[\s-]/g, '');
  const expiry = (once(form.card_expiry) ?? '').replace(/\s/g, '');
  if (!/^\d{16}$/.test(number)) return { ok: false, status: 400, message: 'Karta raqami 16 ta raqam / Номер карты — 16 цифр / The card number has 16 digits.' };
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) return { ok: false, status: 400, message: 'Amal qilish muddati OO/YY / Срок действия ММ/ГГ / Expiry is MM/YY.' };
  if (number === sandboxCards.declined.number) {
    return { ok: false, status: 402, declined: true, message: "Mablag' yetarli emas / Недостаточно средств / Payment declined: insufficient funds." };
  }
  if (number !== sandboxCards.pays.number || expiry !== sandboxCards.pays.expiry) {
    return { ok: false, status: 400, message: 'Sandbox faqat test kartalarini qabul qiladi / Песочница принимает только тестовые карты / The sandbox accepts only its test cards.' };
  }
  return { ok: true };
}

/**
 * Sandbox checkout pages standing in for checkout.paycom.uz: they pay by calling our own Payme
 * merchant endpoint exactly as Payme does, so the merchant side is exercised for real.
 */
export default async function sandboxRoutes(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 4096 });
  const paycom = `Basic ${Buffer.from(`Paycom:${app.config.payme.key}`).toString('base64')}`;

  async function rpc(method: string, params: Record<string, unknown>): Promise<RpcResponse> {
    const response = await app.inject({
      method: 'POST',
      url: '/api/payme',
      headers: { authorization: paycom, 'content-type': 'application/json' },
      payload: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params }),
    });
    return response.json<RpcResponse>();
  }

  /** Only our own pages: a crafted payload must not turn checkout into an open redirect. */
  function safeReturn(payload: PaymePayload): string {
    return payload.returnUrl.startsWith(`${app.config.publicUrl}/`) ? payload.returnUrl : `${app.config.publicUrl}/thank-you/${payload.contractId}`;
  }

  async function render(reply: FastifyReply, status: number, title: string, body: Html) {
    return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(title, body));
  }

  function checkoutForm(payload: PaymePayload, orderId: number, action: string, xsrf: string, error?: string): Html {
    return html`<h1>Payme · To'lov / Оплата / Payment</h1>
<p class="hint">Sandbox: ${sandboxCards.pays.number.replace(/(\d{4})(?=\d)/g, '$1 ')} (${sandboxCards.pays.expiry}) pays, ${sandboxCards.declined.number.replace(/(\d{4})(?=\d)/g, '$1 ')} is declined.</p>
<dl>
<dt>Buyurtma / Заказ / Order</dt><dd>${orderId}</dd>
<dt>Summa / Сумма / Amount</dt><dd>${groupDigits(payload.amount / 100)} so'm</dd>
</dl>
${error ? html`<p class="error" role="alert" id="pay-error">${error}</p>` : ''}
<form method="post" action="${action}">
<input type="hidden" name="_xsrf" value="${xsrf}">
<label for="card_number">Karta raqami / Номер карты / Card number</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="19" placeholder="8600 0000 0000 0001"${error ? html` aria-describedby="pay-error"` : ''}>
<label for="card_expiry">Amal qilish muddati / Срок действия / Expiry (MM/YY)</label>
<input id="card_expiry" name="card_expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="5" placeholder="12/30">
<button type="submit">To'lash / Оплатить / Pay ${groupDigits(payload.amount / 100)} so'm</button>
</form>`;
  }

  async function loadOrder(encoded: string) {
    const payload = parsePaymePayload(encoded);
    if (!payload || payload.merchantId !== app.config.payme.merchantId) return null;
    const contract = await app.contracts.get(payload.contractId);
    return contract ? { payload, contract } : null;
  }

  const notFound = (reply: FastifyReply) =>
    render(reply, 404, 'Order not found', html`<h1>Buyurtma topilmadi / Заказ не найден / Order not found</h1><p class="error" role="alert">This payment link is not valid.</p>`);

  app.get<{ Params: { '*': string } }>('/payme/*', { config: { docs: { summary: 'Sandbox stand-in for checkout.paycom.uz: the card form of a payment link' } } }, async (request, reply) => {
    const order = await loadOrder(request.params['*']);
    if (!order) return notFound(reply);
    const { payload, contract } = order;
    if (contract.status !== 'awaiting_payment') {
      return render(reply, 200, 'Already paid', html`<h1>Buyurtma to'langan / Заказ оплачен / Order already paid</h1>
<p class="ok" role="status">Order ${contract.order_id}: ${contract.status === 'cancelled' ? 'cancelled' : 'paid'}.</p><p><a href="${safeReturn(payload)}">Continue</a></p>`);
    }
    return render(reply, 200, 'Payme checkout', checkoutForm(payload, contract.order_id, request.url, reply.xsrfToken()));
  });

  app.post<{ Params: { '*': string }; Body: CardForm }>('/payme/*', { config: { docs: { summary: 'Sandbox checkout: pays with a test card through the Payme merchant API, as Payme would' } } }, async (request, reply) => {
    const order = await loadOrder(request.params['*']);
    if (!order) return notFound(reply);
    const { payload, contract } = order;
    const form = typeof request.body === 'object' && request.body !== null ? request.body : {};
    if (request.headers.cookie && once(form._xsrf) !== request.cookies['XSRF-TOKEN']) {
      return render(reply, 403, 'Payme checkout', checkoutForm(payload, contract.order_id, request.url, reply.xsrfToken(), 'The form expired; please try again.'));
    }
    const card = checkCard(form);
    if (!card.ok) {
      if (card.declined) {
        await app.outbox.enqueue('failure', maskPersonalData(`Payment declined (sandbox Payme): order ${contract.order_id}, ${contract.product}, ${groupDigits(contract.amount)} so'm, card ****${(once(form.card_number) ?? '').slice(-4)}: insufficient funds`));
      }
      return render(reply, card.status, 'Payme checkout', checkoutForm(payload, contract.order_id, request.url, reply.xsrfToken(), card.message));
    }
    const account = { contract_id: payload.contractId };
    const id = randomBytes(12).toString('hex');
    const steps: [string, Record<string, unknown>][] = [
      ['CheckPerformTransaction', { amount: payload.amount, account }],
      ['CreateTransaction', { id, time: Date.now(), amount: payload.amount, account }],
      ['PerformTransaction', { id }],
    ];
    for (const [method, params] of steps) {
      const answer = await rpc(method, params);
      if ('error' in answer) {
        request.log.warn({ method, code: answer.error.code }, 'sandbox payment refused by the merchant');
        return render(reply, 409, 'Payme checkout', checkoutForm(payload, contract.order_id, request.url, reply.xsrfToken(), `${answer.error.message.uz} / ${answer.error.message.ru} / ${answer.error.message.en}`));
      }
    }
    return reply.code(303).header('Location', safeReturn(payload)).send();
  });

  // The Click link leads to the same sandbox checkout (paid through the Payme merchant protocol):
  // there is no Click SHOP API endpoint on this server yet.
  app.get<{ Querystring: { transaction_param?: string } }>('/click', { config: { docs: { summary: 'Sandbox stand-in for the Click payment link: leads to the sandbox checkout' } } }, async (request, reply) => {
    const contract = await app.contracts.get(String(request.query.transaction_param ?? ''));
    if (!contract) return notFound(reply);
    return reply.code(303).header('Location', new URL(paymeUrl(app.config, contract)).pathname).send();
  });
}
