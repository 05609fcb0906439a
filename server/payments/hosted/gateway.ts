import { createHmac, timingSafeEqual } from 'node:crypto';
import { readTiyin } from '../amounts';
import { ProviderUnavailable, type Transport } from '../transport';

/**
 * A bank's hosted payment page, as the shop needs one: everything the rest of the server knows of
 * the bank. The requirements name only `POST /payment/initialize → payment_url`; the bank's protocol is not
 * public, so this interface is what we need of any bank, and `hostedHttpGateway` below speaks the
 * protocol we assume (README.md). Another bank is another implementation of this interface.
 */
export interface HostedGateway {
  /** Makes a payment page for an amount: the bank's id of the payment and the page's address. */
  initialize(payment: HostedInitialize): Promise<{ paymentId: string; paymentUrl: string }>;
  /** What the bank says of a payment now: its status and the amount it is for. */
  status(paymentId: string): Promise<HostedPaymentState>;
  /** Gives a paid payment back whole. */
  refund(paymentId: string): Promise<void>;
  /**
   * The payment a notification is about, if the bank sent it (its signature checked on the raw
   * bytes), or why it is refused. A notification is only the cue to ask `status`.
   */
  notified(rawBody: Buffer, headers: Readonly<Record<string, string | string[] | undefined>>): { paymentId: string } | { refused: 'signature' | 'body' };
}

export interface HostedInitialize {
  /** Ours, unique per attempt: the bank keeps it with the payment. */
  orderId: string;
  /** Tiyin. */
  amount: number;
  description: string;
  language: 'uz' | 'ru' | 'en';
  /** Where the page sends the payer back (the shop page). */
  returnUrl: string;
  /** Where the bank notifies us. */
  notifyUrl: string;
}

export const hostedStatuses = ['created', 'pending', 'paid', 'declined', 'expired', 'refunded'] as const;
export type HostedStatus = (typeof hostedStatuses)[number];
export const isHostedStatus = (value: unknown): value is HostedStatus => typeof value === 'string' && (hostedStatuses as readonly string[]).includes(value);

export interface HostedPaymentState {
  status: HostedStatus;
  /** Tiyin. */
  amount: number;
}

/** A refusal of the bank's API: its HTTP status and error code. */
export class HostedApiError extends Error {
  override name = 'HostedApiError';
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`hosted page ${status} ${code}: ${message}`);
  }
}

export interface HostedHttpConfig {
  url: string;
  merchantId: string;
  apiKey: string;
  secret: string;
}

/** The signature of a notification: hex(HMAC-SHA256(secret, raw body)), in `X-Signature`. */
export const hostedSignature = (secret: string, rawBody: string | Buffer) => createHmac('sha256', secret).update(rawBody).digest('hex');

const paymentIdRe = /^[0-9A-Za-z_-]{1,100}$/;

/**
 * The assumed protocol (README.md): REST over JSON, `Authorization: Bearer <api key>`, amounts in
 * tiyin; `POST /payments` → `{ payment_id, payment_url }`, `GET /payments/<id>` → `{ status, amount }`,
 * `POST /payments/<id>/refund`; errors are HTTP 4xx/5xx with `{ error: { code, message } }`.
 */
export function hostedHttpGateway(transport: Transport, config: HostedHttpConfig): HostedGateway {
  async function call(method: 'GET' | 'POST', path: string, body?: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await transport({
      method,
      url: `${config.url}${path}`,
      headers: { authorization: `Bearer ${config.apiKey}`, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    let answer: unknown;
    try {
      answer = JSON.parse(response.body);
    } catch {
      throw new ProviderUnavailable(`hosted page ${method} ${path}: HTTP ${response.status}, not JSON`);
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw new ProviderUnavailable(`hosted page ${method} ${path}: HTTP ${response.status}, no answer`);
    const record = answer as Record<string, unknown>;
    if (response.status >= 500) throw new ProviderUnavailable(`hosted page ${method} ${path}: HTTP ${response.status}`);
    if (response.status >= 400) {
      const error = (typeof record.error === 'object' && record.error !== null ? record.error : {}) as { code?: unknown; message?: unknown };
      throw new HostedApiError(response.status, String(error.code ?? 'error').slice(0, 50), String(error.message ?? '').slice(0, 200));
    }
    return record;
  }
  const path = (id: string) => {
    if (!paymentIdRe.test(id)) throw new HostedApiError(400, 'bad_id', 'not a payment id');
    return `/payments/${encodeURIComponent(id)}`;
  };

  return {
    async initialize(p) {
      const answer = await call('POST', '/payments', {
        merchant_id: config.merchantId,
        order_id: p.orderId,
        amount: p.amount,
        currency: 'UZS',
        description: p.description,
        language: p.language,
        return_url: p.returnUrl,
        notify_url: p.notifyUrl,
      });
      const { payment_id: paymentId, payment_url: paymentUrl } = answer;
      if (typeof paymentId !== 'string' || !paymentIdRe.test(paymentId) || typeof paymentUrl !== 'string' || !/^https?:\/\//.test(paymentUrl)) {
        throw new ProviderUnavailable('hosted page: an answer without its payment');
      }
      return { paymentId, paymentUrl };
    },
    async status(id) {
      const answer = await call('GET', path(id));
      const amount = readTiyin(answer.amount);
      // Without the amount nothing can be settled nor given back safely: asked again later instead.
      if (answer.payment_id !== id || !isHostedStatus(answer.status) || amount === null) throw new ProviderUnavailable('hosted page: a status answer without its payment, status or amount');
      return { status: answer.status, amount };
    },
    async refund(id) {
      await call('POST', `${path(id)}/refund`, {});
    },
    notified(rawBody, headers) {
      const signature = headers['x-signature'];
      if (typeof signature !== 'string' || !/^[0-9a-fA-F]{64}$/.test(signature)) return { refused: 'signature' };
      if (!timingSafeEqual(Buffer.from(hostedSignature(config.secret, rawBody), 'hex'), Buffer.from(signature, 'hex'))) return { refused: 'signature' };
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        return { refused: 'body' };
      }
      const id = typeof body === 'object' && body !== null ? (body as { payment_id?: unknown }).payment_id : undefined;
      return typeof id === 'string' && paymentIdRe.test(id) ? { paymentId: id } : { refused: 'body' };
    },
  };
}
