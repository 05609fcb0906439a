import type { FastifyInstance } from 'fastify';
import { html, page } from '../html';
import { formatDate } from '../plugins/app/policy-pdf';
import { todayInTashkent } from '../dates';

const uuidPdf = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;
const productNames = { travel: "Chet elga sayohat / Выезд за рубеж / Travel abroad", home: 'Uy-joy / Жильё / Home' } as const;

/** `GET /api/policies/<uuid>.pdf`: the policy PDF at its unguessable address (no API credential needed). */
export async function policyPdfRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/policies/:file', async (request, reply) => {
    const id = uuidPdf.exec(request.params.file)?.[1];
    const pdf = id ? await app.policies.pdf(id) : undefined;
    if (!pdf) return reply.code(404).send({ result: false, error: 404, message: 'policy not found', response: null });
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="policy-${id}.pdf"`)
      .header('Cache-Control', 'private, max-age=300')
      .header('X-Robots-Tag', 'noindex')
      .send(Buffer.from(pdf));
  });
}

/** Initials and surname only: the page is public (anyone with the QR code) and shows no documents. */
function maskName(name: string): string {
  const [first, ...rest] = name.split(' ');
  return [first ? `${first[0]}.` : '', ...rest].join(' ').trim();
}

/** `GET /verify/:policyNumber`: the page the policy's QR code opens. */
export async function verifyRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { policyNumber: string } }>('/verify/:policyNumber', async (request, reply) => {
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
<dt>Mahsulot / Продукт</dt><dd>${productNames[policy.product]}</dd>
<dt>Sug'urtalovchi / Страхователь</dt><dd>${maskName(policy.holder)}</dd>
<dt>Muddat / Срок</dt><dd>${formatDate(policy.begin_date)} — ${formatDate(policy.end_date)}</dd>
</dl>`),
    );
  });
}
