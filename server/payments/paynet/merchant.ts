import { isRecord } from '../../../engine/is-record';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Payment } from '../../db/database';
import { maskedName } from '../../lib/masked-name';
import { findOrder, type PaynetOrder } from './order';
import {
  amountOf, checkService, credentialMatches, failure, orderNumberOf, PaynetError, paynetErrors, paynetTime,
  timeOf, transactionIdOf, type PaynetAnswer, type Params, type RpcId,
} from './protocol';

/** How far ahead of our clock Paynet's `transactionTime` may be (clocks differ; a day is generous). */
const paynetClockSkewMs = 24 * 60 * 60 * 1000;

/** Our name of Paynet's payments (`payments.provider`). */
export const paynetProvider = 'paynet';

/** What a Paynet payment keeps of the protocol in `payments.detail`. */
interface PaynetDetail {
  /** Our number for Paynet's transaction, answered to every call about it. */
  providerTrnId: number;
  /** Paynet's id of the transaction as it sent it (a number or text), answered back as it came. */
  transactionId: number | string;
  /** When Paynet says the payer paid (`transactionTime`), in GMT+5. */
  transactionTime: string;
}

/** An answer as the endpoint sends it: HTTP 401 for a wrong credential, as the protocol asks; otherwise 200. */
export interface PaynetReply {
  status: 200 | 401;
  body: PaynetAnswer;
}

function detailOf(payment: Pick<Payment, 'reference' | 'detail'>): PaynetDetail {
  const detail = payment.detail as Partial<PaynetDetail>;
  return {
    providerTrnId: Number(detail.providerTrnId ?? 0),
    transactionId: typeof detail.transactionId === 'number' ? detail.transactionId : payment.reference,
    transactionTime: String(detail.transactionTime ?? ''),
  };
}

/** Refuses an order Paynet may not take money for: unknown, no longer awaiting payment (paid or cancelled), or another amount. */
function refuseOrder(order: PaynetOrder | undefined, amountTiyin?: number): asserts order is PaynetOrder {
  if (!order || order.status === 'draft') throw new PaynetError(paynetErrors.clientNotFound, 'order_id');
  if (order.status !== 'awaiting_payment') throw new PaynetError(paynetErrors.clientNotFound, { order: order.status === 'cancelled' ? 'cancelled' : 'paid' });
  if (amountTiyin !== undefined && amountTiyin !== order.amount * 100) throw new PaynetError(paynetErrors.wrongAmount, 'amount');
}

/**
 * Paynet's calls of `POST /api/paynet`, answered as its provider protocol asks: GetInformation,
 * PerformTransaction, CheckTransaction, CancelTransaction, GetStatement. A payment is recorded
 * through `app.payments` (`open`, then `settle` under the contract's lock), so a Perform repeated,
 * two at once, or a payment arriving from another provider meanwhile pays the contract once.
 */
export function paynetMerchant(app: FastifyInstance): { handle(rawBody: string, authorization: string | undefined): Promise<PaynetReply> } {
  const { login, password, serviceId } = app.config.paynet;

  /** A transaction Paynet performed with us: paid, or taken back since (refunded). Created or failed ones were never performed. */
  async function performed(transactionId: string): Promise<Payment | undefined> {
    const payment = await app.payments.get(paynetProvider, transactionId);
    return payment?.state === 'paid' || payment?.state === 'refunded' ? payment : undefined;
  }

  /**
   * Refuses an order that cannot take the payment, unless this very transaction is what paid it: the
   * same Perform arriving twice at once (at two instances) finds the order paid by its twin, a repeat.
   */
  async function refuseUnlessPerformed(transactionId: string, order: PaynetOrder | undefined, amount: number): Promise<PaynetOrder> {
    try {
      refuseOrder(order, amount);
      return order;
    } catch (refusal) {
      const twin = await performed(transactionId);
      if (twin) repeated(twin);
      throw refusal;
    }
  }

  /** A Perform of a transaction Paynet has performed already: 201, carrying the number it was answered with (202 once cancelled). */
  function repeated(payment: Payment): never {
    const { providerTrnId } = detailOf(payment);
    if (payment.state === 'refunded') throw new PaynetError(paynetErrors.transactionCancelled, { providerTrnId });
    throw new PaynetError(paynetErrors.transactionExists, { providerTrnId });
  }

  const methods: Record<string, (params: Params) => Promise<Record<string, unknown>>> = {
    async GetInformation(params) {
      checkService(params, serviceId);
      const order = await findOrder(app, orderNumberOf(params));
      refuseOrder(order);
      return {
        status: '0',
        timestamp: paynetTime(Date.now()),
        fields: { order_id: String(order.orderId), amount: order.amount * 100, name: maskedName(order.holder) },
      };
    },

    async PerformTransaction(params) {
      checkService(params, serviceId);
      const transactionId = transactionIdOf(params);
      const amount = amountOf(params);
      const transactionTime = timeOf(params, 'transactionTime');
      // When the payer paid is now or past: a time days ahead (9999-12-31) is no payment's.
      if (transactionTime.getTime() > Date.now() + paynetClockSkewMs) throw new PaynetError(paynetErrors.wrongDate, 'transactionTime');
      const orderNumber = orderNumberOf(params);
      const known = await performed(transactionId);
      if (known) repeated(known);
      const order = await refuseUnlessPerformed(transactionId, await findOrder(app, orderNumber), amount);
      // Nor before the order was made: a payment dated before there was anything to pay is no payment of it.
      if (transactionTime.getTime() < order.createdAt.getTime() - paynetClockSkewMs) throw new PaynetError(paynetErrors.wrongDate, 'transactionTime');
      /*
       * Recorded, then settled under the contract's lock. The same transaction arriving twice at
       * once opens one payment (its reference is unique) and settles it once: the other call finds
       * it paid and answers as a repeat. Our number is drawn for the first arrival; a payment that
       * exists already (a Perform that failed and is tried again) keeps the one it was given.
       */
      const { rows } = await sql<{ id: string }>`SELECT nextval('paynet_provider_trn_seq')::text AS id`.execute(app.db);
      const detail: PaynetDetail = { providerTrnId: Number(rows[0]?.id), transactionId: typeof params.transactionId === 'number' ? params.transactionId : transactionId, transactionTime: paynetTime(transactionTime) };
      const opened = await app.payments.open({ contractId: order.contractId, provider: paynetProvider, reference: transactionId, amount: order.amount, detail: { ...detail } });
      if (!opened) {
        // The order changed since it was read (paid another way at this moment), or Paynet's id names a payment of another order.
        const again = await app.payments.get(paynetProvider, transactionId);
        if (again && again.contract_id !== order.contractId) repeated(again);
        await refuseUnlessPerformed(transactionId, await findOrder(app, orderNumber), amount);
        throw new Error(`Paynet transaction: order ${order.orderId} could take the payment, yet it was not recorded`);
      }
      const settlement = await app.payments.settle(paynetProvider, transactionId);
      if (settlement.outcome === 'refused') {
        // Nothing was taken: Paynet takes the cash only on our success, so refusing here is the refund.
        await app.payments.fail(paynetProvider, transactionId, `refused: ${settlement.reason}`);
        if (settlement.reason === 'amount') throw new PaynetError(paynetErrors.wrongAmount, 'amount');
        throw new PaynetError(paynetErrors.clientNotFound, { order: settlement.reason === 'cancelled' ? 'cancelled' : 'paid' });
      }
      const payment = await app.payments.get(paynetProvider, transactionId);
      if (!payment) throw new Error('Paynet transaction: the payment settled is gone');
      if (settlement.outcome === 'already') repeated(payment);
      return { providerTrnId: detailOf(payment).providerTrnId, timestamp: paynetTime(payment.updated_at), fields: { order_id: String(order.orderId) } };
    },

    async CheckTransaction(params) {
      checkService(params, serviceId);
      const payment = await performed(transactionIdOf(params));
      // 1 performed, 2 cancelled, 3 unknown to us (never performed: Paynet took no money for it).
      if (!payment) return { providerTrnId: 0, timestamp: paynetTime(Date.now()), transactionState: 3 };
      return { providerTrnId: detailOf(payment).providerTrnId, timestamp: paynetTime(payment.updated_at), transactionState: payment.state === 'paid' ? 1 : 2 };
    },

    async CancelTransaction(params) {
      checkService(params, serviceId);
      const transactionId = transactionIdOf(params);
      const reversed = await app.payments.reverse(paynetProvider, transactionId, `Paynet cancelled transaction ${transactionId}`);
      if (!reversed) throw new PaynetError(paynetErrors.transactionNotFound, 'transactionId');
      const { providerTrnId } = detailOf(reversed.payment);
      if (!reversed.now) throw new PaynetError(paynetErrors.transactionCancelled, { providerTrnId });
      return { providerTrnId, timestamp: paynetTime(reversed.payment.updated_at), transactionState: 2 };
    },

    async GetStatement(params) {
      checkService(params, serviceId);
      const from = timeOf(params, 'dateFrom');
      const to = timeOf(params, 'dateTo');
      // Performed and not cancelled: a paid payment keeps the time it was paid in updated_at.
      const rows = await app.db
        .selectFrom('payments')
        .select(['reference', 'amount', 'detail', 'updated_at'])
        .where('provider', '=', paynetProvider)
        .where('state', '=', 'paid')
        .where('updated_at', '>=', from)
        .where('updated_at', '<=', to)
        .orderBy('updated_at')
        .execute();
      return {
        statements: rows.map((row) => {
          const { transactionId, providerTrnId } = detailOf(row);
          return { transactionId, providerTrnId, amount: Number(row.amount) * 100, timestamp: paynetTime(row.updated_at) };
        }),
      };
    },
  };

  return {
    async handle(rawBody, authorization) {
      // The protocol answers a wrong or missing credential with HTTP 401, before reading anything.
      if (!credentialMatches(authorization, login, password)) return { status: 401, body: failure(null, new PaynetError(paynetErrors.wrongCredential)) };
      let request: unknown;
      try {
        request = JSON.parse(rawBody);
      } catch {
        return { status: 200, body: failure(null, new PaynetError(paynetErrors.parseError)) };
      }
      const id: RpcId = isRecord(request) && (typeof request.id === 'number' || typeof request.id === 'string') ? request.id : null;
      if (!isRecord(request) || typeof request.method !== 'string' || !isRecord(request.params)) return { status: 200, body: failure(id, new PaynetError(paynetErrors.invalidRequest)) };
      const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
      if (!method) return { status: 200, body: failure(id, new PaynetError(paynetErrors.methodNotFound, request.method.slice(0, 64))) };
      try {
        return { status: 200, body: { jsonrpc: '2.0', id, result: await method(request.params) } };
      } catch (err) {
        if (err instanceof PaynetError) return { status: 200, body: failure(id, err) };
        // Logged without the call's parameters: they name an order and a payer.
        app.log.error({ err, method: request.method }, 'paynet provider call failed');
        return { status: 200, body: failure(id, new PaynetError(paynetErrors.systemError)) };
      }
    },
  };
}
