import { randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { groupDigits } from '../../../products/kit/api/api-format';
import type { Contract, Payment } from '../../db/database';
import { declinedFailure, type PaymentProvider } from '../../payments/provider';
import { paymentProviders } from '../../payments/providers';
import { contractColumns } from './contracts';
import type { IssuedContract } from './policies';

/** What became of a payment the provider says is paid. */
export type Settlement =
  /** The contract is paid by it now: its policy issued, the purchase message queued. */
  | { outcome: 'paid'; contract: Contract }
  /** It had paid the contract already (the provider telling twice). */
  | { outcome: 'already'; contract: Contract }
  /**
   * The contract cannot take it: paid by another payment, cancelled, or another amount. The
   * caller refuses it where the provider lets it, or gives the money back.
   */
  | { outcome: 'refused'; reason: 'paid-otherwise' | 'cancelled' | 'amount' | 'unknown'; contract: Contract | null };

export interface NewPayment {
  contractId: string;
  provider: string;
  /** The provider's id of the payment (a Click transaction, a Payme receipt, an Octo payment). */
  reference: string;
  /** UZS. */
  amount: number;
  detail?: Record<string, unknown>;
}

export interface PaymentService {
  /** The ways to pay, as server/payments/providers.ts lists them. */
  providers: readonly PaymentProvider[];
  provider(id: string): PaymentProvider | undefined;
  /** The addresses the save answer gives for paying a contract, by provider. */
  links(contract: Contract): Record<string, string>;
  /**
   * Records a payment a provider has begun for a contract (the same provider and reference again
   * is the same payment). Undefined when the contract is unknown or cannot be paid any more.
   */
  open(payment: NewPayment): Promise<{ payment: Payment; contract: Contract } | undefined>;
  get(provider: string, reference: string): Promise<Payment | undefined>;
  /**
   * The contract paid by the payment, in one transaction under the contract's lock, so whatever
   * arrives twice or at once (a replay, two instances, another provider) pays it once: its policy
   * issued and the purchase message queued with it.
   */
  settle(provider: string, reference: string, detail?: Record<string, unknown>): Promise<Settlement>;
  /** A payment that did not go through (declined, expired, cancelled by the provider). */
  fail(provider: string, reference: string, failure: string): Promise<void>;
  /** A payment whose money went back (refused by a contract paid otherwise); the chat hears of it. */
  refunded(provider: string, reference: string, why: string): Promise<void>;
  /**
   * A paid payment its provider took back (Paynet's CancelTransaction after its Perform), in one
   * transaction under the payment's lock: the payment refunded, the contract cancelled and its
   * policy revoked, the chat told (`cause`). Answers the payment, and whether it was taken back now
   * or before (a cancellation repeated); undefined when there is no such payment, paid or refunded.
   */
  reverse(provider: string, reference: string, cause: string): Promise<{ payment: Payment; now: boolean } | undefined>;
  /** Payments still open after `olderThanMs`, oldest first: what reconciliation asks providers about. */
  stale(olderThanMs: number, limit: number): Promise<Payment[]>;
  /**
   * Asks the payment's provider what became of it and acts on the answer: settles it (giving the
   * money back when the contract was paid another way), closes it, or leaves it open.
   */
  ask(payment: Payment): Promise<'settled' | 'failed' | 'refunded' | 'pending'>;
  /** Asks the providers that tell nothing by themselves (a bill paid in an app) about the contract's open payments. */
  refresh(contractId: string): Promise<void>;
  /** Whether the contract's latest payment attempt was refused by the card's bank. */
  lastDeclined(contractId: string): Promise<boolean>;
  /** Records the visitor's acceptance of the contract's terms (the first one stands); false when there is no such contract. */
  /** When the terms were accepted; null for no such contract, `closed` for one paid or cancelled without them. */
  acceptTerms(contractId: string, lang: 'uz' | 'en' | 'ru'): Promise<Date | 'closed' | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentService;
  }
}

const paymentColumns = ['id', 'contract_id', 'provider', 'reference', 'amount', 'state', 'detail', 'failure', 'created_at', 'updated_at'] as const satisfies readonly (keyof Payment)[];
const uuidRe = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export default fp(
  async (app) => {
    const byId = new Map(paymentProviders.map((provider) => [provider.id, provider]));
    for (const provider of paymentProviders) if (provider.service) await app.register(provider.service);

    const service: PaymentService = {
      providers: paymentProviders,
      provider: (id) => byId.get(id),
      links(contract) {
        return Object.fromEntries(
          paymentProviders.flatMap((provider) => {
            const link = provider.link?.(app, contract);
            return link ? [[provider.id, link]] : [];
          }),
        );
      },

      async open({ contractId, provider, reference, amount, detail = {} }) {
        if (!uuidRe.test(contractId)) return undefined;
        return app.db.transaction().execute(async (trx) => {
          const contract = await trx.selectFrom('contracts').select(contractColumns).where('id', '=', contractId).forUpdate().executeTakeFirst();
          if (!contract || contract.status !== 'awaiting_payment' || contract.amount !== amount) return undefined;
          await trx
            .insertInto('payments')
            .values({ id: randomUUID(), contract_id: contractId, provider, reference, amount, state: 'created', detail: JSON.stringify(detail) })
            .onConflict((conflict) => conflict.columns(['provider', 'reference']).doNothing())
            .execute();
          const payment = await trx.selectFrom('payments').select(paymentColumns).where('provider', '=', provider).where('reference', '=', reference).executeTakeFirstOrThrow();
          // A reference reused for another contract is not this payment.
          return payment.contract_id === contractId ? { payment, contract } : undefined;
        });
      },

      get: (provider, reference) => app.db.selectFrom('payments').select(paymentColumns).where('provider', '=', provider).where('reference', '=', reference).executeTakeFirst(),

      async settle(provider, reference, detail = {}) {
        return app.db.transaction().execute(async (trx): Promise<Settlement> => {
          const payment = await trx.selectFrom('payments').select(paymentColumns).where('provider', '=', provider).where('reference', '=', reference).forUpdate().executeTakeFirst();
          if (!payment) return { outcome: 'refused', reason: 'unknown', contract: null };
          const contract = await trx.selectFrom('contracts').select(contractColumns).where('id', '=', payment.contract_id).forUpdate().executeTakeFirstOrThrow();
          if (payment.state === 'paid') return { outcome: 'already', contract };
          if (payment.state === 'refunded') return { outcome: 'refused', reason: 'paid-otherwise', contract };
          if (contract.status !== 'awaiting_payment') return { outcome: 'refused', reason: contract.status === 'cancelled' ? 'cancelled' : 'paid-otherwise', contract };
          if (payment.amount !== contract.amount) return { outcome: 'refused', reason: 'amount', contract };
          const { rows } = await sql<{ seq: number }>`SELECT ${app.policies.nextSeq} AS seq`.execute(trx);
          await trx
            .updateTable('payments')
            .set({ state: 'paid', failure: null, detail: JSON.stringify({ ...payment.detail, ...detail }), updated_at: new Date() })
            .where('id', '=', payment.id)
            .execute();
          const issued = { ...contract, request: contract.request } satisfies IssuedContract;
          const policy = await app.policies.issue(trx, issued, Number(rows[0]?.seq));
          return { outcome: 'paid', contract: { ...contract, status: 'issued', policy_number: policy.number } };
        });
      },

      async fail(provider, reference, failure) {
        await app.db
          .updateTable('payments')
          .set({ state: 'failed', failure: failure.slice(0, 200), updated_at: new Date() })
          .where('provider', '=', provider)
          .where('reference', '=', reference)
          .where('state', '=', 'created')
          .execute();
      },

      async refunded(provider, reference, why) {
        await app.db.transaction().execute(async (trx) => {
          const payment = await trx
            .updateTable('payments')
            .set({ state: 'refunded', failure: why.slice(0, 200), updated_at: new Date() })
            .where('provider', '=', provider)
            .where('reference', '=', reference)
            .where('state', 'in', ['created', 'failed'])
            .returning(['contract_id', 'amount'])
            .executeTakeFirst();
          if (!payment) return;
          const contract = await trx.selectFrom('contracts').select(['order_id', 'product']).where('id', '=', payment.contract_id).executeTakeFirstOrThrow();
          await app.outbox.enqueue('refund', `Refund: a second payment of order ${contract.order_id} (${contract.product}, ${groupDigits(payment.amount)} soʻm) through ${provider} was given back: ${why}`, trx);
        });
      },

      async reverse(provider, reference, cause) {
        return app.db.transaction().execute(async (trx) => {
          const payment = await trx.selectFrom('payments').select(paymentColumns).where('provider', '=', provider).where('reference', '=', reference).forUpdate().executeTakeFirst();
          if (payment?.state === 'refunded') return { payment, now: false };
          if (payment?.state !== 'paid') return undefined;
          // Locked in the order settle locks them (the payment, then its contract), so the two never deadlock.
          const reversed = await trx
            .updateTable('payments')
            .set({ state: 'refunded', failure: cause.slice(0, 200), updated_at: new Date() })
            .where('id', '=', payment.id)
            .returning(paymentColumns)
            .executeTakeFirstOrThrow();
          await app.policies.revoke(trx, payment.contract_id, cause);
          return { payment: reversed, now: true };
        });
      },

      stale: (olderThanMs, limit) =>
        app.db
          .selectFrom('payments')
          .select(paymentColumns)
          .where('state', '=', 'created')
          .where('created_at', '<', new Date(Date.now() - olderThanMs))
          .orderBy('created_at')
          .limit(limit)
          .execute(),

      async ask(payment) {
        const provider = byId.get(payment.provider);
        if (!provider?.status) return 'pending';
        const status = await provider.status(app, payment);
        if (status === 'failed') {
          await service.fail(payment.provider, payment.reference, 'closed by its provider');
          return 'failed';
        }
        if (status === 'pending') return 'pending';
        const settlement = await service.settle(payment.provider, payment.reference);
        if (settlement.outcome !== 'refused' || !provider.refund) return 'settled';
        await provider.refund(app, payment);
        await service.refunded(payment.provider, payment.reference, `the contract was ${settlement.reason === 'cancelled' ? 'cancelled' : 'paid another way'}`);
        return 'refunded';
      },

      async refresh(contractId) {
        const onDemand = paymentProviders.filter((provider) => provider.checksOnDemand).map((provider) => provider.id);
        if (onDemand.length === 0 || !uuidRe.test(contractId)) return;
        const open = await app.db.selectFrom('payments').select(paymentColumns).where('contract_id', '=', contractId).where('state', '=', 'created').where('provider', 'in', onDemand).execute();
        for (const payment of open) await service.ask(payment);
      },

      async lastDeclined(contractId) {
        if (!uuidRe.test(contractId)) return false;
        // The latest attempt of any provider: Payme's merchant transactions keep their own table.
        const { rows } = await sql<{ declined: boolean }>`
          SELECT declined FROM (
            SELECT to_timestamp(create_time / 1000.0) AS at, (state = -1 AND reason = 2) AS declined FROM payme_transactions WHERE contract_id = ${contractId}
            UNION ALL
            SELECT created_at AS at, (state = 'failed' AND failure = ${declinedFailure}) AS declined FROM payments WHERE contract_id = ${contractId}
          ) AS attempts ORDER BY at DESC LIMIT 1`.execute(app.db);
        return rows[0]?.declined ?? false;
      },

      async acceptTerms(contractId, lang) {
        if (!uuidRe.test(contractId)) return null;
        // Accepted before paying, or not at all: an acceptance dated after the payment would say what did not happen.
        const row = await app.db
          .updateTable('contracts')
          .set({ terms_accepted_at: sql<Date>`COALESCE(terms_accepted_at, now())`, terms_lang: sql<'uz' | 'en' | 'ru'>`COALESCE(terms_lang, ${lang})` })
          .where('id', '=', contractId)
          .where((eb) => eb.or([eb('status', 'in', ['draft', 'awaiting_payment']), eb('terms_accepted_at', 'is not', null)]))
          .returning('terms_accepted_at')
          .executeTakeFirst();
        if (row?.terms_accepted_at) return row.terms_accepted_at;
        const exists = await app.db.selectFrom('contracts').select('id').where('id', '=', contractId).executeTakeFirst();
        return exists ? 'closed' : null;
      },
    };
    app.decorate('payments', service);
  },
  { name: 'payments', dependencies: ['database', 'policies', 'outbox', 'config'] },
);
