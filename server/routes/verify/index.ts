import type { FastifyInstance } from 'fastify';
import { todayInTashkent } from '../../dates';
import { html, page } from '../../html';
import { formatDate } from '../../lib/policy-pdf';
import { maskedName } from '../../lib/masked-name';

/**
 * `GET /verify/:policyNumber`: the page the policy's QR code opens. It is public (anyone with the
 * QR code), so it names the holder masked and shows no documents.
 */
export default async function verifyRoutes(app: FastifyInstance): Promise<void> {
  const productName = (id: string) => {
    const title = app.products.get(id)?.sale.policy.title;
    return title ? `${title.uz} / ${title.ru} / ${title.en}` : id;
  };
  app.get<{ Params: { policyNumber: string } }>('/:policyNumber', { config: { docs: { summary: 'The page the policy\'s QR code opens: whether the policy is valid' } } }, async (request, reply) => {
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
<dt>Sugʻurta qildiruvchi / Страхователь</dt><dd>${maskedName(policy.holder)}</dd>
<dt>Muddat / Срок</dt><dd>${formatDate(policy.begin_date)} — ${formatDate(policy.end_date)}</dd>
</dl>`),
    );
  });
}
