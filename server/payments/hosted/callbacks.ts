import type { FastifyInstance } from 'fastify';
import { AppError } from '../../envelope';
import { askAgain, keepJsonRaw } from '../notification';
import { HostedApiError } from './gateway';
import { hostedGateway } from './payments';

/**
 * `POST /api/hosted/notify`: the bank's notification of a payment (JSON, `X-Signature` =
 * hex(HMAC-SHA256(HOSTED_SECRET, raw body)), checked on the bytes received: this scope keeps JSON
 * bodies raw). A genuine one makes us ask the bank again and act (`hostedStatus`, through
 * `payments.ask`); one we could not act on because the bank did not answer is refused with 503.
 */
export async function hostedCallbacks(app: FastifyInstance): Promise<void> {
  keepJsonRaw(app);

  app.post(
    '/hosted/notify',
    { config: { docs: { summary: 'The bank\'s hosted-page notification (JSON, X-Signature = hex(HMAC-SHA256(secret, raw body))): the payment is read again from the bank and settled, closed, or given back', callback: 'signature' } } },
    async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new AppError(400, 'a JSON body is required', { field: '/body' });
      const notice = hostedGateway(app).notified(raw, request.headers);
      if ('refused' in notice) throw notice.refused === 'signature' ? new AppError(401, 'the signature does not match') : new AppError(400, 'body/payment_id: the body names no payment', { field: '/payment_id' });
      const payment = await app.payments.get('hosted', notice.paymentId);
      if (!payment) throw new AppError(404, 'no such payment here');
      return askAgain(app, request, payment, { name: 'The bank', apiError: HostedApiError });
    },
  );
}
