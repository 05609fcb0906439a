import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { html, page, type Html } from '../../html';
import { parsePaymePayload, type PaymePayload } from './link';
import { maskPersonalData } from '../../logging';
import { paymeDebitFailed, type RpcResponse } from './merchant';
import { groupDigits } from '../../../products/api-format';
import { checkoutLang, checkoutTexts, formField, formFromPage, sandboxCards, type CheckoutLang } from '../sandbox-checkout';

/** The checkout form as posted: a field sent twice arrives as a list, and is not a card. */
interface CardForm {
  card_number?: string | string[];
  card_expiry?: string | string[];
  _xsrf?: string | string[];
}

type CardProblem = 'sendOnce' | 'numberDigits' | 'expiryFormat' | 'declined' | 'onlyTestCards';
type CardCheck = { ok: true } | { ok: false; status: number; problem: CardProblem };

function checkCard(form: CardForm): CardCheck {
  if (Array.isArray(form.card_number) || Array.isArray(form.card_expiry)) return { ok: false, status: 400, problem: 'sendOnce' };
  const number = (formField(form.card_number) ?? '').replace(/[\s-]/g, '');
  const expiry = (formField(form.card_expiry) ?? '').replace(/\s/g, '');
  if (!/^\d{16}$/.test(number)) return { ok: false, status: 400, problem: 'numberDigits' };
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) return { ok: false, status: 400, problem: 'expiryFormat' };
  if (number === sandboxCards.declined.number) return { ok: false, status: 402, problem: 'declined' };
  if (number !== sandboxCards.pays.number || expiry !== sandboxCards.pays.expiry) return { ok: false, status: 400, problem: 'onlyTestCards' };
  return { ok: true };
}

const grouped = (cardNumber: string) => cardNumber.replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The sandbox checkout standing in for checkout.paycom.uz (`/sandbox/payme/<payload>`): it pays by
 * calling our own Payme merchant endpoint exactly as Payme does, so the merchant side is exercised for real.
 */
export async function paymeSandbox(app: FastifyInstance): Promise<void> {
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

  async function render(reply: FastifyReply, status: number, lang: CheckoutLang, title: string, body: Html) {
    return reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(title, body, lang));
  }

  function checkoutForm(payload: PaymePayload, lang: CheckoutLang, orderId: number, action: string, xsrf: string, error?: string): Html {
    const t = checkoutTexts[lang];
    const amount = `${groupDigits(payload.amount / 100)} ${t.currency}`;
    return html`<h1>Payme · ${t.title}</h1>
<p class="hint">${t.testCards(grouped(sandboxCards.pays.number), sandboxCards.pays.expiry, grouped(sandboxCards.declined.number))}</p>
<dl>
<dt>${t.order}</dt><dd>${orderId}</dd>
<dt>${t.amount}</dt><dd>${amount}</dd>
</dl>
${error ? html`<p class="error" role="alert" id="pay-error">${error}</p>` : ''}
<form method="post" action="${action}">
<input type="hidden" name="_xsrf" value="${xsrf}">
<label for="card_number">${t.cardNumber}</label>
<input id="card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="19" placeholder="8600 0000 0000 0001"${error ? html` aria-describedby="pay-error"` : ''}>
<label for="card_expiry">${t.expiry}</label>
<input id="card_expiry" name="card_expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="5" placeholder="12/30">
<button type="submit">${t.pay} ${amount}</button>
</form>
<p><a href="${safeReturn(payload)}">← ${t.backToShop}</a></p>`;
  }

  const checkout = (reply: FastifyReply, status: number, order: Order, action: string, error?: string) =>
    render(reply, status, order.lang, `Payme · ${checkoutTexts[order.lang].title}`, checkoutForm(order.payload, order.lang, order.contract.order_id, action, reply.xsrfToken(), error));

  async function loadOrder(encoded: string) {
    const payload = parsePaymePayload(encoded);
    if (!payload || payload.merchantId !== app.config.payme.merchantId) return null;
    const contract = await app.contracts.get(payload.contractId);
    // The checkout speaks the language of the shop page the payment returns to.
    return contract ? { payload, contract, lang: checkoutLang(payload.returnUrl) } : null;
  }
  type Order = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

  // A link that is not ours carries no return address, so no page language either: the visitor's browser says it.
  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const lang = checkoutLang(`/${(request.headers['accept-language'] ?? '').slice(0, 2).toLowerCase()}/`);
    const t = checkoutTexts[lang];
    return render(reply, 404, lang, t.notFound, html`<h1>${t.notFound}</h1><p class="error" role="alert">${t.notFoundHint}</p><p><a href="/${lang}">← ${t.backToShop}</a></p>`);
  };

  app.get<{ Params: { '*': string } }>('/*', { config: { docs: { summary: 'Sandbox stand-in for checkout.paycom.uz: the card form of a payment link' } } }, async (request, reply) => {
    const order = await loadOrder(request.params['*']);
    if (!order) return notFound(request, reply);
    const { payload, contract, lang } = order;
    if (contract.status !== 'awaiting_payment') {
      const t = checkoutTexts[lang];
      const state = contract.status === 'cancelled' ? t.cancelledOrder(contract.order_id) : t.paidOrder(contract.order_id);
      return render(reply, 200, lang, t.alreadyPaid, html`<h1>${t.alreadyPaid}</h1>
<p class="ok" role="status">${state}</p><p><a href="${safeReturn(payload)}">${t.continue}</a></p>`);
    }
    return checkout(reply, 200, order, request.url);
  });

  app.post<{ Params: { '*': string }; Body: CardForm }>('/*', { config: { docs: { summary: 'Sandbox checkout: pays with a test card through the Payme merchant API, as Payme would' } } }, async (request, reply) => {
    const order = await loadOrder(request.params['*']);
    if (!order) return notFound(request, reply);
    const { payload, contract, lang } = order;
    const form = typeof request.body === 'object' && request.body !== null ? request.body : {};
    if (!formFromPage(request, form._xsrf)) {
      return checkout(reply, 403, order, request.url, checkoutTexts[lang].expired);
    }
    const card = checkCard(form);
    if (!card.ok) {
      if (card.problem === 'declined') {
        // As Payme does when the bank refuses the debit: the transaction is created, then cancelled with reason 2.
        const id = randomBytes(12).toString('hex');
        const account = { contract_id: payload.contractId };
        await rpc('CreateTransaction', { id, time: Date.now(), amount: payload.amount, account });
        await rpc('CancelTransaction', { id, reason: paymeDebitFailed });
        await app.outbox.enqueue('failure', maskPersonalData(`Payment declined (sandbox Payme): order ${contract.order_id}, ${contract.product}, ${groupDigits(contract.amount)} soʻm, card ****${(formField(form.card_number) ?? '').slice(-4)}: insufficient funds`));
      }
      return checkout(reply, card.status, order, request.url, checkoutTexts[lang][card.problem]);
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
        return checkout(reply, 409, order, request.url, answer.error.message[lang]);
      }
    }
    return reply.code(303).header('Location', safeReturn(payload)).send();
  });
}
