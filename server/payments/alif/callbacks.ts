import type { FastifyInstance } from 'fastify';
import { AppError } from '../../envelope';
import { askAgain, keepJsonRaw } from '../notification';
import { AlifApiError, alifSignatureValid } from './client';

/** The invoice a webhook is about: `id` (as the stand-in and, we assume, Alif send it) or `invoice_id`. */
function invoiceOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { id, invoice_id: invoiceId } = body as Record<string, unknown>;
  const value = invoiceId ?? id;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  return typeof value === 'string' && /^[0-9A-Za-z_-]{1,100}$/.test(value) ? value : null;
}

/**
 * `POST /api/alif/webhook`: Alif's call when an invoice's payment changes. The `Signature` header is
 * base64(HMAC-SHA256(ALIF_SECRET, raw body)), checked on the very bytes received (this scope keeps
 * JSON bodies raw); a genuine call makes us read the invoice again (`alifStatus`, through
 * `payments.ask`) and act: settle, close, or give back a payment for a contract paid another way.
 * Alif retries for about an hour until it gets a 200 and then reverses the payment, so a call we could
 * not act on because Alif did not answer is refused with 503, to be sent again.
 */
export async function alifCallbacks(app: FastifyInstance): Promise<void> {
  keepJsonRaw(app);

  app.post(
    '/alif/webhook',
    { config: { docs: { summary: 'Alif\'s webhook (JSON, header Signature = base64(HMAC-SHA256(secret, raw body))): the invoice is read again from Alif and settled, closed, or given back if the contract was paid another way', callback: 'signature' } } },
    async (request) => {
      const raw = request.body;
      if (!Buffer.isBuffer(raw) || raw.length === 0) throw new AppError(400, 'a JSON body is required', { field: '/body' });
      if (!alifSignatureValid(app.config.alif.secret, raw, request.headers.signature)) throw new AppError(401, 'the signature does not match');
      let body: unknown;
      try {
        body = JSON.parse(raw.toString('utf8'));
      } catch {
        throw new AppError(400, 'the body is not JSON', { field: '/body' });
      }
      const id = invoiceOf(body);
      if (!id) throw new AppError(400, 'body/invoice_id: the body names no invoice', { field: '/invoice_id' });
      const payment = await app.payments.get('alif', id);
      if (!payment) throw new AppError(404, 'no such Alif invoice here');
      return askAgain(app, request, payment, { name: 'Alif', apiError: AlifApiError });
    },
  );
}
