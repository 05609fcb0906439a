import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { checkoutLang, checkoutTexts, type CheckoutLang } from '../sandbox-checkout';
import { cardPayForm, checkoutBody, formOf, groupedCard, outcomeBody, readCard, sandboxPages, shownAmount } from '../sandbox-page';
import { octoSandboxApi, octoTestCards, type OctoSandboxPayment } from './sandbox-api';

const octoTexts: Record<CheckoutLang, { hint: (pays: string, expiry: string, declined: string, waits: string) => string; purpose: string; waiting: string; done: string; closed: string }> = {
  uz: {
    hint: (pays, expiry, declined, waits) => `Sinov rejimi: ${pays} (${expiry}) toʻlaydi, ${declined} rad etiladi, ${waits} toʻlovni bank tasdigʻini kutishda qoldiradi.`,
    purpose: 'Toʻlov maqsadi',
    waiting: 'Bank toʻlovni hali tasdiqlamoqda. Doʻkon bu haqda oʻzi bilib oladi, doʻkonga qaytishingiz mumkin.',
    done: 'Bu toʻlov amalga oshirilgan.',
    closed: 'Bu toʻlov bekor qilingan.',
  },
  ru: {
    hint: (pays, expiry, declined, waits) => `Тестовый режим: ${pays} (${expiry}) оплачивает, ${declined} отклоняется, ${waits} оставляет платёж ждать подтверждения банка.`,
    purpose: 'Назначение платежа',
    waiting: 'Банк ещё подтверждает платёж. Магазин узнает о нём сам, можно вернуться в магазин.',
    done: 'Этот платёж уже проведён.',
    closed: 'Этот платёж отменён.',
  },
  en: {
    hint: (pays, expiry, declined, waits) => `Test mode: ${pays} (${expiry}) pays, ${declined} is declined, ${waits} leaves the payment waiting for the bank.`,
    purpose: 'Payment for',
    waiting: 'The bank is still confirming this payment. The shop will learn of it by itself; you may go back to the shop.',
    done: 'This payment is made.',
    closed: 'This payment was cancelled.',
  },
};

/**
 * The sandbox stand-in of Octo: its API (`POST /sandbox/octo/api/<method>`, JSON, the shop's
 * credentials in the body) and its pay page (`/sandbox/octo/pay/<uuid>`, in the language the shop
 * asked for), which holds the money and notifies the shop exactly as Octo would, then sends the
 * payer back to the shop's return address (only ever one of this server's pages).
 */
export async function octoSandbox(app: FastifyInstance): Promise<void> {
  await app.register(formbody, { bodyLimit: 4096 });
  const octo = octoSandboxApi(app);
  const pages = sandboxPages(app);

  app.post<{ Params: { method: string } }>(
    '/api/:method',
    { config: { docs: { summary: 'Sandbox stand-in for Octo\'s API (prepare_payment, also the status read; set_accept; refund): JSON with octo_shop_id and octo_secret, HTTP 200 with error 0 and data, or the error and errMessage' } } },
    async (request) => octo.handle(request.params.method, request.body),
  );

  const languageOf = (payment: OctoSandboxPayment): CheckoutLang => payment.language ?? checkoutLang(payment.returnUrl);
  const back = (payment: OctoSandboxPayment) => pages.ownPage(payment.returnUrl);

  function checkout(reply: FastifyReply, status: number, uuid: string, payment: OctoSandboxPayment, error?: string) {
    const lang = languageOf(payment);
    const t = checkoutTexts[lang];
    const amount = shownAmount(payment.amount, lang);
    const forms = cardPayForm(`/sandbox/octo/pay/${uuid}`, reply.xsrfToken(), lang, Boolean(error), amount);
    const { pays, declined, waits } = octoTestCards;
    const body = checkoutBody({
      provider: 'Octo',
      lang,
      hint: octoTexts[lang].hint(groupedCard(pays.number), pays.expiry, groupedCard(declined.number), groupedCard(waits.number)),
      rows: [
        [octoTexts[lang].purpose, payment.description],
        [t.amount, amount],
      ],
      error,
      forms,
      back: back(payment),
    });
    return pages.render(reply, status, lang, `Octo · ${t.title}`, body);
  }

  function closed(reply: FastifyReply, payment: OctoSandboxPayment) {
    const lang = languageOf(payment);
    const message = payment.status === 'canceled' ? octoTexts[lang].closed : octoTexts[lang].done;
    return pages.render(reply, 200, lang, `Octo · ${checkoutTexts[lang].title}`, outcomeBody('Octo', lang, message, payment.status === 'canceled' ? 'error' : 'ok', back(payment)));
  }

  app.get<{ Params: { uuid: string } }>('/pay/:uuid', { config: { docs: { summary: 'Sandbox stand-in for Octo\'s pay page: the card form of a prepared payment, in the language the shop asked for' } } }, async (request, reply) => {
    const payment = await octo.payments.get(request.params.uuid);
    if (!payment) return pages.notFound(request, reply);
    if (payment.status !== 'created') return closed(reply, payment);
    return checkout(reply, 200, request.params.uuid, payment);
  });

  app.post<{ Params: { uuid: string } }>('/pay/:uuid', { config: { docs: { summary: 'Sandbox Octo pay page: pays with a test card (held, then Octo notifies the shop, signed) and returns the payer to the shop' } } }, async (request, reply) => {
    const { uuid } = request.params;
    const payment = await octo.payments.get(uuid);
    if (!payment) return pages.notFound(request, reply);
    if (payment.status !== 'created') return closed(reply, payment);
    const lang = languageOf(payment);
    const t = checkoutTexts[lang];
    const form = formOf(request.body);
    if (!pages.trusted(request, form)) return checkout(reply, 403, uuid, payment, t.expired);
    const card = readCard(form);
    if (!card.ok) return checkout(reply, 400, uuid, payment, t[card.problem]);
    // A declined card moves no money and leaves the payment open: the payer may try another.
    if (card.number === octoTestCards.declined.number) return checkout(reply, 402, uuid, payment, t.declined);
    const known = (['pays', 'waits'] as const).find((name) => octoTestCards[name].number === card.number && octoTestCards[name].expiry === card.expiry);
    if (!known) return checkout(reply, 400, uuid, payment, t.onlyTestCards);
    const paid = await octo.pay(uuid, payment, card.number, known === 'pays');
    if (known === 'waits') return pages.render(reply, 200, lang, `Octo · ${t.title}`, outcomeBody('Octo', lang, octoTexts[lang].waiting, 'ok', back(paid)));
    const to = back(paid);
    return to ? reply.code(303).header('Location', to).send() : closed(reply, paid);
  });
}
