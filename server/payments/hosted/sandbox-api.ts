import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { readTiyin } from '../amounts';
import { sandboxPages } from '../sandbox-page';
import { sandboxState } from '../transport';
import { hostedSignature, type HostedStatus } from './gateway';

/** How long the stand-in's page may be paid: an hour, then the payment expires. */
export const hostedPageLifetimeMs = 3_600_000;

/** What the stand-in keeps of a payment, as the bank would. */
export interface HostedSandboxPayment extends Record<string, unknown> {
  orderId: string;
  /** Tiyin. */
  amount: number;
  description: string;
  language: 'uz' | 'ru' | 'en';
  returnUrl: string;
  notifyUrl: string;
  status: HostedStatus;
  maskedPan: string | null;
  createdAt: number;
}

/** An answer of the stand-in's API: the HTTP status and its JSON. */
export interface HostedAnswer {
  status: number;
  body: Record<string, unknown>;
}

const refused = (status: number, code: string, message: string): HostedAnswer => ({ status, body: { error: { code, message } } });

function field(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.length > 0 && value.length <= max && !/[\u0000-\u001f]/.test(value) ? value : null;
}

function httpUrl(value: unknown): string | null {
  const url = field(value, 2000);
  if (!url) return null;
  try {
    return ['http:', 'https:'].includes(new URL(url).protocol) ? url : null;
  } catch {
    return null;
  }
}

/** Whether the page still takes a card: nothing paid yet, a declined card (the payer may try another) included. */
const payable = (p: HostedSandboxPayment) => p.status === 'created' || p.status === 'declined';

const masked = (number: string) => `${number.slice(0, 6)}******${number.slice(-4)}`;

/**
 * The sandbox stand-in of the bank's hosted page, on the protocol assumed in README.md: its API
 * (`/sandbox/hosted/api/payments…`, Bearer key, tiyin) and what its page does, notifying the shop
 * with the raw JSON body signed as assumed (`X-Signature: hex(HMAC-SHA256(secret, body))`).
 */
export function hostedSandboxApi(app: FastifyInstance) {
  const payments = sandboxState<HostedSandboxPayment>(app, 'hosted-payment');
  const orders = sandboxState<{ paymentId: string }>(app, 'hosted-order');
  const pages = sandboxPages(app);
  const { merchantId, apiKey, secret } = app.config.hosted;
  const pageUrl = (id: string) => `${app.config.publicUrl}/sandbox/hosted/pay/${id}`;

  /** A payment as the bank answers it; an unpaid one past its page's hour has expired. */
  const current = (p: HostedSandboxPayment): HostedSandboxPayment => (payable(p) && Date.now() > p.createdAt + hostedPageLifetimeMs ? { ...p, status: 'expired' } : p);
  const answer = (id: string, p: HostedSandboxPayment) => ({ payment_id: id, order_id: p.orderId, amount: p.amount, currency: 'UZS', status: current(p).status, payment_url: pageUrl(id) });

  async function initialize(body: Record<string, unknown>): Promise<HostedAnswer> {
    if (body.merchant_id !== merchantId) return refused(403, 'merchant', 'merchant_id is not this key\'s');
    const orderId = field(body.order_id, 100);
    const amount = readTiyin(body.amount);
    const returnUrl = httpUrl(body.return_url);
    const notifyUrl = httpUrl(body.notify_url);
    if (!orderId) return refused(400, 'order_id', 'order_id is required');
    if (typeof body.amount !== 'number' || amount === null || amount <= 0) return refused(400, 'amount', 'amount: a positive whole number of tiyin');
    if (body.currency !== 'UZS') return refused(400, 'currency', 'currency: UZS');
    if (!returnUrl || !notifyUrl) return refused(400, 'url', 'return_url and notify_url are required');
    const made = await orders.get(orderId);
    if (made) {
      // The same order again is the same payment (a retried call); another amount is another order.
      const existing = await payments.get(made.paymentId);
      if (!existing || existing.amount !== amount) return refused(409, 'order_id', 'order_id already used for another payment');
      return { status: 200, body: answer(made.paymentId, existing) };
    }
    const id = randomBytes(12).toString('hex');
    const language = body.language === 'uz' || body.language === 'en' ? body.language : 'ru';
    const created: HostedSandboxPayment = { orderId, amount, description: field(body.description, 255) ?? '', language, returnUrl, notifyUrl, status: 'created', maskedPan: null, createdAt: Date.now() };
    await payments.put(id, created);
    await orders.put(orderId, { paymentId: id });
    return { status: 201, body: answer(id, created) };
  }

  async function notify(id: string, p: HostedSandboxPayment): Promise<void> {
    const body = JSON.stringify({ payment_id: id, order_id: p.orderId, status: p.status, amount: p.amount });
    const answered = await pages.callOwn(p.notifyUrl, { headers: { 'content-type': 'application/json', 'x-signature': hostedSignature(secret, body) }, body });
    if (answered?.status !== 200) app.log.warn({ status: answered?.status ?? null }, 'sandbox hosted page: the shop did not take the notification');
  }

  return {
    payments,
    /** Whether the page still takes a card now (not paid, not expired). */
    payable: (p: HostedSandboxPayment) => payable(current(p)),
    /** Answers one API call as the assumed protocol does; `authorization` is the request's header. */
    async handle(call: { method: 'GET' | 'POST'; id?: string | undefined; action?: 'refund' | undefined; body: unknown; authorization: unknown }): Promise<HostedAnswer> {
      if (call.authorization !== `Bearer ${apiKey}`) return refused(401, 'unauthorized', 'Authorization: Bearer <api key>');
      const body = typeof call.body === 'object' && call.body !== null && !Array.isArray(call.body) ? (call.body as Record<string, unknown>) : {};
      if (call.id === undefined) return initialize(body);
      const found = await payments.get(call.id);
      if (!found) return refused(404, 'not_found', 'no such payment');
      if (!call.action) return { status: 200, body: answer(call.id, found) };
      if (found.status === 'refunded') return { status: 200, body: answer(call.id, found) };
      if (found.status !== 'paid') return refused(409, 'not_paid', 'only a paid payment is refunded');
      const refundedPayment = { ...found, status: 'refunded' as const };
      await payments.put(call.id, refundedPayment);
      return { status: 200, body: answer(call.id, refundedPayment) };
    },
    /** The payer paid (or the card's bank refused) on the page: the bank records it and notifies the shop. */
    async settle(id: string, p: HostedSandboxPayment, outcome: 'paid' | 'declined', card: string): Promise<HostedSandboxPayment> {
      const next: HostedSandboxPayment = { ...p, status: outcome, maskedPan: masked(card) };
      await payments.put(id, next);
      await notify(id, next);
      return next;
    },
  };
}
