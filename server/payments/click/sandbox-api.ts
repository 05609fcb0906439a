import { sql } from 'kysely';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sandboxState } from '../transport';
import { clickPaymentStatus } from './merchant-api';
import { clickAuthValid } from './signature';

/**
 * A payment as the sandbox's Click keeps it (`sandbox_provider_state`, provider `click-payment`,
 * by its `payment_id`, which the SHOP API calls `click_paydoc_id`).
 */
export interface SandboxClickPayment extends Record<string, unknown> {
  clickTransId: string;
  serviceId: string;
  /** Our contract id, as the link's `transaction_param`. */
  merchantTransId: string;
  /** As Click sends it to the merchant (`70000.00`). */
  amount: string;
  /** The payment's day on Click's (Tashkent's) clock: what `status_by_mti` is asked for. */
  date: string;
  /** Click's `payment_status`: 0 created, 2 paid, or one of the sandbox's failures below. */
  status: number;
  createdAt: number;
}

/**
 * Click documents a failed payment only as `payment_status` below zero; the sandbox writes −1 for a
 * debit the card's bank refused, −2 for a payment given back (reversal, or Complete refused by the
 * merchant), −3 for one the merchant refused at Prepare.
 */
export const sandboxClickStatus = { ...clickPaymentStatus, declined: -1, reversed: -2, refused: -3 } as const;

/**
 * The sandbox's merchant API answers (Click's codes for these cases are not in its public
 * documentation): an unknown service or malformed path −8, no such payment −6, a payment that
 * cannot be reversed −9; a wrong `Auth` is HTTP 401.
 */
const sandboxApiErrors = { badRequest: -8, notFound: -6, notReversible: -9, accessDenied: -1 } as const;

/** The sandbox's record of Click payments. */
export function sandboxClickPayments(app: FastifyInstance) {
  const state = sandboxState<SandboxClickPayment>(app, 'click-payment');
  return {
    ...state,
    /** The order's payments on a day, newest first. */
    async ofOrder(merchantTransId: string, date: string): Promise<{ paymentId: string; payment: SandboxClickPayment }[]> {
      const rows = await app.db
        .selectFrom('sandbox_provider_state')
        .select(['reference', 'data'])
        .where('provider', '=', 'click-payment')
        .where(sql<string>`data->>'merchantTransId'`, '=', merchantTransId)
        .where(sql<string>`data->>'date'`, '=', date)
        .orderBy('created_at', 'desc')
        .execute();
      return rows.map((row) => ({ paymentId: row.reference, payment: row.data as SandboxClickPayment }));
    },
  };
}

type Params = { serviceId: string; paymentId: string; merchantTransId: string; date: string };

/**
 * The sandbox stand-in for Click's merchant API (`/sandbox/click/api/…`, as `api.click.uz/v2/merchant/…`):
 * `GET payment/status_by_mti/{service_id}/{merchant_trans_id}/{YYYY-MM-DD}`, `GET payment/status/{service_id}/{payment_id}`,
 * `DELETE payment/reversal/{service_id}/{payment_id}`, each with Click's `Auth` header, answering
 * from the sandbox's own record of the payments its checkout made.
 */
export async function clickSandboxApi(app: FastifyInstance): Promise<void> {
  const payments = sandboxClickPayments(app);
  const { serviceId, merchantUserId, secretKey } = app.config.click;

  const refuse = (reply: FastifyReply, code: number, note: string, status = 200) => reply.code(status).send({ error_code: code, error_note: note });

  // Click's clients send `Content-Type: application/json` on every call, a reversal's DELETE included, with no body: none is read.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, undefined));

  app.addHook('onRequest', async (request, reply) => {
    const auth = request.headers.auth;
    if (!clickAuthValid(typeof auth === 'string' ? auth : undefined, merchantUserId, secretKey)) return refuse(reply, sandboxApiErrors.accessDenied, 'Access denied', 401);
    return undefined;
  });

  /** The payment a path names, or why there is none. */
  async function named(params: Pick<Params, 'serviceId' | 'paymentId'>): Promise<{ payment: SandboxClickPayment } | { code: number; note: string }> {
    if (params.serviceId !== serviceId || !/^\d{1,19}$/.test(params.paymentId)) return { code: sandboxApiErrors.badRequest, note: 'Error in request' };
    const payment = await payments.get(params.paymentId);
    return payment ? { payment } : { code: sandboxApiErrors.notFound, note: 'Payment not found' };
  }

  app.get<{ Params: Pick<Params, 'serviceId' | 'merchantTransId' | 'date'> }>(
    '/api/payment/status_by_mti/:serviceId/:merchantTransId/:date',
    { config: { docs: { summary: 'Sandbox stand-in for Click\'s merchant API: the payment of an order (merchant_trans_id) on a day' } } },
    async (request, reply) => {
      const { serviceId: service, merchantTransId: order, date } = request.params;
      if (service !== serviceId || !/^\d{4}-\d{2}-\d{2}$/.test(date) || order.length > 128) return refuse(reply, sandboxApiErrors.badRequest, 'Error in request');
      const found = await payments.ofOrder(order, date);
      // The order's paid payment when there is one (Click pays an order once), else its latest attempt.
      const chosen = found.find((entry) => entry.payment.status === sandboxClickStatus.paid) ?? found[0];
      if (!chosen) return refuse(reply, sandboxApiErrors.notFound, 'Payment not found');
      return { error_code: 0, error_note: 'Success', payment_id: Number(chosen.paymentId), merchant_trans_id: order };
    },
  );

  app.get<{ Params: Pick<Params, 'serviceId' | 'paymentId'> }>(
    '/api/payment/status/:serviceId/:paymentId',
    { config: { docs: { summary: 'Sandbox stand-in for Click\'s merchant API: a payment\'s payment_status' } } },
    async (request, reply) => {
      const found = await named(request.params);
      if (!('payment' in found)) return refuse(reply, found.code, found.note);
      return { error_code: 0, error_note: 'Success', payment_id: Number(request.params.paymentId), payment_status: found.payment.status };
    },
  );

  app.delete<{ Params: Pick<Params, 'serviceId' | 'paymentId'> }>(
    '/api/payment/reversal/:serviceId/:paymentId',
    { config: { docs: { summary: 'Sandbox stand-in for Click\'s merchant API: reverses a paid payment (the money goes back to the card)' } } },
    async (request, reply) => {
      const found = await named(request.params);
      if (!('payment' in found)) return refuse(reply, found.code, found.note);
      const { payment } = found;
      // Reversing again answers as the first time did: the money went back once.
      if (payment.status !== sandboxClickStatus.paid && payment.status !== sandboxClickStatus.reversed) return refuse(reply, sandboxApiErrors.notReversible, 'Payment cannot be reversed');
      await payments.put(request.params.paymentId, { ...payment, status: sandboxClickStatus.reversed });
      return { error_code: 0, error_note: 'Success', payment_id: Number(request.params.paymentId) };
    },
  );
}
