import { ProviderUnavailable, type Transport } from '../transport';
import { clickAuthHeader } from './signature';

/** A refusal of Click's merchant API: its `error_code` and `error_note`. */
export class ClickApiError extends Error {
  override name = 'ClickApiError';
  constructor(
    readonly code: number,
    note: string,
  ) {
    super(`Click merchant API ${code}: ${note}`);
  }
}

/** Click's payment statuses (`payment_status`): below zero an error, 0 created, 1 processing, 2 paid. */
export const clickPaymentStatus = { created: 0, processing: 1, paid: 2 } as const;

export interface ClickMerchantApi {
  /** Click's payment of an order (our `merchant_trans_id`) on a day (`YYYY-MM-DD`, Tashkent): its `payment_id`, or null when Click has none. */
  paymentByMti(merchantTransId: string, date: string): Promise<string | null>;
  /** A payment's `payment_status`. */
  paymentStatus(paymentId: string): Promise<number>;
  /** Gives a payment's money back (Click's reversal). */
  reverse(paymentId: string): Promise<void>;
}

export interface ClickMerchantApiConfig {
  /** `https://api.click.uz/v2/merchant`, or the sandbox stand-in. */
  url: string;
  serviceId: string;
  merchantUserId: string;
  secretKey: string;
}

interface ClickApiAnswer {
  error_code?: unknown;
  error_note?: unknown;
  payment_id?: unknown;
  payment_status?: unknown;
}

/**
 * Click's merchant API (`api.click.uz/v2/merchant`, JSON, the `Auth` header of each call signed
 * with the secret key): the calls reconciliation and refunds need.
 */
export function clickMerchantApi(transport: Transport, config: ClickMerchantApiConfig): ClickMerchantApi {
  const service = encodeURIComponent(config.serviceId);

  async function call(method: 'GET' | 'DELETE', path: string): Promise<ClickApiAnswer & { error_code: number }> {
    const response = await transport({
      method,
      url: `${config.url}${path}`,
      headers: { accept: 'application/json', 'content-type': 'application/json', auth: clickAuthHeader(config.merchantUserId, config.secretKey) },
    });
    let answer: ClickApiAnswer;
    try {
      answer = JSON.parse(response.body) as ClickApiAnswer;
    } catch {
      throw new ProviderUnavailable(`Click ${method} ${path.split('/').slice(0, 3).join('/')}: HTTP ${response.status}, not JSON`);
    }
    // Click answers its refusals with an `error_code`; anything else (a proxy's page, a refused credential) is no answer.
    if (response.status !== 200 || typeof answer !== 'object' || answer === null || typeof answer.error_code !== 'number') {
      throw new ProviderUnavailable(`Click ${method} ${path.split('/').slice(0, 3).join('/')}: HTTP ${response.status}`);
    }
    return { ...answer, error_code: answer.error_code };
  }

  const note = (answer: ClickApiAnswer) => (typeof answer.error_note === 'string' ? answer.error_note.slice(0, 200) : '');
  const id = (value: unknown) => (typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : typeof value === 'string' && /^\d{1,19}$/.test(value) ? value : null);

  return {
    async paymentByMti(merchantTransId, date) {
      const answer = await call('GET', `/payment/status_by_mti/${service}/${encodeURIComponent(merchantTransId)}/${encodeURIComponent(date)}`);
      // Click finds no payment of the order that day: its refusal, not a failure of the call.
      return answer.error_code === 0 ? id(answer.payment_id) : null;
    },
    async paymentStatus(paymentId) {
      const answer = await call('GET', `/payment/status/${service}/${encodeURIComponent(paymentId)}`);
      if (answer.error_code !== 0 || typeof answer.payment_status !== 'number') throw new ClickApiError(answer.error_code, note(answer));
      return answer.payment_status;
    },
    async reverse(paymentId) {
      const answer = await call('DELETE', `/payment/reversal/${service}/${encodeURIComponent(paymentId)}`);
      if (answer.error_code !== 0) throw new ClickApiError(answer.error_code, note(answer));
    },
  };
}
