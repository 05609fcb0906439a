import { createHmac, timingSafeEqual } from 'node:crypto';
import { readTiyin } from '../amounts';
import { ProviderUnavailable, type Transport } from '../transport';

/** A refusal of Alif's API (HTTP 200 with `error: { code, message }`): 1002 authentication, 1004 not found, 1005 bad parameters… */
export class AlifApiError extends Error {
  override name = 'AlifApiError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`Alif ${code}: ${message}`);
  }
}

/** What Alif takes an invoice for, in tiyin: 500 to 200 000 000 som. */
export const alifAmounts = { min: 50_000, max: 20_000_000_000 } as const;

/** A payment's statuses as Alif's getInvoice names them (`payment.status`). */
export const alifStatuses = [
  'SUCCEEDED', 'PENDING', 'PENDING_REVERSAL', 'DECLINED', 'REVERTED', 'INSUFFICIENT_FUNDS', 'EXPIRED_CARD', 'BLOCKED_CARD', 'INVALID_CARD',
  'OTP_REQUIRED', 'INCORRECT_OTP', 'EXPIRED_OTP', 'SMS_NOTIFICATION_IS_OFF', 'UNKNOWN_ERROR',
] as const;
export type AlifStatus = (typeof alifStatuses)[number];
const isAlifStatus = (value: unknown): value is AlifStatus => typeof value === 'string' && (alifStatuses as readonly string[]).includes(value);

/** The statuses that mean the card's bank refused the debit (the shop page then says the card was declined). */
export const alifDeclined: readonly AlifStatus[] = ['DECLINED', 'INSUFFICIENT_FUNDS', 'EXPIRED_CARD', 'BLOCKED_CARD', 'INVALID_CARD', 'SMS_NOTIFICATION_IS_OFF'];

export interface AlifItem {
  name: string;
  /** How many. */
  amount: number;
  /** Tiyin, each. */
  price: number;
}

export interface AlifNewInvoice {
  items: AlifItem[];
  phone?: string | undefined;
  redirectUrl: string;
  cancelUrl: string;
  webhookUrl: string;
  /** Whether Alif issues the fiscal receipt. */
  receipt: boolean;
  /** Seconds the invoice may be paid in. */
  timeout: number;
  meta: Record<string, string>;
}

/** An invoice as getInvoice answers it: its payment's status (null before the payer tried) and amount in tiyin. */
export interface AlifInvoice {
  id: string;
  status: AlifStatus | null;
  /** Tiyin: the payment's amount, or the items' total before there is a payment. */
  amount: number | null;
  /** How it was paid: `card` or `nasiya` (instalments), when Alif says. */
  type: string | null;
}

export interface AlifApi {
  createInvoice(invoice: AlifNewInvoice): Promise<{ id: string }>;
  getInvoice(id: string): Promise<AlifInvoice>;
  /** Gives the whole invoice back. */
  refundInvoice(id: string): Promise<void>;
}

export interface AlifConfig {
  url: string;
  token: string;
}

/** An invoice id as Alif answers it (a number or a string), as we keep it. */
function invoiceId(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return String(value);
  return typeof value === 'string' && /^[0-9A-Za-z_-]{1,100}$/.test(value) ? value : null;
}

function itemsTotal(items: unknown): number | null {
  if (!Array.isArray(items)) return null;
  let total = 0;
  for (const item of items as { amount?: unknown; price?: unknown }[]) {
    const count = readTiyin(item?.amount);
    const price = readTiyin(item?.price);
    if (count === null || price === null) return null;
    total += count * price;
  }
  return Number.isSafeInteger(total) ? total : null;
}

/**
 * Alif's API (api.alifpay.uz/v2, README.md here): every method a JSON POST with the header
 * `Token: <token>`, answered HTTP 200 with the result, or with `error: { code, message }`.
 * Amounts are tiyin; keys snake_case (the documentation's; one SDK writes camelCase [?]).
 */
export function alifApi(transport: Transport, config: AlifConfig): AlifApi {
  async function call(method: string, body: Record<string, unknown>): Promise<Record<string, unknown>> {
    const response = await transport({ method: 'POST', url: `${config.url}/${method}`, headers: { 'content-type': 'application/json', token: config.token }, body: JSON.stringify(body) });
    let answer: unknown;
    try {
      answer = JSON.parse(response.body);
    } catch {
      throw new ProviderUnavailable(`Alif ${method}: HTTP ${response.status}, not JSON`);
    }
    if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) throw new ProviderUnavailable(`Alif ${method}: HTTP ${response.status}, no answer`);
    const { error } = answer as { error?: { code?: unknown; message?: unknown } | null };
    if (error) throw new AlifApiError(typeof error.code === 'number' ? error.code : -1, String(error.message ?? '').slice(0, 200));
    if (response.status !== 200) throw new ProviderUnavailable(`Alif ${method}: HTTP ${response.status}`);
    return answer as Record<string, unknown>;
  }

  return {
    async createInvoice(invoice) {
      const answer = await call('invoice', {
        items: invoice.items,
        ...(invoice.phone ? { phone: invoice.phone } : {}),
        redirect_url: invoice.redirectUrl,
        cancel_url: invoice.cancelUrl,
        webhook_url: invoice.webhookUrl,
        receipt: invoice.receipt,
        timeout: invoice.timeout,
        meta: invoice.meta,
      });
      const id = invoiceId(answer.id);
      if (!id) throw new ProviderUnavailable('Alif invoice: an answer without its id');
      return { id };
    },
    async getInvoice(id) {
      const answer = await call('getInvoice', { id });
      if (invoiceId(answer.id) !== id) throw new ProviderUnavailable('Alif getInvoice: an answer for another invoice');
      const payment = typeof answer.payment === 'object' && answer.payment !== null ? (answer.payment as Record<string, unknown>) : null;
      return {
        id,
        status: isAlifStatus(payment?.status) ? payment.status : null,
        amount: readTiyin(payment?.amount) ?? itemsTotal(answer.items),
        type: typeof payment?.type === 'string' ? payment.type.slice(0, 20) : null,
      };
    },
    async refundInvoice(id) {
      await call('refundInvoice', { id });
    },
  };
}

/** The signature of Alif's webhook: base64(HMAC-SHA256(secret, raw body)), in the `Signature` header. */
export const alifSignature = (secret: string, rawBody: string | Buffer) => createHmac('sha256', secret).update(rawBody).digest('base64');

/** Whether a webhook's `Signature` is Alif's for exactly these bytes (constant time). */
export function alifSignatureValid(secret: string, rawBody: string | Buffer, signature: unknown): boolean {
  if (typeof signature !== 'string' || !/^[A-Za-z0-9+/]{43}=$/.test(signature)) return false;
  return timingSafeEqual(Buffer.from(alifSignature(secret, rawBody), 'base64'), Buffer.from(signature, 'base64'));
}
