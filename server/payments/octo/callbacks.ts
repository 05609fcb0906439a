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
/** The notification Octo sent, or the field that makes it none (a JSON pointer). */
function readNotification(body: unknown): OctoNotification | { refused: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { refused: '/body' };
  const { octo_payment_UUID: uuid, status, signature } = body as Record<string, unknown>;
  if (typeof uuid !== 'string' || !/^[0-9A-Za-z-]{1,64}$/.test(uuid)) return { refused: '/octo_payment_UUID' };
  if (typeof status !== 'string' || !/^[a-z_]{1,40}$/.test(status)) return { refused: '/status' };
  if (typeof signature !== 'string') return { refused: '/signature' };
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
    { config: { docs: { summary: 'Octo\'s payment notification (JSON, signature sha1(unique_key + octo_payment_UUID + status)): the status is read again from Octo; a hold is captured when the contract is paid by it, released when it cannot be', callback: 'signature' } } },
    async (request) => {
      const note = readNotification(request.body);
      if ('refused' in note) throw new AppError(400, `not an Octo notification: body${note.refused} is missing or malformed (octo_payment_UUID, status and signature are required)`, { field: note.refused });
      if (!octoSignatureValid(app.config.octo.uniqueKey, note.uuid, note.status, note.signature)) throw new AppError(401, 'the signature does not match');
      const payment = await app.payments.get('octo', note.uuid);
      if (!payment) throw new AppError(404, 'no such Octo payment here');
      return askAgain(app, request, payment, { name: 'Octo', apiError: OctoApiError });
    },
  );
}
