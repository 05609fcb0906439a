import type { FastifyInstance } from 'fastify';
import { AppError } from '../../envelope';
import { askAgain } from '../notification';
import { OctoApiError, octoSignatureValid } from './client';

interface OctoNotification {
  uuid: string;
  status: string;
  signature: string;
}

/** The fields of a notification the signature covers, when each is there once and plausible. */
function readNotification(body: unknown): OctoNotification | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { octo_payment_UUID: uuid, status, signature } = body as Record<string, unknown>;
  if (typeof uuid !== 'string' || !/^[0-9A-Za-z-]{1,64}$/.test(uuid)) return null;
  if (typeof status !== 'string' || !/^[a-z_]{1,40}$/.test(status)) return null;
  if (typeof signature !== 'string') return null;
  return { uuid, status, signature };
}

/**
 * `POST /api/octo/notify`: Octo's notification of a payment's status (JSON, signed
 * `sha1(unique_key + octo_payment_UUID + status)`). A genuine one makes us ask Octo again and act
 * on its answer (`octoStatus`, through `payments.ask`): a held payment is captured if the contract
 * can still take it and released if not, a taken one settles, a cancelled one closes. Repeats are
 * harmless. A notification we could not act on because Octo did not answer is refused with 503, so
 * Octo sends it again (and the reconciliation job asks in any case).
 */
export async function octoCallbacks(app: FastifyInstance): Promise<void> {
  app.post(
    '/octo/notify',
    { config: { docs: { summary: 'Octo\'s payment notification (JSON, signature sha1(unique_key + octo_payment_UUID + status)): the status is read again from Octo; a hold is captured when the contract is paid by it, released when it cannot be' } } },
    async (request) => {
      const note = readNotification(request.body);
      if (!note) throw new AppError(400, 'not an Octo notification: octo_payment_UUID, status and signature are required');
      if (!octoSignatureValid(app.config.octo.uniqueKey, note.uuid, note.status, note.signature)) throw new AppError(401, 'the signature does not match');
      const payment = await app.payments.get('octo', note.uuid);
      if (!payment) throw new AppError(404, 'no such Octo payment here');
      return askAgain(app, request, payment, { name: 'Octo', apiError: OctoApiError });
    },
  );
}
