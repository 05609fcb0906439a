import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { sandboxState } from '../transport';

/**
 * The sandbox's cards for Payme's Subscribe API (README's sandbox table). Payme's own test cards pay
 * with code 666666; the shop's usual test card does too; the others refuse as a real bank would.
 */
export const subscribeTestCards = {
  pays: { number: '8600069195406311', expire: '0399' },
  paysToo: { number: '8600495473316478', expire: '0399' },
  shop: { number: '8600000000000001', expire: '1230' },
  noMoney: { number: '8600000000000002', expire: '1230' },
  blocked: { number: '9860000000000003', expire: '1230' },
} as const;

/** The SMS code every sandbox card is verified with (Payme's own test code). */
export const sandboxSmsCode = '666666';
/** How long a sandbox code is valid, and how many wrong tries it allows. */
export const sandboxCodeTtlMs = 3 * 60_000;
export const sandboxCodeAttempts = 3;

type CardKind = 'pays' | 'noMoney';

interface SandboxCard extends Record<string, unknown> {
  number: string;
  expire: string;
  kind: CardKind;
  verified: boolean;
  codeSentAt: number;
  attempts: number;
}

interface SandboxReceipt extends Record<string, unknown> {
  amount: number;
  account: Record<string, unknown>;
  description: string;
  state: number;
  phone: string | null;
  createdAt: number;
  payTime: number;
}

class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

const masked = (number: string) => `${number.slice(0, 6)}******${number.slice(-4)}`;
const shownExpiry = (expire: string) => `${expire.slice(0, 2)}/${expire.slice(2)}`;

/** Whether a `MMYY` expiry is before this month. */
function expired(expire: string, now = new Date()): boolean {
  const month = Number(expire.slice(0, 2));
  const year = 2000 + Number(expire.slice(2));
  return year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
}

/**
 * The sandbox stand-in for Payme's Subscribe API (`POST /sandbox/card/api`, JSON-RPC): cards.create,
 * cards.get_verify_code, cards.verify, receipts.create / pay / send / check / cancel, with Payme's
 * authentication (`X-Auth`) and error codes, and its cards and receipts kept in the database.
 */
export function subscribeSandboxApi(app: FastifyInstance) {
  const cards = sandboxState<SandboxCard>(app, 'payme-subscribe-card');
  const receipts = sandboxState<SandboxReceipt>(app, 'payme-subscribe-receipt');
  const { merchantId } = app.config.payme;
  const serverKey = `${merchantId}:${app.config.payme.subscribeKey}`;

  const card = async (token: unknown) => {
    const found = typeof token === 'string' ? await cards.get(token) : undefined;
    if (!found || typeof token !== 'string') throw new RpcError(-31400, 'Card token not found');
    return { token, found };
  };
  const receipt = async (id: unknown) => {
    const found = typeof id === 'string' ? await receipts.get(id) : undefined;
    if (!found || typeof id !== 'string') throw new RpcError(-31602, 'Receipt not found');
    return { id, found };
  };
  const cardAnswer = (token: string, c: SandboxCard) => ({ card: { number: masked(c.number), expire: shownExpiry(c.expire), token, recurrent: false, verify: c.verified, type: c.number.startsWith('9860') ? 'humo' : 'uzcard' } });
  const receiptAnswer = (id: string, r: SandboxReceipt) => ({ receipt: { _id: id, state: r.state, amount: r.amount, currency: 860, create_time: r.createdAt, pay_time: r.payTime, account: Object.entries(r.account).map(([name, value]) => ({ name, title: name, value })) } });

  const methods: Record<string, { server: boolean; run: (params: Record<string, unknown>) => Promise<unknown> }> = {
    'cards.create': {
      server: false,
      async run(params) {
        const given = params.card as { number?: unknown; expire?: unknown } | undefined;
        const number = typeof given?.number === 'string' ? given.number : '';
        const expire = typeof given?.expire === 'string' ? given.expire : '';
        if (!/^\d{16}$/.test(number) || !/^(0[1-9]|1[0-2])\d{2}$/.test(expire)) throw new RpcError(-31300, 'Invalid card number or expiry');
        if (expired(expire)) throw new RpcError(-31301, 'Card expired');
        const known = Object.entries(subscribeTestCards).find(([, c]) => c.number === number);
        if (!known || known[1].expire !== expire) throw new RpcError(-31300, 'Card not found');
        if (known[0] === 'blocked') throw new RpcError(-31301, 'Card is blocked or SMS notifications are off');
        const token = randomBytes(16).toString('hex');
        const stored: SandboxCard = { number, expire, kind: known[0] === 'noMoney' ? 'noMoney' : 'pays', verified: false, codeSentAt: 0, attempts: 0 };
        await cards.put(token, stored);
        return cardAnswer(token, stored);
      },
    },
    'cards.get_verify_code': {
      server: false,
      async run(params) {
        const { token, found } = await card(params.token);
        await cards.put(token, { ...found, codeSentAt: Date.now(), attempts: 0 });
        return { sent: true, phone: '99890*****66', wait: 60_000 };
      },
    },
    'cards.verify': {
      server: false,
      async run(params) {
        const { token, found } = await card(params.token);
        if (!found.codeSentAt || Date.now() - found.codeSentAt > sandboxCodeTtlMs) throw new RpcError(-31101, 'Code expired');
        if (found.attempts >= sandboxCodeAttempts) throw new RpcError(-31102, 'Too many attempts');
        if (params.code !== sandboxSmsCode) {
          await cards.put(token, { ...found, attempts: found.attempts + 1 });
          throw new RpcError(-31103, 'Wrong code');
        }
        const verified = { ...found, verified: true };
        await cards.put(token, verified);
        return cardAnswer(token, verified);
      },
    },
    'receipts.create': {
      server: true,
      async run(params) {
        const amount = params.amount;
        if (typeof amount !== 'number' || !Number.isSafeInteger(amount) || amount <= 0) throw new RpcError(-32602, 'Invalid amount');
        const account = typeof params.account === 'object' && params.account !== null ? (params.account as Record<string, unknown>) : {};
        const id = randomBytes(12).toString('hex');
        const created: SandboxReceipt = { amount, account, description: String(params.description ?? '').slice(0, 200), state: 0, phone: null, createdAt: Date.now(), payTime: 0 };
        await receipts.put(id, created);
        return receiptAnswer(id, created);
      },
    },
    'receipts.pay': {
      server: true,
      async run(params) {
        const { id, found } = await receipt(params.id);
        if (found.state === 4) return receiptAnswer(id, found);
        if (found.state !== 0) throw new RpcError(-31008, 'Receipt cannot be paid');
        const { found: c } = await card(params.token);
        if (!c.verified) throw new RpcError(-31301, 'Card not verified');
        if (c.kind === 'noMoney') throw new RpcError(-31630, 'Insufficient funds');
        const paid = { ...found, state: 4, payTime: Date.now() };
        await receipts.put(id, paid);
        return receiptAnswer(id, paid);
      },
    },
    'receipts.send': {
      server: true,
      async run(params) {
        const { id, found } = await receipt(params.id);
        if (typeof params.phone !== 'string' || !/^998\d{9}$/.test(params.phone)) throw new RpcError(-32602, 'Invalid phone');
        await receipts.put(id, { ...found, phone: params.phone });
        return { success: true };
      },
    },
    'receipts.check': {
      server: true,
      async run(params) {
        const { found } = await receipt(params.id);
        return { state: found.state };
      },
    },
    'receipts.cancel': {
      server: true,
      async run(params) {
        const { id, found } = await receipt(params.id);
        const cancelled = { ...found, state: 50 };
        await receipts.put(id, cancelled);
        return receiptAnswer(id, cancelled);
      },
    },
  };

  return {
    /** Answers one JSON-RPC call as Payme's API does (HTTP 200 with `result` or `error`). */
    async handle(body: unknown, xAuth: string | undefined): Promise<Record<string, unknown>> {
      const request = typeof body === 'object' && body !== null ? (body as { id?: unknown; method?: unknown; params?: unknown }) : {};
      const id = typeof request.id === 'number' || typeof request.id === 'string' ? request.id : null;
      const method = typeof request.method === 'string' && Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
      if (!method) return { id, error: { code: -32601, message: 'Method not found' } };
      // Card methods take the merchant id (they may be called from a browser); receipts take id and key.
      const allowed = method.server ? xAuth === serverKey : xAuth === merchantId || xAuth === serverKey;
      if (!allowed) return { id, error: { code: -32504, message: 'Access denied' } };
      const params = typeof request.params === 'object' && request.params !== null ? (request.params as Record<string, unknown>) : {};
      try {
        return { id, result: await method.run(params) };
      } catch (err) {
        if (err instanceof RpcError) return { id, error: { code: err.code, message: err.message } };
        throw err;
      }
    },
    receipts,
  };
}
