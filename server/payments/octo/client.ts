import { createHash, timingSafeEqual } from 'node:crypto';
import { decimalSomToTiyin, tiyinToDecimalSom } from '../amounts';
import { ProviderUnavailable, type Transport } from '../transport';

/** A refusal of Octo's API: its `error` code and message (2 is a wrong secret). */
export class OctoApiError extends Error {
  override name = 'OctoApiError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`Octo ${code}: ${message}`);
  }
}

/**
 * A payment's statuses as Octo names them: made, waiting for the payer (OTP), held (two-stage,
 * waiting for our capture or cancel), taken, cancelled (a released hold too), and given back.
 */
export const octoStatuses = ['created', 'wait_user_action', 'waiting_for_capture', 'succeeded', 'canceled', 'refunded', 'partially_refunded'] as const;
export type OctoStatus = (typeof octoStatuses)[number];
export const isOctoStatus = (value: unknown): value is OctoStatus => typeof value === 'string' && (octoStatuses as readonly string[]).includes(value);

/** A payment as Octo answers it (prepare_payment, and the same call as the status read). */
export interface OctoPayment {
  shopTransactionId: string;
  uuid: string;
  status: OctoStatus;
  /** Octo's page where the payer pays. */
  payUrl: string;
  /** What Octo says the payment is for, in tiyin; null when it did not say. */
  amount: number | null;
}

export interface OctoPrepare {
  /** Our id of the payment, unique per attempt: Octo reads a payment back by it. */
  shopTransactionId: string;
  /** Tiyin (Octo is sent decimal som). */
  amount: number;
  description: string;
  returnUrl: string;
  notifyUrl: string;
  language: 'uz' | 'ru' | 'en';
  /** `YYYY-MM-DD HH:MM:SS`, Tashkent time. */
  initTime: string;
}

export interface OctoApi {
  prepare(payment: OctoPrepare): Promise<OctoPayment>;
  /** The status read: prepare_payment again with only the credentials and our id. */
  status(shopTransactionId: string): Promise<OctoPayment>;
  /** Takes (capture, `amount` in tiyin at most the held one) or releases (cancel) a held payment. */
  setAccept(uuid: string, accept: 'capture' | 'cancel', amount: number): Promise<OctoStatus>;
  /** Gives back `amount` tiyin of a taken payment; `refundId` makes a repeat the same refund. */
  refund(uuid: string, refundId: string, amount: number): Promise<'succeeded' | 'pending' | 'failed'>;
}

export interface OctoConfig {
  url: string;
  shopId: number;
  secret: string;
  test: boolean;
}

/**
 * Octo's API (secure.octo.uz, README.md here): every call a JSON POST carrying the shop id and secret
 * in its body, answered HTTP 200 with `error: 0` and `data`, or another `error` and its
 * `errMessage` (some calls say `errorMessage`). Amounts are decimal som.
 */
export function octoApi(transport: Transport, config: OctoConfig): OctoApi {
  async function call(method: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await transport({
      method: 'POST',
      url: `${config.url}/${method}`,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ octo_shop_id: config.shopId, octo_secret: config.secret, ...body }),
    });
    let answer: { error?: unknown; errMessage?: unknown; errorMessage?: unknown; data?: unknown };
    try {
      answer = JSON.parse(response.body) as typeof answer;
    } catch {
      throw new ProviderUnavailable(`Octo ${method}: HTTP ${response.status}, not JSON`);
    }
    if (typeof answer !== 'object' || answer === null) throw new ProviderUnavailable(`Octo ${method}: HTTP ${response.status}, no answer`);
    if (answer.error !== 0) {
      const message = answer.errMessage ?? answer.errorMessage ?? '';
      throw new OctoApiError(typeof answer.error === 'number' ? answer.error : -1, String(message).slice(0, 200));
    }
    if (typeof answer.data !== 'object' || answer.data === null) throw new ProviderUnavailable(`Octo ${method}: no data`);
    return answer.data as Record<string, unknown>;
  }

  function payment(data: Record<string, unknown>): OctoPayment {
    const { shop_transaction_id: id, octo_payment_UUID: uuid, status, octo_pay_url: payUrl } = data;
    if (typeof id !== 'string' || typeof uuid !== 'string' || !isOctoStatus(status)) throw new ProviderUnavailable('Octo prepare_payment: an answer without its payment');
    return { shopTransactionId: id, uuid, status, payUrl: typeof payUrl === 'string' ? payUrl : '', amount: decimalSomToTiyin(data.total_sum) };
  }

  return {
    async prepare(p) {
      return payment(
        await call('prepare_payment', {
          shop_transaction_id: p.shopTransactionId,
          // Two-stage: Octo holds the money and we take it only if the contract can still be paid.
          auto_capture: false,
          test: config.test,
          init_time: p.initTime,
          total_sum: tiyinToDecimalSom(p.amount),
          currency: 'UZS',
          description: p.description,
          return_url: p.returnUrl,
          notify_url: p.notifyUrl,
          language: p.language,
        }),
      );
    },
    status: async (shopTransactionId) => payment(await call('prepare_payment', { shop_transaction_id: shopTransactionId })),
    async setAccept(uuid, accept, amount) {
      const data = await call('set_accept', { octo_payment_UUID: uuid, accept_status: accept, final_amount: tiyinToDecimalSom(amount) });
      if (!isOctoStatus(data.status)) throw new ProviderUnavailable('Octo set_accept: an answer without a status');
      return data.status;
    },
    async refund(uuid, refundId, amount) {
      const data = await call('refund', { octo_payment_UUID: uuid, shop_refund_id: refundId, amount: tiyinToDecimalSom(amount) });
      const status = data.status;
      if (status !== 'succeeded' && status !== 'pending' && status !== 'failed') throw new ProviderUnavailable('Octo refund: an answer without a status');
      return status;
    },
  };
}

/**
 * The signature of Octo's notification: `sha1(unique_key + octo_payment_UUID + status)`, hex. It
 * covers neither the amount nor our id, so a notification only says "ask again".
 */
export const octoSignature = (uniqueKey: string, uuid: string, status: string) => createHash('sha1').update(`${uniqueKey}${uuid}${status}`, 'utf8').digest('hex');

/** Whether a notification's signature is Octo's (hex compared whatever its case, in constant time). */
export function octoSignatureValid(uniqueKey: string, uuid: string, status: string, signature: string): boolean {
  if (!/^[0-9a-fA-F]{40}$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(octoSignature(uniqueKey, uuid, status), 'hex'), Buffer.from(signature, 'hex'));
}

/** `YYYY-MM-DD HH:MM:SS` in Tashkent (UTC+5, no daylight saving), as Octo's `init_time` is written. */
export const tashkentTime = (at = new Date()) => new Date(at.getTime() + 5 * 3_600_000).toISOString().slice(0, 19).replace('T', ' ');
