import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutTexts, sandboxCards, type CheckoutLang } from '../sandbox-checkout';
import { cardPayForm, checkoutBody, formOf, groupedCard, outcomeBody, readCard, sandboxPages, shownAmount } from '../sandbox-page';
import { hostedSandboxApi, type HostedAnswer, type HostedSandboxPayment } from './sandbox-api';

const hostedTexts: Record<CheckoutLang, { bank: string; purpose: string; paid: string; expired: string }> = {
  uz: { bank: 'Bank', purpose: 'Toʻlov maqsadi', paid: 'Bu toʻlov amalga oshirilgan.', expired: 'Bu toʻlov sahifasining muddati tugagan.' },
  ru: { bank: 'Банк', purpose: 'Назначение платежа', paid: 'Этот платёж уже проведён.', expired: 'Срок этой страницы оплаты истёк.' },
  en: { bank: 'Bank', purpose: 'Payment for', paid: 'This payment is made.', expired: 'This payment page has expired.' },
};

/**
 * The sandbox stand-in of the bank's hosted payment page, on the assumed protocol (README.md): its
 * API (`/sandbox/hosted/api/payments`, `GET /payments/<id>`, `POST /payments/<id>/refund`) and its
 * page (`/sandbox/hosted/pay/<id>`, in the language the shop asked for), which notifies the shop
 * signed, as the bank would, and sends the payer back to the shop (only ever a page of this server).
 */
export async function hostedSandbox(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 4096 });
  const bank = hostedSandboxApi(app);
  const pages = sandboxPages(app);
  const send = (reply: FastifyReply, answer: HostedAnswer) => reply.code(answer.status).send(answer.body);

  app.post('/api/payments', { config: { docs: { summary: 'Sandbox stand-in for the bank\'s hosted page API: initialize a payment (JSON, Authorization: Bearer <key>, amount in tiyin) → payment_id, payment_url' } } }, async (request, reply) =>
    send(reply, await bank.handle({ method: 'POST', body: request.body, authorization: request.headers.authorization })),
  );
  app.get<{ Params: { id: string } }>('/api/payments/:id', { config: { docs: { summary: 'Sandbox hosted page API: a payment\'s status and amount (tiyin)' } } }, async (request, reply) =>
    send(reply, await bank.handle({ method: 'GET', id: request.params.id, body: null, authorization: request.headers.authorization })),
  );
  app.post<{ Params: { id: string } }>('/api/payments/:id/refund', { config: { docs: { summary: 'Sandbox hosted page API: gives a paid payment back whole' } } }, async (request, reply) =>
    send(reply, await bank.handle({ method: 'POST', id: request.params.id, action: 'refund', body: request.body, authorization: request.headers.authorization })),
  );

  function checkout(reply: FastifyReply, status: number, id: string, payment: HostedSandboxPayment, error?: string) {
    const lang = payment.language;
    const t = checkoutTexts[lang];
    const amount = shownAmount(payment.amount, lang);
    const forms = cardPayForm(`/sandbox/hosted/pay/${id}`, reply.xsrfToken(), lang, Boolean(error), amount);
    const body = checkoutBody({
      provider: hostedTexts[lang].bank,
      lang,
      hint: t.testCards(groupedCard(sandboxCards.pays.number), sandboxCards.pays.expiry, groupedCard(sandboxCards.declined.number)),
      rows: [
        [hostedTexts[lang].purpose, payment.description],
        [t.amount, amount],
      ],
      error,
      forms,
      back: pages.ownPage(payment.returnUrl),
    });
    return pages.render(reply, status, lang, `${hostedTexts[lang].bank} · ${t.title}`, body);
  }

  function closed(reply: FastifyReply, payment: HostedSandboxPayment) {
    const lang = payment.language;
    const paid = payment.status === 'paid' || payment.status === 'refunded';
    const message = paid ? hostedTexts[lang].paid : hostedTexts[lang].expired;
    return pages.render(reply, 200, lang, `${hostedTexts[lang].bank} · ${checkoutTexts[lang].title}`, outcomeBody(hostedTexts[lang].bank, lang, message, paid ? 'ok' : 'error', pages.ownPage(payment.returnUrl)));
  }

  app.get<{ Params: { id: string } }>('/pay/:id', { config: { docs: { summary: 'Sandbox stand-in for the bank\'s hosted payment page: the card form, in the language the shop asked for' } } }, async (request, reply) => {
    const payment = await bank.payments.get(request.params.id);
    if (!payment) return pages.notFound(request, reply);
    if (!bank.payable(payment)) return closed(reply, payment);
    return checkout(reply, 200, request.params.id, payment);
  });

  app.post<{ Params: { id: string } }>('/pay/:id', { config: { docs: { summary: 'Sandbox hosted page: pays with a test card, notifies the shop (signed) and returns the payer to it' } } }, async (request, reply) => {
    const { id } = request.params;
    const payment = await bank.payments.get(id);
    if (!payment) return pages.notFound(request, reply);
    if (!bank.payable(payment)) return closed(reply, payment);
    const t = checkoutTexts[payment.language];
    const form = formOf(request.body);
    if (!pages.trusted(request, form)) return checkout(reply, 403, id, payment, t.expired);
    const card = readCard(form);
    if (!card.ok) return checkout(reply, 400, id, payment, t[card.problem]);
    if (card.number === sandboxCards.declined.number) {
      const declined = await bank.settle(id, payment, 'declined', card.number);
      return checkout(reply, 402, id, declined, t.declined);
    }
    if (card.number !== sandboxCards.pays.number || card.expiry !== sandboxCards.pays.expiry) return checkout(reply, 400, id, payment, t.onlyTestCards);
    const paid = await bank.settle(id, payment, 'paid', card.number);
    const back = pages.ownPage(paid.returnUrl);
    return back ? reply.code(303).header('Location', back).send() : closed(reply, paid);
  });
}
