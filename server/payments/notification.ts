import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Payment } from '../db/database';
import { AppError, ok, type Envelope } from '../envelope';
import { maskPersonalData } from '../logging';
import { ProviderUnavailable } from './transport';

/**
 * For a provider that signs its notification's raw bytes (Alif, the hosted page): JSON bodies stay a
 * Buffer in this scope, because a body parsed and written again would not verify; any other body is
 * refused before the handler (415).
 */
export function keepJsonRaw(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
}

/**
 * Acts on a genuine notification: a notification is only the cue to ask the provider again
 * (`payments.ask`), and the answer is what became of the payment. When the provider did not answer
 * or refused the question (`apiError`), 503 makes it notify again (the reconciliation job asks in
 * any case).
 */
export async function askAgain(app: FastifyInstance, request: FastifyRequest, payment: Payment, provider: { name: string; apiError: abstract new (...args: never[]) => Error }): Promise<Envelope<{ outcome: string }>> {
  try {
    return ok({ outcome: await app.payments.ask(payment) });
  } catch (err) {
    if (!(err instanceof ProviderUnavailable || err instanceof provider.apiError)) throw err;
    request.log.warn({ payment: payment.id, error: maskPersonalData(err.message) }, `${provider.name} notification: the provider could not be asked again`);
    throw new AppError(503, `${provider.name} could not be asked about the payment; notify again`);
  }
}
