import type { FastifyInstance } from 'fastify';
import { todayInTashkent } from '../../dates';
import { html, page } from '../../html';
import { formatDate } from '../../lib/policy-pdf';
import { maskedName } from '../../lib/masked-name';
import { verifyKey } from '../../plugins/app/policies';

/**
 * `GET /verify/:policyNumber?k=…`: the page the policy's QR code opens. Whether a number is a valid
 * policy, of what and for when, anyone may ask; its holder (masked, never a document) is named only
 * with the key the QR code carries, since numbers run in sequence and anyone can count.
 */
export default async function verifyRoutes(app: FastifyInstance): Promise<void> {
  const productName = (id: string) => {
    const title = app.products.get(id)?.sale.policy.title;
    return title ? `${title.uz} / ${title.ru} / ${title.en}` : id;
  };
  const querystring = { type: 'object', properties: { k: { type: 'string', maxLength: 64 } } } as const;
  app.get<{ Params: { policyNumber: string }; Querystring: { k?: string } }>('/:policyNumber', { schema: { querystring }, config: { docs: { summary: 'The page the policy\'s QR code opens: whether the policy is valid (its holder with the QR code\'s key)' } } }, async (request, reply) => {
    const number = request.params.policyNumber.slice(0, 40);
    const policy = await app.policies.byNumber(number);
    reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!policy) {
      return reply.code(404).send(page('Policy not found', html`<h1>Polis topilmadi / Полис не найден / Policy not found</h1>
<p class="error" role="alert">${number}: no policy with this number was issued by us.</p>`));
    }
    const today = todayInTashkent();
    const state = policy.revoked_at
      ? { ok: false, text: "Bekor qilingan / Аннулирован / Cancelled" }
      : today > policy.end_date
        ? { ok: false, text: "Muddati tugagan / Истёк / Expired" }
        : { ok: true, text: "Haqiqiy / Действителен / Valid" };
    return reply.send(
      page(`Policy ${policy.number}`, html`<h1>Polisni tekshirish / Проверка полиса / Policy check</h1>
<p class="${state.ok ? 'ok' : 'error'}" role="status">${state.text}</p>
<dl>
<dt>Polis / Полис</dt><dd>${policy.number}</dd>
<dt>Mahsulot / Продукт</dt><dd>${productName(policy.product)}</dd>
<dt>Sugʻurta qildiruvchi / Страхователь / Policyholder</dt><dd>${request.query.k === verifyKey(policy.id) ? maskedName(policy.holder) : 'Polisdagi QR kod bilan koʻrsatiladi / Показывается по QR-коду полиса / Shown through the QR code on the policy'}</dd>
<dt>Muddat / Срок</dt><dd>${formatDate(policy.begin_date)} — ${formatDate(policy.end_date)}</dd>
</dl>`),
    );
  });
}
