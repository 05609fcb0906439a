import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { readTiyin } from '../amounts';
import { sandboxPages } from '../sandbox-page';
import { sandboxState } from '../transport';
import { alifAmounts, alifSignature, type AlifStatus } from './client';

/** The code every sandbox payment is confirmed with (Alif's test OTP). */
export const alifSandboxOtp = '111111';
/** Wrong codes allowed before the payer must start again. */
export const alifOtpAttempts = 3;
/** The instalment terms the sandbox offers, in months. */
export const alifNasiyaMonths = [3, 6, 12] as const;

/** What the stand-in keeps of an invoice, as Alif would. */
export interface AlifSandboxInvoice extends Record<string, unknown> {
  items: { name: string; amount: number; price: number }[];
  /** Tiyin. */
  amount: number;
  phone: string | null;
  redirectUrl: string;
  cancelUrl: string;
  webhookUrl: string;
  timeout: number;
  createdAt: number;
  payment: null | { status: AlifStatus; type: 'card' | 'nasiya'; amount: number; months: number | null; maskedPan: string | null };
  /** A payment waiting for its SMS code: how it pays, and the tries left. */
  pending: null | { type: 'card' | 'nasiya'; months: number | null; maskedPan: string | null; phone: string | null; attempts: number };
}

class AlifRefusal extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

function httpUrl(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000) return null;
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol) ? value : null;
  } catch {
    return null;
  }
}

function readItems(value: unknown): AlifSandboxInvoice['items'] | null {
  if (!Array.isArray(value) || value.length === 0 || value.length > 100) return null;
  const items: AlifSandboxInvoice['items'] = [];
  for (const item of value as Record<string, unknown>[]) {
    const amount = readTiyin(item?.amount);
    const price = readTiyin(item?.price);
    if (typeof item?.name !== 'string' || item.name.length === 0 || item.name.length > 255 || !amount || !price) return null;
    items.push({ name: item.name, amount, price });
  }
  return items;
}

/**
 * The sandbox stand-in of Alif's API (`/sandbox/alif/api/invoice`, `/getInvoice`, `/refundInvoice`,
 * header `Token`) and of what its checkout does: pays (card or Nasiya, each confirmed by SMS code)
 * and calls the shop's webhook with the raw JSON body signed as Alif signs it.
 */
export function alifSandboxApi(app: FastifyInstance) {
  const invoices = sandboxState<AlifSandboxInvoice>(app, 'alif-invoice');
  const pages = sandboxPages(app);
  const { token, secret } = app.config.alif;

  const answer = (id: string, invoice: AlifSandboxInvoice) => ({
    id,
    items: invoice.items,
    phone: invoice.phone,
    redirect_url: invoice.redirectUrl,
    cancel_url: invoice.cancelUrl,
    webhook_url: invoice.webhookUrl,
    timeout: invoice.timeout,
    created_at: new Date(invoice.createdAt).toISOString(),
    payment: invoice.payment ? { status: invoice.payment.status, type: invoice.payment.type, amount: invoice.payment.amount, months: invoice.payment.months } : null,
  });

  async function known(id: unknown) {
    const found = typeof id === 'string' && id.length <= 100 ? await invoices.get(id) : undefined;
    if (!found || typeof id !== 'string') throw new AlifRefusal(1004, 'Invoice not found');
    return { id, invoice: found };
  }

  const methods: Record<string, (body: Record<string, unknown>) => Promise<Record<string, unknown>>> = {
    async invoice(body) {
      const items = readItems(body.items);
      if (!items) throw new AlifRefusal(1005, 'items: each needs a name, an amount and a price in tiyin');
      const amount = items.reduce((sum, item) => sum + item.amount * item.price, 0);
      if (amount < alifAmounts.min || amount > alifAmounts.max) throw new AlifRefusal(1005, `amount must be ${alifAmounts.min} to ${alifAmounts.max} tiyin`);
      const redirectUrl = httpUrl(body.redirect_url);
      const cancelUrl = httpUrl(body.cancel_url);
      const webhookUrl = httpUrl(body.webhook_url);
      if (!redirectUrl || !cancelUrl || !webhookUrl) throw new AlifRefusal(1005, 'redirect_url, cancel_url and webhook_url are required');
      if (body.phone !== undefined && (typeof body.phone !== 'string' || !/^998\d{9}$/.test(body.phone))) throw new AlifRefusal(1005, 'phone: 998XXXXXXXXX');
      const timeout = body.timeout === undefined ? 3600 : body.timeout;
      if (typeof timeout !== 'number' || !Number.isSafeInteger(timeout) || timeout < 60 || timeout > 86_400) throw new AlifRefusal(1005, 'timeout: 60 to 86400 seconds');
      const id = randomUUID();
      const created: AlifSandboxInvoice = { items, amount, phone: typeof body.phone === 'string' ? body.phone : null, redirectUrl, cancelUrl, webhookUrl, timeout, createdAt: Date.now(), payment: null, pending: null };
      await invoices.put(id, created);
      return answer(id, created);
    },
    async getInvoice(body) {
      const { id, invoice } = await known(body.id);
      return answer(id, invoice);
    },
    async refundInvoice(body) {
      const { id, invoice } = await known(body.id);
      if (invoice.payment?.status === 'REVERTED') return answer(id, invoice);
      if (invoice.payment?.status !== 'SUCCEEDED') throw new AlifRefusal(1007, 'Only a paid invoice is refunded');
      const reverted = { ...invoice, payment: { ...invoice.payment, status: 'REVERTED' as const } };
      await invoices.put(id, reverted);
      return answer(id, reverted);
    },
  };

  /** Calls the shop's webhook as Alif does: the raw JSON body, its HMAC in `Signature`. */
  async function webhook(id: string, invoice: AlifSandboxInvoice): Promise<void> {
    const body = JSON.stringify({ id, status: invoice.payment?.status ?? null, amount: invoice.payment?.amount ?? invoice.amount, type: invoice.payment?.type ?? null, months: invoice.payment?.months ?? null, created_at: new Date(invoice.createdAt).toISOString() });
    const answered = await pages.callOwn(invoice.webhookUrl, { headers: { 'content-type': 'application/json', signature: alifSignature(secret, body) }, body });
    if (answered?.status !== 200) app.log.warn({ status: answered?.status ?? null }, 'sandbox Alif: the shop did not take the webhook');
  }

  return {
    invoices,
    /** Answers one API call as Alif does: HTTP 200 with the result, or `error: { code, message }`. */
    async handle(method: string, body: unknown, given: unknown): Promise<Record<string, unknown>> {
      const run = Object.hasOwn(methods, method) ? methods[method] : undefined;
      if (!run) return { error: { code: 1001, message: 'Unknown method' } };
      if (given !== token) return { error: { code: 1002, message: 'Unauthorized' } };
      const request = typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      try {
        return await run(request);
      } catch (err) {
        if (err instanceof AlifRefusal) return { error: { code: err.code, message: err.message } };
        throw err;
      }
    },
    /** Whether the invoice may still be paid (not paid, not past its timeout). */
    payable: (invoice: AlifSandboxInvoice) => invoice.payment?.status !== 'SUCCEEDED' && invoice.payment?.status !== 'REVERTED' && Date.now() < invoice.createdAt + invoice.timeout * 1000,
    /** The payer chose how to pay; Alif sends the SMS code. */
    async awaitCode(id: string, invoice: AlifSandboxInvoice, pending: Omit<NonNullable<AlifSandboxInvoice['pending']>, 'attempts'>): Promise<AlifSandboxInvoice> {
      const waiting = { ...invoice, pending: { ...pending, attempts: 0 } };
      await invoices.put(id, waiting);
      return waiting;
    },
    /** The payer's SMS code: right, the invoice is paid and the shop told; wrong, a try is spent. */
    async confirm(id: string, invoice: AlifSandboxInvoice, code: string): Promise<'paid' | 'wrong' | 'attempts'> {
      const pending = invoice.pending;
      if (!pending || pending.attempts >= alifOtpAttempts) return 'attempts';
      if (code !== alifSandboxOtp) {
        await invoices.put(id, { ...invoice, pending: { ...pending, attempts: pending.attempts + 1 } });
        return pending.attempts + 1 >= alifOtpAttempts ? 'attempts' : 'wrong';
      }
      const paid: AlifSandboxInvoice = { ...invoice, pending: null, payment: { status: 'SUCCEEDED', type: pending.type, amount: invoice.amount, months: pending.months, maskedPan: pending.maskedPan } };
      await invoices.put(id, paid);
      await webhook(id, paid);
      return 'paid';
    },
    /** The card's bank refused: Alif records it and tells the shop; the payer may try again. */
    async decline(id: string, invoice: AlifSandboxInvoice, maskedPan: string): Promise<void> {
      const declined: AlifSandboxInvoice = { ...invoice, pending: null, payment: { status: 'INSUFFICIENT_FUNDS', type: 'card', amount: invoice.amount, months: null, maskedPan } };
      await invoices.put(id, declined);
      await webhook(id, declined);
    },
  };
}
