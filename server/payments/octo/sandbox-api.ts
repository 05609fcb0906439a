import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { decimalSomToTiyin, tiyinToDecimalSom } from '../amounts';
import { sandboxCards } from '../sandbox-checkout';
import { sandboxPages } from '../sandbox-page';
import { sandboxState } from '../transport';
import { octoSignature, type OctoStatus } from './client';

/**
 * The sandbox's cards on Octo's page: the shop's usual two (one pays, one is declined) and one the
 * bank holds without Octo telling the shop (a notification lost: reconciliation finds it).
 */
export const octoTestCards = { ...sandboxCards, waits: { number: '8600000000000003', expiry: '12/30' } } as const;

type OctoLanguage = 'uz' | 'ru' | 'en';

/** What the stand-in keeps of a payment, as Octo would. */
export interface OctoSandboxPayment extends Record<string, unknown> {
  shopTransactionId: string;
  /** Tiyin. */
  amount: number;
  description: string;
  returnUrl: string;
  notifyUrl: string;
  language: OctoLanguage;
  autoCapture: boolean;
  test: boolean;
  status: OctoStatus;
  maskedPan: string | null;
  /** Refunds by `shop_refund_id`, tiyin. */
  refunds: Record<string, number>;
  createdAt: number;
  paidAt: number;
}

/** Octo's refusal (HTTP 200, `error` ≠ 0). 2 is Octo's wrong secret, 22 its wrong refund amount; the others are this stand-in's. */
class OctoRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const text = (value: unknown, max: number): string | null => (typeof value === 'string' && value.length > 0 && value.length <= max && !/[\u0000-\u001f]/.test(value) ? value : null);

function httpUrl(value: unknown): string | null {
  const url = text(value, 2000);
  if (!url) return null;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

const masked = (number: string) => `${number.slice(0, 6)}******${number.slice(-4)}`;

/**
 * The sandbox stand-in of Octo's API (`/sandbox/octo/api/prepare_payment`, `/set_accept`, `/refund`)
 * and of what its pay page does: holds or takes the money, and notifies the shop signed as Octo
 * signs (`sha1(unique_key + uuid + status)`, upper-case hex here, which the shop must take too).
 */
export function octoSandboxApi(app: FastifyInstance) {
  const payments = sandboxState<OctoSandboxPayment>(app, 'octo-payment');
  // Octo reads a payment back by the shop's id: the stand-in keeps that index too.
  const byShopId = sandboxState<{ uuid: string }>(app, 'octo-transaction');
  const pages = sandboxPages(app);
  const { shopId, secret, uniqueKey } = app.config.octo;
  const payUrl = (uuid: string) => `${app.config.publicUrl}/sandbox/octo/pay/${uuid}`;

  const answer = (uuid: string, p: OctoSandboxPayment) => ({
    shop_transaction_id: p.shopTransactionId,
    octo_payment_UUID: uuid,
    status: p.status,
    octo_pay_url: payUrl(uuid),
    total_sum: tiyinToDecimalSom(p.amount),
    refunded_sum: tiyinToDecimalSom(Object.values(p.refunds).reduce((sum, amount) => sum + amount, 0)),
  });

  async function known(uuid: unknown) {
    const id = text(uuid, 64);
    const found = id ? await payments.get(id) : undefined;
    if (!id || !found) throw new OctoRefusal(4, 'Payment not found');
    return { uuid: id, payment: found };
  }

  const methods: Record<string, (body: Record<string, unknown>) => Promise<Record<string, unknown>>> = {
    async prepare_payment(body) {
      const shopTransactionId = text(body.shop_transaction_id, 64);
      if (!shopTransactionId) throw new OctoRefusal(1, 'Invalid parameter: shop_transaction_id');
      const existing = await byShopId.get(shopTransactionId);
      // The same call with the shop's id alone reads the payment back (the status read).
      if (existing) {
        const { uuid, payment } = await known(existing.uuid);
        const sum = body.total_sum === undefined ? null : decimalSomToTiyin(body.total_sum);
        if (sum !== null && sum !== payment.amount) throw new OctoRefusal(1, 'shop_transaction_id already used for another amount');
        return answer(uuid, payment);
      }
      if (body.total_sum === undefined) throw new OctoRefusal(4, 'Payment not found');
      const amount = decimalSomToTiyin(body.total_sum);
      if (amount === null || amount <= 0) throw new OctoRefusal(1, 'Invalid parameter: total_sum');
      if (body.currency !== 'UZS') throw new OctoRefusal(1, 'Invalid parameter: currency (this sandbox takes UZS)');
      const returnUrl = httpUrl(body.return_url);
      const notifyUrl = httpUrl(body.notify_url);
      if (!returnUrl) throw new OctoRefusal(1, 'Invalid parameter: return_url');
      if (!notifyUrl) throw new OctoRefusal(1, 'Invalid parameter: notify_url');
      if (typeof body.init_time !== 'string' || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(body.init_time)) throw new OctoRefusal(1, 'Invalid parameter: init_time');
      if (body.auto_capture !== undefined && typeof body.auto_capture !== 'boolean') throw new OctoRefusal(1, 'Invalid parameter: auto_capture');
      if (body.test !== undefined && typeof body.test !== 'boolean') throw new OctoRefusal(1, 'Invalid parameter: test');
      const language = body.language === 'uz' || body.language === 'en' ? body.language : 'ru';
      const uuid = randomUUID();
      const created: OctoSandboxPayment = {
        shopTransactionId,
        amount,
        description: text(body.description, 255) ?? '',
        returnUrl,
        notifyUrl,
        language,
        autoCapture: body.auto_capture !== false,
        test: body.test === true,
        status: 'created',
        maskedPan: null,
        refunds: {},
        createdAt: Date.now(),
        paidAt: 0,
      };
      await payments.put(uuid, created);
      await byShopId.put(shopTransactionId, { uuid });
      return answer(uuid, created);
    },

    async set_accept(body) {
      const { uuid, payment } = await known(body.octo_payment_UUID);
      const accept = body.accept_status;
      if (accept !== 'capture' && accept !== 'cancel') throw new OctoRefusal(1, 'Invalid parameter: accept_status');
      const target: OctoStatus = accept === 'capture' ? 'succeeded' : 'canceled';
      // Asked again (a retried notification): the same answer.
      if (payment.status === target) return answer(uuid, payment);
      if (payment.status !== 'waiting_for_capture') throw new OctoRefusal(6, `Payment is ${payment.status}, not waiting for capture`);
      if (accept === 'capture') {
        const final = body.final_amount === undefined ? payment.amount : decimalSomToTiyin(body.final_amount);
        if (final === null || final <= 0 || final > payment.amount) throw new OctoRefusal(1, 'Invalid parameter: final_amount');
        const taken = { ...payment, status: target, amount: final, paidAt: Date.now() };
        await payments.put(uuid, taken);
        return answer(uuid, taken);
      }
      const released = { ...payment, status: target };
      await payments.put(uuid, released);
      return answer(uuid, released);
    },

    async refund(body) {
      const { uuid, payment } = await known(body.octo_payment_UUID);
      const refundId = text(body.shop_refund_id, 64);
      if (!refundId) throw new OctoRefusal(1, 'Invalid parameter: shop_refund_id');
      if (payment.refunds[refundId] !== undefined) return { shop_refund_id: refundId, octo_payment_UUID: uuid, status: 'succeeded', amount: tiyinToDecimalSom(payment.refunds[refundId]) };
      if (payment.status !== 'succeeded' && payment.status !== 'partially_refunded') throw new OctoRefusal(6, `Payment is ${payment.status}: only a taken payment is refunded`);
      const amount = decimalSomToTiyin(body.amount);
      const left = payment.amount - Object.values(payment.refunds).reduce((sum, given) => sum + given, 0);
      if (amount === null || amount <= 0 || amount > left) throw new OctoRefusal(22, 'Wrong refund amount');
      const refunds = { ...payment.refunds, [refundId]: amount };
      await payments.put(uuid, { ...payment, refunds, status: amount === left ? 'refunded' : 'partially_refunded' });
      return { shop_refund_id: refundId, octo_payment_UUID: uuid, status: 'succeeded', amount: tiyinToDecimalSom(amount) };
    },
  };

  /** Notifies the shop of the payment's status as Octo does: JSON, signed; false when the shop did not take it. */
  async function notify(uuid: string, payment: OctoSandboxPayment): Promise<boolean> {
    const body = {
      shop_transaction_id: payment.shopTransactionId,
      octo_payment_UUID: uuid,
      status: payment.status,
      signature: octoSignature(uniqueKey, uuid, payment.status).toUpperCase(),
      total_sum: tiyinToDecimalSom(payment.amount),
      transfer_sum: tiyinToDecimalSom(payment.amount),
      maskedPan: payment.maskedPan,
      payed_time: payment.paidAt ? new Date(payment.paidAt + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ') : null,
    };
    const answered = await pages.callOwn(payment.notifyUrl, { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (answered?.status !== 200) app.log.warn({ status: answered?.status ?? null }, 'sandbox Octo: the shop did not take the notification');
    return answered?.status === 200;
  }

  return {
    payments,
    payUrl,
    /** Answers one API call as Octo does: HTTP 200, `error: 0` and `data`, or the refusal. */
    async handle(method: string, body: unknown): Promise<Record<string, unknown>> {
      const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
      if (!run) return { error: 404, errMessage: 'Unknown method' };
      const request = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      if (request.octo_shop_id !== shopId || request.octo_secret !== secret) return { error: 2, errMessage: 'Wrong secret' };
      try {
        return { error: 0, data: await run(request) };
      } catch (err) {
        if (err instanceof OctoRefusal) return { error: err.code, errMessage: err.message };
        throw err;
      }
    },
    /**
     * The payer paid on Octo's page with a card that works: the money is held (two-stage) or taken,
     * and Octo tells the shop, unless `notify` is false (a notification that never arrives).
     */
    async pay(uuid: string, payment: OctoSandboxPayment, card: string, tell: boolean): Promise<OctoSandboxPayment> {
      const paid: OctoSandboxPayment = { ...payment, status: payment.autoCapture ? 'succeeded' : 'waiting_for_capture', maskedPan: masked(card), paidAt: Date.now() };
      await payments.put(uuid, paid);
      if (tell) await notify(uuid, paid);
      return paid;
    },
  };
}
