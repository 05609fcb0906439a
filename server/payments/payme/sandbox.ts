import { randomBytes } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { parsePaymePayload, type PaymePayload } from './link';
import { maskPersonalData } from '../../logging';
import { paymeDebitFailed, type RpcResponse } from './merchant';
import { groupDigits } from '../../../products/kit/api/api-format';
import { cardCheckoutForm, checkCard, checkoutLang, checkoutNotFound, checkoutTexts, formXsrfRejected, once, orderClosedPage, renderCheckout, safeReturnUrl, type CardForm } from '../sandbox-checkout';

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

  const safeReturn = (payload: PaymePayload) => safeReturnUrl(app, payload.returnUrl, payload.contractId);

  const checkout = (reply: FastifyReply, status: number, order: Order, action: string, error?: string) =>
    renderCheckout(
      reply,
      status,
      order.lang,
      `Payme · ${checkoutTexts[order.lang].title}`,
      cardCheckoutForm({ brand: 'Payme', lang: order.lang, orderId: order.contract.order_id, amount: order.payload.amount / 100, action, xsrf: reply.xsrfToken(), back: safeReturn(order.payload), error }),
    );

  async function loadOrder(encoded: string) {
    const payload = parsePaymePayload(encoded);
    if (!payload || payload.merchantId !== app.config.payme.merchantId) return null;
    const contract = await app.contracts.get(payload.contractId);
    // The checkout speaks the language of the shop page the payment returns to.
    return contract ? { payload, contract, lang: checkoutLang(payload.returnUrl) } : null;
  }
  type Order = NonNullable<Awaited<ReturnType<typeof loadOrder>>>;

  app.get<{ Params: { '*': string } }>('/*', { config: { docs: { summary: 'Sandbox stand-in for checkout.paycom.uz: the card form of a payment link' } } }, async (request, reply) => {
    const order = await loadOrder(request.params['*']);
    if (!order) return checkoutNotFound(request, reply);
    const { payload, contract, lang } = order;
    if (contract.status !== 'awaiting_payment') return orderClosedPage(reply, lang, contract, safeReturn(payload));
    return checkout(reply, 200, order, request.url);
  });

  app.post<{ Params: { '*': string }; Body: CardForm }>('/*', { config: { docs: { summary: 'Sandbox checkout: pays with a test card through the Payme merchant API, as Payme would' } } }, async (request, reply) => {
    const order = await loadOrder(request.params['*']);
    if (!order) return checkoutNotFound(request, reply);
    const { payload, contract, lang } = order;
    const form = typeof request.body === 'object' && request.body !== null ? request.body : {};
    if (formXsrfRejected(request, form)) {
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
        await app.outbox.enqueue('failure', maskPersonalData(`Payment declined (sandbox Payme): order ${contract.order_id}, ${contract.product}, ${groupDigits(contract.amount)} soʻm, card ****${(once(form.card_number) ?? '').slice(-4)}: insufficient funds`));
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
