import { randomBytes, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import type { PolicyTerms } from '../../../products/kit/sale/sale';
import type { Contract, ContractStatus, Product } from '../../db/database';
import { uniqueViolation } from '../../db/errors';
import type { Executor } from './outbox';

/** What a contract keeps of its save call: the request as sent and the terms its policy will state. */
export interface ContractRequest {
  body: Record<string, unknown>;
  terms: PolicyTerms;
}

export interface NewContractInput {
  product: Product;
  channel: string;
  amount: number;
  body: Record<string, unknown>;
  terms: PolicyTerms;
  /** A path on this site; anything else falls back to the thank-you page. */
  returnUrl?: string | undefined;
  /** The client whose referral link the buyer came through (`referrals.referrerOf`). */
  referrerClientId?: string | null;
}

export interface ContractView {
  contract_id: string;
  /** The order number of the save answer, as the payment step shows it. */
  order_id: string;
  product: Product;
  status: ContractStatus;
  amount: number;
  policy_number: string | null;
  pdf_url: string | null;
}

export interface ContractService {
  create(input: NewContractInput, executor?: Executor): Promise<Contract>;
  get(id: string, executor?: Executor): Promise<Contract | undefined>;
  /**
   * A contract by id, or by order number (`order_id` of the save answer) among those saved through
   * `channel` (order numbers are random, and a client finds only its own anyway), with
   * the id of its policy once issued and the plate of the vehicle it covers (`PolicyTerms.plate`):
   * what a product's check reads, in one query.
   */
  withPolicy(key: { id: string } | { orderId: string; channel: string }): Promise<(Pick<Contract, 'id' | 'product' | 'status' | 'policy_number' | 'order_id'> & { policy_id: string | null; begin_date: string | null; end_date: string | null; plate: string | null }) | undefined>;
  /** The contract and its policy as `/sayt/contract/check` shows them, or undefined. */
  view(id: string): Promise<ContractView | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contracts: ContractService;
  }
}

/** Only same-site paths: an absolute or protocol-relative URL would make checkout an open redirect. */
export function safeReturnPath(candidate: string | undefined, contractId: string): string {
  // No space or control character: the address made of it goes to payment providers, which refuse such an address.
  if (candidate && /^\/(?![/\\])[^\s\u0000-\u001f\u007f-\u009f]*$/.test(candidate) && candidate.length <= 512) return candidate;
  return `/thank-you/${contractId}`;
}

/** Every column, named: a `*` would keep the statement from being prepared (db/connect.ts). */
export const contractColumns = ['id', 'product', 'channel', 'status', 'amount', 'request', 'order_id', 'return_url', 'policy_number', 'created_at', 'updated_at', 'terms_accepted_at', 'terms_lang', 'referrer_client_id'] as const satisfies readonly (keyof Contract)[];

const firstOrderId = 1_000_000_000_000_000;
const orderIds = 8_000_000_000_000_000;

/**
 * A new order number: 16 random digits (not starting with 0 or 9, so every one is a safe integer).
 * A check by order number answers the policy, and the credentials that may ask are in the site's
 * pages, so the next number must not follow from one's own: among 8·10¹⁵, a million orders leave a
 * guess one chance in eight billion.
 */
export function newOrderId(): number {
  return firstOrderId + Number(randomBytes(8).readBigUInt64BE() % BigInt(orderIds));
}

/** A unique violation of the order number's index. */
const isOrderIdTaken = (error: unknown) => uniqueViolation(error)?.includes('order_id') === true;

const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default fp(
  async (app) => {
    const service: ContractService = {
      async create(input, executor = app.db) {
        const id = randomUUID();
        const request: ContractRequest = { body: input.body, terms: input.terms };
        const insert = () =>
          executor
            .insertInto('contracts')
            .values({
              id,
              product: input.product,
              channel: input.channel,
              status: 'awaiting_payment',
              amount: input.amount,
              request: JSON.stringify(request),
              order_id: newOrderId(),
              return_url: safeReturnPath(input.returnUrl, id),
              referrer_client_id: input.referrerClientId ?? null,
            })
            .returning(contractColumns)
            .executeTakeFirstOrThrow();
        try {
          return await insert();
        } catch (error) {
          // Two orders drawing the same number is a one in 10¹⁰ chance a day: drawn again, once.
          if (!isOrderIdTaken(error)) throw error;
          return insert();
        }
      },
      async get(id, executor = app.db) {
        // Ids arrive from callers; a non-UUID would make PostgreSQL fail the cast instead of finding nothing.
        if (!uuidRe.test(id)) return undefined;
        return executor.selectFrom('contracts').select(contractColumns).where('id', '=', id).executeTakeFirst();
      },
      async withPolicy(key) {
        // Ids arrive from callers: a non-UUID would make PostgreSQL fail the cast, and order numbers
        // are a bigint column, so anything but a short digit string cannot be one.
        if ('id' in key ? !uuidRe.test(key.id) : !/^[0-9]{1,16}$/.test(key.orderId)) return undefined;
        const query = app.db
          .selectFrom('contracts')
          .leftJoin('policies', 'policies.contract_id', 'contracts.id')
          .select(['contracts.id', 'contracts.product', 'contracts.status', 'contracts.policy_number', 'contracts.order_id', 'policies.id as policy_id', 'policies.begin_date', 'policies.end_date'])
          .select(sql<string | null>`contracts.request -> 'terms' ->> 'plate'`.as('plate'));
        return ('id' in key ? query.where('contracts.id', '=', key.id) : query.where('contracts.order_id', '=', Number(key.orderId)).where('contracts.channel', '=', key.channel)).executeTakeFirst();
      },
      async view(id) {
        if (!uuidRe.test(id)) return undefined;
        const row = await app.db
          .selectFrom('contracts')
          .leftJoin('policies', 'policies.contract_id', 'contracts.id')
          .select(['contracts.id', 'contracts.order_id', 'contracts.product', 'contracts.status', 'contracts.amount', 'contracts.policy_number', 'policies.id as policy_id'])
          .where('contracts.id', '=', id)
          .executeTakeFirst();
        if (!row) return undefined;
        return {
          contract_id: row.id,
          order_id: String(row.order_id),
          product: row.product,
          status: row.status,
          amount: row.amount,
          policy_number: row.policy_number,
          pdf_url: row.policy_id && row.status === 'issued' ? app.policies.pdfUrl(row.policy_id) : null,
        };
      },
    };
    app.decorate('contracts', service);
  },
  { name: 'contracts', dependencies: ['database', 'policies'] },
);
