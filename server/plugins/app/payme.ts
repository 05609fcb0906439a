import { randomUUID, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { Transaction } from 'kysely';
import type { Database, PaymeTransaction } from '../../db/database';
import { groupDigits } from '../../../products/api-format';

/** A created transaction not performed within 12 hours is cancelled (reason 4, timeout). */
export const PAYME_TIMEOUT_MS = 12 * 60 * 60 * 1000;

/** Payme's CancelTransaction reason for a debit the card's bank refused. */
export const paymeDebitFailed = 2;

type Lang = { ru: string; uz: string; en: string };

const messages = {
  [-31001]: { ru: 'Неверная сумма', uz: "Notoʻgʻri summa", en: 'Wrong amount' },
  [-31003]: { ru: 'Транзакция не найдена', uz: 'Tranzaksiya topilmadi', en: 'Transaction not found' },
  [-31007]: { ru: 'Невозможно отменить транзакцию', uz: "Tranzaksiyani bekor qilib boʻlmaydi", en: 'Unable to cancel the transaction' },
  [-31008]: { ru: 'Невозможно выполнить операцию', uz: "Amalni bajarib boʻlmaydi", en: 'Unable to perform the operation' },
  [-31050]: { ru: 'Заказ не найден', uz: 'Buyurtma topilmadi', en: 'Order not found' },
  [-31051]: { ru: 'По заказу уже идёт другая транзакция', uz: 'Buyurtma uchun boshqa tranzaksiya bajarilmoqda', en: 'Another transaction for this order is in progress' },
  [-31052]: { ru: 'Заказ уже оплачен или отменён', uz: "Buyurtma allaqachon toʻlangan yoki bekor qilingan", en: 'The order is already paid or cancelled' },
  [-32300]: { ru: 'Метод запроса должен быть POST', uz: "Soʻrov usuli POST boʻlishi kerak", en: 'The request method must be POST' },
  [-32400]: { ru: 'Системная ошибка', uz: 'Tizim xatosi', en: 'System error' },
  [-32504]: { ru: 'Недостаточно привилегий', uz: 'Ruxsatlar yetarli emas', en: 'Insufficient privileges' },
  [-32600]: { ru: 'Неверный запрос JSON-RPC', uz: "Notoʻgʻri JSON-RPC soʻrovi", en: 'Invalid JSON-RPC request' },
  [-32601]: { ru: 'Метод не найден', uz: 'Metod topilmadi', en: 'Method not found' },
  [-32700]: { ru: 'Ошибка разбора JSON', uz: 'JSON tahlilida xato', en: 'Parse error' },
} satisfies Record<number, Lang>;

export type PaymeErrorCode = keyof typeof messages;

export class PaymeError extends Error {
  override name = 'PaymeError';
  constructor(
    readonly code: PaymeErrorCode,
    readonly data?: string,
  ) {
    super(messages[code].en);
  }
}

type RpcId = string | number | null;
export type RpcResponse =
  | { jsonrpc: '2.0'; id: RpcId; result: Record<string, unknown> }
  | { jsonrpc: '2.0'; id: RpcId; error: { code: number; message: Lang; data?: string } };

export interface PaymeMerchant {
  /** Answers one JSON-RPC call from Payme (raw body and Authorization header as received). */
  handle(rawBody: string, authorization: string | undefined): Promise<RpcResponse>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payme: PaymeMerchant;
  }
}

type Params = Record<string, unknown>;

const isObject = (v: unknown): v is Params => typeof v === 'object' && v !== null && !Array.isArray(v);
const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function positiveInt(params: Params, key: string): number {
  const v = params[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v <= 0) throw new PaymeError(-32600, key);
  return v;
}

function nonNegativeInt(params: Params, key: string): number {
  const v = params[key];
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) throw new PaymeError(-32600, key);
  return v;
}

function transactionId(params: Params): string {
  const v = params.id;
  if (typeof v !== 'string' || v.length === 0 || v.length > 64) throw new PaymeError(-32600, 'id');
  return v;
}

function contractIdOf(params: Params): string {
  const account = params.account;
  if (!isObject(account)) throw new PaymeError(-32600, 'account');
  const id = account.contract_id;
  if (typeof id !== 'string' || !uuidRe.test(id)) throw new PaymeError(-31050, 'contract_id');
  return id;
}

function credentialMatches(authorization: string | undefined, key: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return false;
  const given = Buffer.from(Buffer.from(match[1], 'base64').toString('utf8'));
  const expected = Buffer.from(`Paycom:${key}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export default fp(
  async (app) => {
    const now = () => Date.now();

    async function lockTransaction(trx: Transaction<Database>, id: string): Promise<PaymeTransaction | undefined> {
      return trx.selectFrom('payme_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    }

    /** Checks the order behind a payment; `exceptTransaction` is the caller's own transaction. */
    async function checkOrder(trx: Transaction<Database>, contractId: string, amount: number, exceptTransaction?: string) {
      const contract = await trx.selectFrom('contracts').selectAll().where('id', '=', contractId).forUpdate().executeTakeFirst();
      if (!contract) throw new PaymeError(-31050, 'contract_id');
      if (contract.status !== 'awaiting_payment') throw new PaymeError(-31052, 'contract_id');
      if (amount !== contract.amount * 100) throw new PaymeError(-31001, 'amount');
      let active = trx.selectFrom('payme_transactions').select('id').where('contract_id', '=', contractId).where('state', '=', 1);
      if (exceptTransaction) active = active.where('id', '!=', exceptTransaction);
      if (await active.executeTakeFirst()) throw new PaymeError(-31051, 'contract_id');
      return contract;
    }

    /** Cancels a stale transaction and commits that, then reports it as not performable. */
    async function expire(id: string): Promise<never> {
      await app.db
        .updateTable('payme_transactions')
        .set({ state: -1, reason: 4, cancel_time: now() })
        .where('id', '=', id)
        .where('state', '=', 1)
        .execute();
      throw new PaymeError(-31008, 'timeout');
    }

    const methods: Record<string, (params: Params) => Promise<Record<string, unknown>>> = {
      async CheckPerformTransaction(params) {
        const amount = positiveInt(params, 'amount');
        const contractId = contractIdOf(params);
        await app.db.transaction().execute((trx) => checkOrder(trx, contractId, amount));
        return { allow: true };
      },

      async CreateTransaction(params) {
        const id = transactionId(params);
        const time = positiveInt(params, 'time');
        const amount = positiveInt(params, 'amount');
        const contractId = contractIdOf(params);
        const outcome = await app.db.transaction().execute(async (trx) => {
          const existing = await lockTransaction(trx, id);
          if (existing) {
            if (existing.state !== 1) throw new PaymeError(-31008, 'state');
            if (now() - existing.create_time > PAYME_TIMEOUT_MS) return { expired: true as const };
            return { tx: existing };
          }
          await checkOrder(trx, contractId, amount);
          const tx = await trx
            .insertInto('payme_transactions')
            .values({ id, transaction: randomUUID(), contract_id: contractId, amount, state: 1, payme_time: time, create_time: now() })
            .returningAll()
            .executeTakeFirstOrThrow();
          return { tx };
        });
        if ('expired' in outcome) return expire(id);
        return { create_time: outcome.tx.create_time, transaction: outcome.tx.transaction, state: outcome.tx.state };
      },

      async PerformTransaction(params) {
        const id = transactionId(params);
        const outcome = await app.db.transaction().execute(async (trx) => {
          const tx = await lockTransaction(trx, id);
          if (!tx) throw new PaymeError(-31003, 'id');
          if (tx.state === 2) return { tx };
          if (tx.state !== 1) throw new PaymeError(-31008, 'state');
          if (now() - tx.create_time > PAYME_TIMEOUT_MS) return { expired: true as const };
          const contract = await trx.selectFrom('contracts').selectAll().where('id', '=', tx.contract_id).forUpdate().executeTakeFirstOrThrow();
          if (contract.status !== 'awaiting_payment') throw new PaymeError(-31008, 'contract_id');
          const performed = await trx
            .updateTable('payme_transactions')
            .set({ state: 2, perform_time: now() })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          // Paid and issued in the same transaction: a paid contract without a policy cannot exist.
          await trx.updateTable('contracts').set({ status: 'paid', updated_at: new Date() }).where('id', '=', contract.id).execute();
          await app.policies.issue(trx, { ...contract, status: 'paid' });
          return { tx: performed };
        });
        if ('expired' in outcome) return expire(id);
        return { transaction: outcome.tx.transaction, perform_time: outcome.tx.perform_time, state: outcome.tx.state };
      },

      async CancelTransaction(params) {
        const id = transactionId(params);
        const reason = nonNegativeInt(params, 'reason');
        const tx = await app.db.transaction().execute(async (trx) => {
          const found = await lockTransaction(trx, id);
          if (!found) throw new PaymeError(-31003, 'id');
          if (found.state < 0) return found;
          const cancelled = await trx
            .updateTable('payme_transactions')
            .set({ state: found.state === 1 ? -1 : -2, cancel_time: now(), reason })
            .where('id', '=', id)
            .returningAll()
            .executeTakeFirstOrThrow();
          if (found.state === 2) {
            // A refund: the policy stops being valid (the verify page says so) and the chat hears of it.
            const contract = await trx
              .updateTable('contracts')
              .set({ status: 'cancelled', updated_at: new Date() })
              .where('id', '=', found.contract_id)
              .returning(['id', 'order_id', 'policy_number', 'amount'])
              .executeTakeFirstOrThrow();
            await trx.updateTable('policies').set({ revoked_at: new Date() }).where('contract_id', '=', found.contract_id).execute();
            await app.outbox.enqueue(
              'refund',
              `Refund: policy ${contract.policy_number ?? '-'} cancelled (order ${contract.order_id}, ${groupDigits(contract.amount)} soʻm, Payme reason ${reason})`,
              trx,
            );
          }
          return cancelled;
        });
        return { transaction: tx.transaction, cancel_time: tx.cancel_time, state: tx.state };
      },

      async CheckTransaction(params) {
        const id = transactionId(params);
        const tx = await app.db.selectFrom('payme_transactions').selectAll().where('id', '=', id).executeTakeFirst();
        if (!tx) throw new PaymeError(-31003, 'id');
        return {
          create_time: tx.create_time,
          perform_time: tx.perform_time,
          cancel_time: tx.cancel_time,
          transaction: tx.transaction,
          state: tx.state,
          reason: tx.reason,
        };
      },

      async GetStatement(params) {
        const from = nonNegativeInt(params, 'from');
        const to = nonNegativeInt(params, 'to');
        const rows = await app.db
          .selectFrom('payme_transactions')
          .selectAll()
          .where('payme_time', '>=', from)
          .where('payme_time', '<=', to)
          .orderBy('payme_time')
          .execute();
        return {
          transactions: rows.map((tx) => ({
            id: tx.id,
            time: tx.payme_time,
            amount: tx.amount,
            account: { contract_id: tx.contract_id },
            create_time: tx.create_time,
            perform_time: tx.perform_time,
            cancel_time: tx.cancel_time,
            transaction: tx.transaction,
            state: tx.state,
            reason: tx.reason,
          })),
        };
      },
    };

    const fail = (id: RpcId, err: PaymeError): RpcResponse => ({
      jsonrpc: '2.0',
      id,
      error: { code: err.code, message: messages[err.code], ...(err.data ? { data: err.data } : {}) },
    });

    app.decorate('payme', {
      async handle(rawBody, authorization) {
        let request: unknown;
        try {
          request = JSON.parse(rawBody);
        } catch {
          return fail(null, new PaymeError(-32700));
        }
        const id: RpcId = isObject(request) && (typeof request.id === 'number' || typeof request.id === 'string') ? request.id : null;
        if (!credentialMatches(authorization, app.config.payme.key)) return fail(id, new PaymeError(-32504));
        if (!isObject(request) || typeof request.method !== 'string' || !isObject(request.params)) return fail(id, new PaymeError(-32600));
        const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
        if (!method) return fail(id, new PaymeError(-32601, request.method.slice(0, 64)));
        try {
          return { jsonrpc: '2.0', id, result: await method(request.params) };
        } catch (err) {
          if (err instanceof PaymeError) return fail(id, err);
          // Two Create calls racing for one order: the partial unique index stops the second.
          if (err instanceof Error && /payme_transactions_active_idx|duplicate key/.test(err.message)) return fail(id, new PaymeError(-31051, 'contract_id'));
          app.log.error({ err, method: request.method }, 'payme merchant call failed');
          return fail(id, new PaymeError(-32400));
        }
      },
    } satisfies PaymeMerchant);
  },
  { name: 'payme', dependencies: ['database', 'policies', 'outbox'] },
);
