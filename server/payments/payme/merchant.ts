import { isRecord } from '../../../engine/is-record';
import { randomUUID, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql, type Transaction } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { ContractStatus, Database, PaymeState, PaymeTransaction } from '../../db/database';
import { uniqueViolation } from '../../db/errors';

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

/** Payme's CancelTransaction reason: a small code (1–10 in its protocol), stored as one. */
function cancelReason(params: Params): number {
  const reason = nonNegativeInt(params, 'reason');
  if (reason > maxCancelReason) throw new PaymeError(-32600, 'reason');
  return reason;
}

/** The largest reason a cancellation stores (its column is a smallint); Payme's own codes are 1–10. */
const maxCancelReason = 32_767;

/** Payme's transaction id: printable ASCII (its ids are hex), never text the database cannot store. */
function transactionId(params: Params): string {
  const v = params.id;
  if (typeof v !== 'string' || !/^[\x21-\x7e]{1,64}$/.test(v)) throw new PaymeError(-32600, 'id');
  return v;
}

function contractIdOf(params: Params): string {
  const account = params.account;
  if (!isRecord(account)) throw new PaymeError(-32600, 'account');
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

/** The contract columns a policy is issued from, named through the app's decorator: importing policies.ts here would close an import cycle through contracts.ts. */
type IssuedContract = Parameters<FastifyInstance['policies']['issue']>[1];

/** A Payme transaction as both of Perform's statements read it: its state and times, and our id for it. */
interface TransactionRead {
  tx_state: PaymeState;
  tx_create_time: number;
  tx_perform_time: number;
  transaction: string;
}

/** An order as Payme's calls check it: its status and amount, and whether a transaction for it is in progress. */
interface Order {
  status: ContractStatus | null;
  amount: number | null;
  busy: boolean | null;
}

/** Refuses an order Payme may not pay (not found, not awaiting payment, another amount, a transaction in progress). */
function refuseOrder(order: Order | undefined, amount: number): void {
  if (!order?.status) throw new PaymeError(-31050, 'contract_id');
  if (order.status !== 'awaiting_payment') throw new PaymeError(-31052, 'contract_id');
  if (amount !== (order.amount ?? 0) * 100) throw new PaymeError(-31001, 'amount');
  if (order.busy) throw new PaymeError(-31051, 'contract_id');
}

/** How often CreateTransaction's statement runs again after losing an insert to a call at the same moment. */
const createRaces = 3;

/**
 * Runs CreateTransaction's statement again when its insert lost to another call's at the same
 * moment: it waited for that call to commit, then broke a unique index the statement's snapshot
 * (taken before) could not see. Run again, it sees the committed row: the same transaction id is
 * Payme repeating its call and gets that transaction back; another id finds the order busy (−31051).
 */
async function createdOnce<T>(statement: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await statement();
    } catch (error) {
      if (uniqueViolation(error) === null || attempt >= createRaces) throw error;
    }
  }
}

export default fp(
  async (app) => {
    const now = () => Date.now();

    async function lockTransaction(trx: Transaction<Database>, id: string): Promise<PaymeTransaction | undefined> {
      return trx.selectFrom('payme_transactions').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
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

    /** Perform's answer for a transaction it did not perform: performed before, expired (cancelled now), or not performable. */
    async function unperformable(id: string, tx: TransactionRead, at: number): Promise<Record<string, unknown>> {
      if (tx.tx_state === 2) return { transaction: tx.transaction, perform_time: tx.tx_perform_time, state: 2 };
      if (tx.tx_state !== 1) throw new PaymeError(-31008, 'state');
      if (at - tx.tx_create_time > PAYME_TIMEOUT_MS) return expire(id);
      throw new PaymeError(-31008, 'contract_id');
    }

    const methods: Record<string, (params: Params) => Promise<Record<string, unknown>>> = {
      async CheckPerformTransaction(params) {
        const amount = positiveInt(params, 'amount');
        const contractId = contractIdOf(params);
        // A question, not a change: one read, no lock (CreateTransaction checks again under its locks).
        const { rows } = await sql<Order>`
          SELECT status, amount, EXISTS (SELECT 1 FROM payme_transactions WHERE contract_id = contracts.id AND state = 1) AS busy
          FROM contracts WHERE id = ${contractId}`.execute(app.db);
        refuseOrder(rows[0], amount);
        return { allow: true };
      },

      async CreateTransaction(params) {
        const id = transactionId(params);
        const time = positiveInt(params, 'time');
        const amount = positiveInt(params, 'amount');
        const contractId = contractIdOf(params);
        const at = now();
        /*
         * One statement, so one round trip and its own transaction: Payme's transaction of this id,
         * locked, if it exists; else the order, locked after it (the order PerformTransaction locks
         * them in), and the new transaction inserted when the order can take it (the conditions
         * refuseOrder reads below).
         */
        const createOrRead = () => sql<Order & { created: boolean | null; state: PaymeState | null; create_time: number | null; transaction: string | null }>`
          WITH existing AS (
            SELECT state, create_time, transaction FROM payme_transactions WHERE id = ${id} FOR UPDATE
          ), contract AS (
            SELECT id, status, amount, EXISTS (SELECT 1 FROM payme_transactions WHERE contract_id = contracts.id AND state = 1) AS busy
            FROM contracts WHERE id = ${contractId} AND NOT EXISTS (SELECT 1 FROM existing) FOR UPDATE
          ), created AS (
            INSERT INTO payme_transactions (id, transaction, contract_id, amount, state, payme_time, create_time)
            SELECT ${id}, ${randomUUID()}, id, ${amount}::bigint, 1, ${time}::bigint, ${at}::bigint FROM contract
            WHERE status = 'awaiting_payment' AND ${amount}::bigint % 100 = 0 AND amount = ${amount}::bigint / 100 AND NOT busy
            RETURNING state, create_time, transaction
          )
          SELECT tx.created, tx.state, tx.create_time, tx.transaction, contract.status, contract.amount, contract.busy
          FROM (SELECT 1) AS one
          LEFT JOIN (
            SELECT true AS created, state, create_time, transaction FROM created UNION ALL SELECT false, state, create_time, transaction FROM existing
          ) AS tx ON true
          LEFT JOIN contract ON true`.execute(app.db);
        const row = (await createdOnce(createOrRead)).rows[0];
        if (row?.created === false) {
          // Payme repeating its Create: the same transaction while it can still be performed.
          if (row.state !== 1) throw new PaymeError(-31008, 'state');
          if (at - (row.create_time ?? 0) > PAYME_TIMEOUT_MS) return expire(id);
        } else if (!row?.created) {
          refuseOrder(row, amount);
          throw new Error(`CreateTransaction ${id}: the order was fit to pay but no transaction was created`);
        }
        return { create_time: row.create_time, transaction: row.transaction, state: row.state };
      },

      async PerformTransaction(params) {
        const id = transactionId(params);
        const at = now();
        // Whether the payment can be taken, asked of the transaction (as `tx`) and its contract: read first, then again under the locks.
        const performable = (contract: 'contracts' | 'contract') =>
          sql`tx.state = 1 AND tx.create_time >= ${at - PAYME_TIMEOUT_MS}::bigint AND ${sql.ref(`${contract}.status`)} = 'awaiting_payment'`;
        /*
         * Two statements, each its own transaction, instead of BEGIN, two statements and COMMIT:
         * a read of the transaction and its contract, drawing the policy number only when the
         * payment can be taken; then one statement that locks both rows, takes the payment when it
         * still can and issues the policy in the same breath (`issuing`): paid and issued are one
         * commit, so a paid contract without a policy cannot exist. A Perform repeated at another
         * instance reads the same, waits for the lock, finds the payment taken and answers it (its
         * number drawn for nothing: a gap in the sequence, as a rolled-back transaction leaves).
         */
        const { rows } = await sql<IssuedContract & TransactionRead & { policy_seq: number | null }>`
          SELECT contracts.id, contracts.product, contracts.channel, contracts.amount, contracts.order_id, contracts.request,
            tx.state AS tx_state, tx.create_time AS tx_create_time, tx.perform_time AS tx_perform_time, tx.transaction,
            CASE WHEN ${performable('contracts')} THEN ${app.policies.nextSeq} END AS policy_seq
          FROM payme_transactions AS tx JOIN contracts ON contracts.id = tx.contract_id
          WHERE tx.id = ${id}`.execute(app.db);
        const read = rows[0];
        if (!read) throw new PaymeError(-31003, 'id');
        if (read.policy_seq === null) return unperformable(id, read, at);
        const { rows: locked } = await sql<TransactionRead & { performed_time: number | null }>`
          WITH tx AS (
            SELECT id, contract_id, state, create_time, perform_time, transaction FROM payme_transactions WHERE id = ${id} FOR UPDATE
          ), contract AS (
            SELECT contracts.id, status FROM contracts JOIN tx ON contracts.id = tx.contract_id FOR UPDATE OF contracts
          ), performed AS (
            UPDATE payme_transactions SET state = 2, perform_time = ${at}::bigint
            FROM tx, contract
            WHERE payme_transactions.id = tx.id AND ${performable('contract')}
            RETURNING payme_transactions.perform_time
          ), ${app.policies.issuing(read, Number(read.policy_seq))}
          SELECT tx.state AS tx_state, tx.create_time AS tx_create_time, tx.perform_time AS tx_perform_time, tx.transaction, performed.perform_time AS performed_time
          FROM tx LEFT JOIN performed ON true`.execute(app.db);
        const row = locked[0];
        if (!row) throw new PaymeError(-31003, 'id');
        if (row.performed_time !== null) return { transaction: row.transaction, perform_time: row.performed_time, state: 2 };
        return unperformable(id, row, at);
      },

      async CancelTransaction(params) {
        const id = transactionId(params);
        const reason = cancelReason(params);
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
          // A refund: the policy stops being valid (the verify page says so) and the chat hears of it.
          if (found.state === 2) await app.policies.revoke(trx, found.contract_id, `Payme reason ${reason}`);
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
        const id: RpcId = isRecord(request) && (typeof request.id === 'number' || typeof request.id === 'string') ? request.id : null;
        if (!credentialMatches(authorization, app.config.payme.key)) return fail(id, new PaymeError(-32504));
        if (!isRecord(request) || typeof request.method !== 'string' || !isRecord(request.params)) return fail(id, new PaymeError(-32600));
        const method = Object.hasOwn(methods, request.method) ? methods[request.method] : undefined;
        if (!method) return fail(id, new PaymeError(-32601, request.method.slice(0, 64)));
        try {
          return { jsonrpc: '2.0', id, result: await method(request.params) };
        } catch (err) {
          if (err instanceof PaymeError) return fail(id, err);
          // Create calls for one order that kept losing their insert to others at the same moment (createdOnce).
          if (uniqueViolation(err) !== null) return fail(id, new PaymeError(-31051, 'contract_id'));
          app.log.error({ err, method: request.method }, 'payme merchant call failed');
          return fail(id, new PaymeError(-32400));
        }
      },
    } satisfies PaymeMerchant);
  },
  { name: 'payme', dependencies: ['database', 'policies', 'outbox'] },
);
