import { createHash, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql, type RawBuilder, type Transaction } from 'kysely';
import { groupDigits } from '../../../products/kit/api/api-format';
import type { Contract, Database, Policy } from '../../db/database';
import { pdfPool } from '../../lib/pdf-pool';
import type { ContractRequest } from './contracts';

/** What of a contract its policy is issued from. */
export type IssuedContract = Pick<Contract, 'id' | 'product' | 'channel' | 'amount' | 'order_id' | 'request'>;

export interface PolicyService {
  /**
   * Issues the policy of a paid contract inside the caller's transaction, in one statement: the
   * policy numbered by `seq` (drawn with `nextSeq` in the caller's statement that took the
   * payment), contract status `issued`, and the purchase message in the outbox, all or nothing.
   * The PDF is not drawn here (a payment's transaction stays short): `pdf` renders it on the
   * first download.
   */
  issue(trx: Transaction<Database>, contract: IssuedContract, seq: number): Promise<Policy>;
  /**
   * The same issue as parts of the statement that takes the payment: `WITH` parts that issue the
   * policy numbered by `seq` only when that statement's part named `performed` (one row when the
   * payment was taken, none otherwise) has a row. The payment, the policy, the contract's status
   * and the message are then one statement: one round trip, and no transaction of the caller's.
   */
  issuing(contract: IssuedContract, seq: number): RawBuilder<unknown>;
  /**
   * Revokes the policy of a paid contract whose money its provider gave back, inside the caller's
   * transaction: the contract cancelled, the policy no longer valid (its verification page says
   * so), and the chat told. `cause` names who gave the money back and why (`Payme reason 5`).
   */
  revoke(trx: Transaction<Database>, contractId: string, cause: string): Promise<void>;
  byNumber(number: string): Promise<Policy | undefined>;
  /** SQL drawing the next policy number's sequence value, to draw it in the statement that takes a payment rather than in a round trip of its own. */
  nextSeq: RawBuilder<number>;
  /** The policy's PDF, rendered and stored on the first call. */
  /** The policy's PDF, `revoked` once the policy was cancelled (refunded), undefined for no such policy. */
  pdf(id: string): Promise<Uint8Array | 'revoked' | undefined>;
  /** Unguessable absolute address of the PDF (the id is a random UUID). */
  pdfUrl(id: string): string;
  /** The address the policy's QR code opens: its number, and the key that shows its holder (`verifyKey`). */
  verifyUrl(policy: Pick<Policy, 'id' | 'number'>): string;
}

declare module 'fastify' {
  interface FastifyInstance {
    policies: PolicyService;
  }
}

/**
 * `TRV 2026000123`: the product's series, then the number (year of issue and a sequence shared by
 * all products). The travel API answers the two parts apart (`polis_seria`, `polis_number`), so
 * the printed form is exactly both joined by a space.
 */
export function policyNumber(series: string, year: number, seq: number): string {
  return `${series} ${year}${String(seq).padStart(6, '0')}`;
}

/**
 * The key in a policy's QR address that shows its holder on the check page: policy numbers run in
 * sequence, so the number alone would list every holder's name to whoever counts. Drawn from the
 * policy's random id one way, so it gives away neither the id nor the PDF's address.
 */
export function verifyKey(policyId: string): string {
  return createHash('sha256').update(`verify:${policyId}`).digest('base64url').slice(0, 16);
}

const policyColumns = ['id', 'contract_id', 'number', 'product', 'holder', 'insured', 'begin_date', 'end_date', 'premium', 'sum_insured', 'sum_insured_currency', 'issued_at', 'revoked_at', 'takoful'] as const satisfies readonly (keyof Policy)[];

export default fp(
  async (app) => {
    const { publicUrl } = app.config;
    const drawing = pdfPool();
    app.addHook('onClose', () => drawing.close());
    /** A paid contract's policy numbered by `seq`, as `issue` and `issuing` store it: its number, its chat message and its row. */
    function issuedPolicy(contract: IssuedContract, seq: number) {
      const { terms } = contract.request as unknown as ContractRequest;
      const wording = app.products.get(contract.product)?.sale.policy;
      if (!wording) throw new Error(`contract ${contract.id}: no product "${contract.product}" to issue its policy`);
      const issuedAt = new Date();
      const number = policyNumber(wording.series, issuedAt.getUTCFullYear(), seq);
      const message = [
        `Purchase: ${contract.product} policy ${number}`,
        `Order ${contract.order_id}, contract ${contract.id}`,
        `Channel: ${contract.channel}`,
        `Program: ${terms.programName}`,
        `Premium: ${groupDigits(contract.amount)} soʻm`,
        `Cover: ${terms.beginDate} — ${terms.endDate}, insured persons: ${terms.insured.length}`,
      ].join('\n');
      const values = {
        id: randomUUID(),
        contract_id: contract.id,
        number,
        product: contract.product,
        holder: terms.holder,
        insured: terms.insured,
        begin_date: terms.beginDate,
        end_date: terms.endDate,
        premium: contract.amount,
        sum_insured: terms.sumInsured,
        sum_insured_currency: terms.currency,
        pdf: null,
        issued_at: issuedAt,
        // Every policy the shop sells is a takaful contract: the cabinet lists those flagged 1.
        takoful: 1,
      };
      return { number, message, values };
    }

    const service: PolicyService = {
      async issue(trx, contract, seq) {
        const { number, message, values } = issuedPolicy(contract, seq);
        return trx
          .with('issued', (db) => db.updateTable('contracts').set({ status: 'issued', policy_number: number, updated_at: values.issued_at }).where('id', '=', contract.id))
          .with('message', (db) => app.outbox.enqueueing(db, 'purchase', message))
          .insertInto('policies')
          .values({ ...values, insured: JSON.stringify(values.insured) })
          .returning(policyColumns)
          .executeTakeFirstOrThrow();
      },
      issuing(contract, seq) {
        const { number, message, values: v } = issuedPolicy(contract, seq);
        // Every value cast: a parameter in a SELECT list has no column to take its type from.
        return sql`issued AS (
            UPDATE contracts SET status = 'issued', policy_number = ${number}, updated_at = ${v.issued_at}::timestamptz
            WHERE id = ${contract.id}::uuid AND EXISTS (SELECT 1 FROM performed)
          ), message AS (
            ${app.outbox.enqueueingFor('performed', 'purchase', message)}
          ), policy AS (
            INSERT INTO policies (id, contract_id, number, product, holder, insured, begin_date, end_date, premium, sum_insured, sum_insured_currency, pdf, issued_at, takoful)
            SELECT ${v.id}::uuid, ${v.contract_id}::uuid, ${v.number}::text, ${v.product}::text, ${v.holder}::text, ${JSON.stringify(v.insured)}::jsonb,
              ${v.begin_date}::date, ${v.end_date}::date, ${v.premium}::bigint, ${v.sum_insured}::bigint, ${v.sum_insured_currency}::text, NULL, ${v.issued_at}::timestamptz, ${v.takoful}::smallint
            FROM performed
          )`;
      },
      async revoke(trx, contractId, cause) {
        const contract = await trx
          .updateTable('contracts')
          .set({ status: 'cancelled', updated_at: new Date() })
          .where('id', '=', contractId)
          .returning(['order_id', 'policy_number', 'amount'])
          .executeTakeFirstOrThrow();
        await trx.updateTable('policies').set({ revoked_at: new Date() }).where('contract_id', '=', contractId).execute();
        await app.outbox.enqueue('refund', `Refund: policy ${contract.policy_number ?? '-'} cancelled (order ${contract.order_id}, ${groupDigits(contract.amount)} soʻm, ${cause})`, trx);
      },
      nextSeq: sql<number>`nextval('policy_number_seq')`,
      byNumber: (number) => app.db.selectFrom('policies').select(policyColumns).where('number', '=', number).executeTakeFirst(),
      async pdf(id) {
        const row = await app.db
          .selectFrom('policies')
          .innerJoin('contracts', 'contracts.id', 'policies.contract_id')
          .select([...policyColumns.map((column) => `policies.${column}` as const), 'policies.pdf', 'contracts.request'])
          .where('policies.id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        // A refunded policy covers nothing: its PDF must not be shown as if it did.
        if (row.revoked_at) return 'revoked';
        if (row.pdf) return row.pdf;
        const { terms } = row.request as unknown as ContractRequest;
        const wording = app.products.get(row.product)?.sale.policy;
        if (!wording) throw new Error(`policy ${row.number}: no product "${row.product}" to print it`);
        // Everything printed comes from the stored policy and its contract, so a second rendering
        // (two first downloads at once, or a restart before the first was stored) prints the same.
        const pdf = await drawing.render({
          product: wording,
          number: row.number,
          holder: row.holder,
          insured: row.insured,
          beginDate: row.begin_date,
          endDate: row.end_date,
          premium: row.premium,
          sumInsured: row.sum_insured,
          sumInsuredCurrency: row.sum_insured_currency,
          programName: terms.programName,
          ...(terms.conditions ? { conditions: terms.conditions } : {}),
          subject: terms.subject,
          verifyUrl: service.verifyUrl(row),
          issuedAt: new Date(row.issued_at),
        });
        // pg sends Buffers as bytea; a bare Uint8Array is not recognised by every driver.
        await app.db.updateTable('policies').set({ pdf: Buffer.from(pdf) }).where('id', '=', id).where('pdf', 'is', null).execute();
        return pdf;
      },
      pdfUrl: (id) => `${publicUrl}/api/policies/${id}.pdf`,
      verifyUrl: (policy) => `${publicUrl}/verify/${encodeURIComponent(policy.number)}?k=${verifyKey(policy.id)}`,
    };
    app.decorate('policies', service);
  },
  { name: 'policies', dependencies: ['database', 'outbox', 'products'] },
);
