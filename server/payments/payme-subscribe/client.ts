import type { Transport } from '../transport';
import { ProviderUnavailable } from '../transport';

/** A refusal of Payme's Subscribe API: its error code and message (docs/partner-api.md §4 and its error table). */
export class SubscribeApiError extends Error {
  override name = 'SubscribeApiError';
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`Payme Subscribe API ${code}: ${message}`);
  }
}

/** A card as Payme answers it: masked number, expiry `MM/YY`, and the token to pay with. */
export interface SubscribeCard {
  number: string;
  expire: string;
  token: string;
  verify: boolean;
}

/** A receipt's state: 0 created, 4 paid, 21 queued for cancel, 50 cancelled (and the states between). */
export interface SubscribeReceipt {
  _id: string;
  state: number;
  amount: number;
}

export interface SubscribeApi {
  cardsCreate(number: string, expire: string): Promise<SubscribeCard>;
  /** Sends the SMS code; `wait` in milliseconds before another may be asked for. */
  getVerifyCode(token: string): Promise<{ sent: boolean; phone: string; wait: number }>;
  verify(token: string, code: string): Promise<SubscribeCard>;
  /** `amount` in tiyin. */
  receiptsCreate(amount: number, account: Record<string, string>, description: string): Promise<SubscribeReceipt>;
  receiptsPay(id: string, token: string): Promise<SubscribeReceipt>;
  receiptsSend(id: string, phone: string): Promise<void>;
  receiptsCheck(id: string): Promise<{ state: number }>;
  receiptsCancel(id: string): Promise<SubscribeReceipt>;
}

export interface SubscribeApiConfig {
  url: string;
  merchantId: string;
  key: string;
}

/**
 * Payme's Subscribe API (cards and receipts, JSON-RPC over one URL): card methods authenticate with
 * the merchant id (`X-Auth: <id>`), receipt methods with the id and the key (`X-Auth: <id>:<key>`).
 */
export function subscribeApi(transport: Transport, config: SubscribeApiConfig): SubscribeApi {
  let sequence = 0;
  async function call<T>(method: string, params: Record<string, unknown>): Promise<T> {
    sequence += 1;
    const xAuth = method.startsWith('cards.') ? config.merchantId : `${config.merchantId}:${config.key}`;
    const response = await transport({
      method: 'POST',
      url: config.url,
      headers: { 'content-type': 'application/json', 'x-auth': xAuth },
      body: JSON.stringify({ id: sequence, method, params }),
    });
    let answer: { result?: T; error?: { code?: unknown; message?: unknown } };
    try {
      answer = JSON.parse(response.body) as typeof answer;
    } catch {
      throw new ProviderUnavailable(`Payme ${method}: HTTP ${response.status}, not JSON`);
    }
    if (answer.error) {
      const message = typeof answer.error.message === 'string' ? answer.error.message : JSON.stringify(answer.error.message ?? '');
      throw new SubscribeApiError(typeof answer.error.code === 'number' ? answer.error.code : -32400, message.slice(0, 200));
    }
    if (answer.result === undefined) throw new ProviderUnavailable(`Payme ${method}: no result`);
    return answer.result;
  }
  return {
    cardsCreate: async (number, expire) => (await call<{ card: SubscribeCard }>('cards.create', { card: { number, expire }, save: false })).card,
    getVerifyCode: (token) => call('cards.get_verify_code', { token }),
    verify: async (token, code) => (await call<{ card: SubscribeCard }>('cards.verify', { token, code })).card,
    receiptsCreate: async (amount, account, description) => (await call<{ receipt: SubscribeReceipt }>('receipts.create', { amount, account, description })).receipt,
    receiptsPay: async (id, token) => (await call<{ receipt: SubscribeReceipt }>('receipts.pay', { id, token })).receipt,
    receiptsSend: async (id, phone) => {
      await call('receipts.send', { id, phone });
    },
    receiptsCheck: (id) => call('receipts.check', { id }),
    receiptsCancel: async (id) => (await call<{ receipt: SubscribeReceipt }>('receipts.cancel', { id })).receipt,
  };
}

/** Receipt states Payme documents: paid, and cancelled (the others are on the way to one of them). */
export const receiptPaid = 4;
export const receiptCancelled = 50;
