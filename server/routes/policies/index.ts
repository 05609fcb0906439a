import type { FastifyInstance } from 'fastify';

const uuidPdf = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.pdf$/i;

// Outside routes/api/: the PDF is opened by browsers and QR readers, without an API credential.
export const prefixOverride = '/api/policies';

/** `GET /api/policies/<uuid>.pdf`: the policy PDF at its unguessable address. */
export default async function policyPdfRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { file: string } }>('/:file', { config: { docs: { summary: 'The policy PDF at its unguessable address (the check answers it)' } } }, async (request, reply) => {
    const id = uuidPdf.exec(request.params.file)?.[1];
    const pdf = id ? await app.policies.pdf(id) : undefined;
    if (!pdf) return reply.code(404).send({ result: false, error: 404, message: 'policy not found', response: null });
    if (pdf === 'revoked') return reply.code(410).send({ result: false, error: 410, message: 'policy_cancelled', response: null });
    return reply
      .type('application/pdf')
      .header('Content-Disposition', `inline; filename="policy-${id}.pdf"`)
      .header('Cache-Control', 'private, max-age=300')
      .header('X-Robots-Tag', 'noindex')
      .send(Buffer.from(pdf));
  });
}
