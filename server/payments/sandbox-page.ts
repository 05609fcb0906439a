import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { groupDigits } from '../../products/kit/api/api-format';
import { html, page, type Html } from '../html';
import { checkoutLang, checkoutTexts, type CheckoutLang } from './sandbox-checkout';

/**
 * What the sandbox stand-ins' own pages share (Octo's pay page, Alif's checkout, the bank's hosted
 * page): a card form in the visitor's language, its fields read once each, the XSRF double submit,
 * the way back to the shop only on our own origin, and the provider's calls of our endpoints made
 * as the provider makes them (HTTP, to this server only).
 */

/** A form as @fastify/formbody parses it: a field sent twice arrives as a list. */
export type FormBody = Record<string, string | string[] | undefined>;

export function formOf(body: unknown): FormBody {
  return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as FormBody) : {};
}

/** A form field sent exactly once, or null (absent, or repeated). */
export const once = (value: unknown): string | null => (typeof value === 'string' ? value : null);

export type CardProblem = 'sendOnce' | 'numberDigits' | 'expiryFormat';

/** A card as typed on a stand-in's page: 16 digits (spaces and dashes allowed) and `MM/YY`. */
export function readCard(form: FormBody): { ok: true; number: string; expiry: string } | { ok: false; problem: CardProblem } {
  if (Array.isArray(form.card_number) || Array.isArray(form.card_expiry)) return { ok: false, problem: 'sendOnce' };
  const number = (once(form.card_number) ?? '').replace(/[\s-]/g, '');
  const expiry = (once(form.card_expiry) ?? '').replace(/\s/g, '');
  if (!/^\d{16}$/.test(number)) return { ok: false, problem: 'numberDigits' };
  if (!/^(0[1-9]|1[0-2])\/\d{2}$/.test(expiry)) return { ok: false, problem: 'expiryFormat' };
  return { ok: true, number, expiry };
}

/** `8600000000000001` as printed on a card: `8600 0000 0000 0001`. */
export const groupedCard = (number: string) => number.replace(/(\d{4})(?=\d)/g, '$1 ');

/** An amount in tiyin as a page shows it: `70 000 soʻm` (tiyin shown only when there are some). */
export function shownAmount(tiyin: number, lang: CheckoutLang): string {
  const som = tiyin % 100 === 0 ? groupDigits(tiyin / 100) : `${groupDigits(Math.floor(tiyin / 100))}.${String(tiyin % 100).padStart(2, '0')}`;
  return `${som} ${checkoutTexts[lang].currency}`;
}

/** The card number and expiry inputs of a stand-in's form (ids unique on the page by `prefix`). */
export function cardInputs(lang: CheckoutLang, error: boolean, prefix = ''): Html {
  const t = checkoutTexts[lang];
  const described = error ? html` aria-describedby="pay-error"` : '';
  return html`<label for="${prefix}card_number">${t.cardNumber}</label>
<input id="${prefix}card_number" name="card_number" inputmode="numeric" autocomplete="cc-number" required maxlength="19" placeholder="8600 0000 0000 0001"${described}>
<label for="${prefix}card_expiry">${t.expiry}</label>
<input id="${prefix}card_expiry" name="card_expiry" inputmode="numeric" autocomplete="cc-exp" required maxlength="5" placeholder="12/30">`;
}

/** A stand-in's form for one card, its button saying the amount (`Pay 70 000 UZS`). */
export function cardPayForm(action: string, xsrf: string, lang: CheckoutLang, error: boolean, amount: string): Html {
  return html`<form method="post" action="${action}">
<input type="hidden" name="_xsrf" value="${xsrf}">
${cardInputs(lang, error)}
<button type="submit">${checkoutTexts[lang].pay} ${amount}</button>
</form>`;
}

export interface CheckoutPage {
  /** The provider's name as its page shows it (`Octo`, `Alif`…). */
  provider: string;
  lang: CheckoutLang;
  /** The sandbox's test data, said on the page itself. */
  hint: string;
  /** What the page knows of the payment: label and value. */
  rows: readonly (readonly [string, string])[];
  error?: string | undefined;
  /** The forms of the page (each with its own submit button). */
  forms: Html;
  /** Back to the shop (already checked to be ours), or nowhere. */
  back: string | null;
}

/** A stand-in's checkout page: title, test data, what is paid, the error if any, its forms, the way back. */
export function checkoutBody(view: CheckoutPage): Html {
  const t = checkoutTexts[view.lang];
  return html`<h1>${view.provider} · ${t.title}</h1>
<p class="hint">${view.hint}</p>
<dl>${view.rows.map(([label, value]) => html`<dt>${label}</dt><dd>${value}</dd>`)}</dl>
${view.error ? html`<p class="error" role="alert" id="pay-error">${view.error}</p>` : ''}
${view.forms}
${view.back ? html`<p><a href="${view.back}">← ${t.backToShop}</a></p>` : ''}`;
}

/** A stand-in's answer after the payment: what happened, and the way back to the shop. */
export function outcomeBody(provider: string, lang: CheckoutLang, message: string, kind: 'ok' | 'error', back: string | null): Html {
  const t = checkoutTexts[lang];
  return html`<h1>${provider} · ${t.title}</h1>
<p class="${kind}" role="${kind === 'ok' ? 'status' : 'alert'}">${message}</p>
${back ? html`<p><a href="${back}">← ${t.backToShop}</a></p>` : ''}`;
}

export interface SandboxPages {
  render(reply: FastifyReply, status: number, lang: CheckoutLang, title: string, body: Html): FastifyReply;
  /** The address if it is a page of this server (a return address a provider was given), else null: no open redirect. */
  ownPage(url: string): string | null;
  /** Whether a posted form is the browser's own (the XSRF double submit, when it carries cookies). */
  trusted(request: FastifyRequest, form: FormBody): boolean;
  /** The page for a payment the stand-in does not know, in the browser's language. */
  notFound(request: FastifyRequest, reply: FastifyReply): FastifyReply;
  /**
   * Calls one of this server's endpoints as the provider calls it over HTTP (the same body parsing
   * and checks); null for any address not on this server, which a stand-in never calls.
   */
  callOwn(url: string, request: { headers: Record<string, string>; body: string }): Promise<{ status: number; body: string } | null>;
}

export function sandboxPages(app: FastifyInstance): SandboxPages {
  const origin = app.config.publicUrl;
  const ownPage = (url: string) => (url.startsWith(`${origin}/`) && !/[\s\\]/.test(url) ? url : null);
  const render = (reply: FastifyReply, status: number, lang: CheckoutLang, title: string, body: Html) =>
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page(title, body, lang));
  return {
    render,
    ownPage,
    trusted: (request, form) => !request.headers.cookie || (once(form._xsrf) !== null && once(form._xsrf) === request.cookies['XSRF-TOKEN']),
    notFound(request, reply) {
      const lang = checkoutLang(`/${(request.headers['accept-language'] ?? '').slice(0, 2).toLowerCase()}/`);
      const t = checkoutTexts[lang];
      return render(reply, 404, lang, t.notFound, html`<h1>${t.notFound}</h1><p class="error" role="alert">${t.notFoundHint}</p><p><a href="/${lang}">← ${t.backToShop}</a></p>`);
    },
    async callOwn(url, { headers, body }) {
      if (!ownPage(url)) return null;
      const response = await app.inject({ method: 'POST', url: url.slice(origin.length), headers, payload: body });
      return { status: response.statusCode, body: response.body };
    },
  };
}
