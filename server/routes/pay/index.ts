import type { FastifyInstance, FastifyReply } from 'fastify';
import { html, page } from '../../html';
import { PaymentNotStarted } from '../../payments/provider';
import { checkoutLang, type CheckoutLang } from '../../payments/sandbox-checkout';
import { addressInLanguage, isSiteLanguage } from '../../../products/kit/site/site-pages';
import { ProviderUnavailable } from '../../payments/transport';

const notStartedTexts: Record<CheckoutLang, { title: string; amount: string; unavailable: string; back: string }> = {
  uz: { title: 'Toʻlovni boshlab boʻlmadi', amount: 'Bu toʻlov usuli bunday summani qabul qilmaydi. Boshqa usulni tanlang.', unavailable: 'Toʻlov xizmati javob bermadi. Birozdan keyin urinib koʻring yoki boshqa usulni tanlang.', back: 'Toʻlov usullariga qaytish' },
  ru: { title: 'Не удалось начать оплату', amount: 'Этот способ оплаты не принимает такую сумму. Выберите другой способ.', unavailable: 'Платёжный сервис не ответил. Попробуйте чуть позже или выберите другой способ.', back: 'Вернуться к способам оплаты' },
  en: { title: 'The payment could not be started', amount: 'This way to pay does not take this amount. Please choose another way.', unavailable: 'The payment service did not answer. Please try again shortly or choose another way.', back: 'Back to the ways to pay' },
};

/**
 * `GET /pay/<provider>/<contract_id>`: the link the save answer gives for a provider whose payment
 * page must first be made by a call (Octo, Alif, the bank's hosted page): it makes it and sends the
 * visitor there. A link, not a call, so the page needs no script for it and it works from anywhere
 * the visitor opens it; making the same payment again is the provider's and the adapter's business.
 * A provider that cannot take the contract, or does not answer, is said on a page in the shop
 * page's language, with the way back to the payment step.
 *
 * The shop's payment step sends every way to pay through here with `?lang=` the page's language
 * (Payme's and Click's links too, which the save answer gives directly): a visitor who saved in
 * Uzbek and switched the page to Russian pays on a Russian checkout and comes back to the Russian
 * page, though the contract keeps the address it was saved from.
 */
export default async function payRoutes(app: FastifyInstance): Promise<void> {
  const refuse = (reply: FastifyReply, status: number, lang: CheckoutLang, message: string, back: string) => {
    const t = notStartedTexts[lang];
    return reply.code(status).type('text/html; charset=utf-8').send(page(t.title, html`<h1>${t.title}</h1><p class="error" role="alert">${message}</p><p><a href="${back}">← ${t.back}</a></p>`, lang));
  };

  app.get<{ Params: { provider: string; contractId: string }; Querystring: { lang?: unknown } }>(
    '/:provider/:contractId',
    { config: { docs: { summary: 'Starts a payment at a provider whose page needs a call first (Octo, Alif, the hosted page) and redirects the visitor there' } } },
    async (request, reply) => {
      const provider = app.payments.provider(request.params.provider);
      const saved = await app.contracts.get(request.params.contractId.slice(0, 64));
      const lang = request.query.lang;
      const contract = saved && isSiteLanguage(lang) ? { ...saved, return_url: addressInLanguage(lang, saved.return_url) } : saved;
      const direct = provider && contract && !provider.start ? provider.link?.(app, contract) : undefined;
      reply.header('Cache-Control', 'no-store');
      if (!provider || !contract || !(provider.start || direct)) {
        return reply.code(404).type('text/html; charset=utf-8').send(page('Not found', html`<h1>Toʻlov havolasi topilmadi / Ссылка на оплату не найдена / Payment link not found</h1>`));
      }
      if (contract.status !== 'awaiting_payment') return reply.code(303).header('Location', contract.return_url).send();
      if (!provider.start) return reply.code(303).header('Location', direct).send();
      const pageLang = checkoutLang(contract.return_url);
      try {
        return reply.code(303).header('Location', await provider.start(app, contract)).send();
      } catch (err) {
        if (err instanceof PaymentNotStarted) return refuse(reply, 409, pageLang, notStartedTexts[pageLang].amount, contract.return_url);
        if (!(err instanceof ProviderUnavailable)) throw err;
        request.log.warn({ provider: provider.id, error: err.message.slice(0, 200) }, 'payment provider did not answer');
        return refuse(reply.header('Retry-After', '30'), 503, pageLang, notStartedTexts[pageLang].unavailable, contract.return_url);
      }
    },
  );
}
