import fp from 'fastify-plugin';
import { sql } from 'kysely';
import { addDays } from '../../../products/kit/api/api-format';
import type { InsuredPerson, PolicyTerms } from '../../../products/kit/sale/sale';
import { todayInTashkent } from '../../dates';
import { ownedBy } from '../../lib/contract-owner';

/** Who a contract may belong to: a signed-in client's verified phone and registry PINFL. */
export interface ContractOwner {
  phone: string;
  pinfl: string;
}

export type CabinetPolicyStatus = 'active' | 'ending' | 'ended' | 'cancelled';

/** A policy ends "soon" when its last day is at most this many days away: it may then be renewed. */
export const endingWithinDays = 30;

/** A policy as the cabinet lists it (`schemas/api/cabinet/policy-new.response.json`). */
export interface CabinetPolicy {
  id: string;
  number: string;
  product: string;
  takoful: 1;
  status: CabinetPolicyStatus;
  begin_date: string;
  end_date: string;
  subject: string;
  plate: string | null;
  insured: { name: string }[];
  premium: number;
  renewable: boolean;
}

/** One policy with what its detail page shows (`policy.response.json`). */
export interface CabinetPolicyDetail extends CabinetPolicy {
  pdf_url: string;
  verify_url: string;
  payment: { provider: string; paid_at: string; amount: number } | null;
  contract: { id: string; order_id: string; created_at: string; channel: string };
  conditions: string[];
}

/** What renewing a policy starts from (`renewal.response.json`). */
export interface CabinetRenewal {
  product: string;
  request: Record<string, unknown>;
  begin_date: string;
  end_date: string;
  renew_from: string;
}

export interface CabinetPolicyService {
  /** The client's policies (takaful flag 1), newest first. */
  list(client: ContractOwner): Promise<CabinetPolicy[]>;
  /** The client's policy of this id, or undefined: another client's, nobody's or a malformed id alike. */
  detail(client: ContractOwner, id: string): Promise<CabinetPolicyDetail | undefined>;
  /** The PDF of the client's policy of this id (`app.policies.pdf`), or undefined for any other id. */
  pdf(client: ContractOwner, id: string): Promise<Uint8Array | 'revoked' | undefined>;
  /** What renews the client's policy: undefined for none of theirs, `not_renewable` for one neither ending nor ended, or cancelled. */
  renewal(client: ContractOwner, id: string): Promise<CabinetRenewal | 'not_renewable' | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    cabinetPolicies: CabinetPolicyService;
  }
}

/** A policy's id: a UUID, checked before it reaches a `uuid` column (which would refuse anything else with an error). */
const policyId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Its status on `today`: cancelled (refunded), ended (its last day passed), ending (within 30 days), else active. */
export function policyStatus(policy: { end_date: string; revoked_at: Date | string | null }, today: string): CabinetPolicyStatus {
  if (policy.revoked_at !== null) return 'cancelled';
  if (policy.end_date < today) return 'ended';
  return policy.end_date <= addDays(today, endingWithinDays) ? 'ending' : 'active';
}

/** The first day a renewal covers: the day after the policy's last, or tomorrow when that is past. */
export function renewFrom(endDate: string, today: string): string {
  const next = addDays(endDate, 1);
  const tomorrow = addDays(today, 1);
  return next > tomorrow ? next : tomorrow;
}

/** A date column as the ISO day (PGlite and pg may give a Date or a text). */
const isoDay = (value: string | Date): string => (typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

export default fp(
  async (app) => {
    const today = () => app.config.salesDay ?? todayInTashkent();

    /** The client's policies (one, when `id` is given) with the terms of their contracts. */
    const owned = (client: ContractOwner, id?: string) => {
      let query = app.db
        .selectFrom('policies')
        .innerJoin('contracts', 'contracts.id', 'policies.contract_id')
        .select([
          'policies.id', 'policies.number', 'policies.product', 'policies.begin_date', 'policies.end_date', 'policies.premium', 'policies.insured',
          'policies.revoked_at', 'policies.issued_at', 'contracts.id as contract_id', 'contracts.order_id', 'contracts.created_at', 'contracts.channel',
          sql<PolicyTerms>`contracts.request -> 'terms'`.as('terms'),
        ])
        .where(ownedBy(client))
        .where('policies.takoful', '=', 1);
      if (id !== undefined) query = query.where('policies.id', '=', id);
      return query.orderBy('policies.issued_at', 'desc').orderBy('policies.id', 'desc');
    };
    type Row = Awaited<ReturnType<ReturnType<typeof owned>['execute']>>[number];

    const listed = (row: Row, day: string): CabinetPolicy => {
      const status = policyStatus({ end_date: isoDay(row.end_date), revoked_at: row.revoked_at }, day);
      return {
        id: row.id,
        number: row.number,
        product: row.product,
        takoful: 1,
        status,
        begin_date: isoDay(row.begin_date),
        end_date: isoDay(row.end_date),
        subject: row.terms.subject,
        plate: row.terms.plate ?? null,
        insured: (row.insured as InsuredPerson[]).map((person) => ({ name: person.name })),
        premium: Number(row.premium),
        renewable: status === 'ending' || status === 'ended',
      };
    };

    const one = async (client: ContractOwner, id: string) => (policyId.test(id) ? owned(client, id.toLowerCase()).executeTakeFirst() : undefined);

    /** How the contract was paid: its payment through a provider, or Payme's merchant transaction (amounts in tiyin, times in ms). */
    async function paymentOf(contractId: string): Promise<CabinetPolicyDetail['payment']> {
      const { rows } = await sql<{ provider: string; paid_at: Date | string; amount: string | number }>`
        SELECT provider, paid_at, amount FROM (
          SELECT provider, updated_at AS paid_at, amount FROM payments WHERE contract_id = ${contractId}::uuid AND state IN ('paid', 'refunded')
          UNION ALL
          SELECT 'payme' AS provider, to_timestamp(perform_time / 1000.0) AS paid_at, amount / 100 AS amount FROM payme_transactions WHERE contract_id = ${contractId}::uuid AND perform_time > 0
        ) paid ORDER BY paid_at LIMIT 1`.execute(app.db);
      const row = rows[0];
      return row ? { provider: row.provider, paid_at: new Date(row.paid_at).toISOString(), amount: Number(row.amount) } : null;
    }

    const service: CabinetPolicyService = {
      async list(client) {
        const day = today();
        return (await owned(client).execute()).map((row) => listed(row, day));
      },
      async detail(client, id) {
        const row = await one(client, id);
        if (!row) return undefined;
        return {
          ...listed(row, today()),
          pdf_url: `/api/shaxsiy_kabinet/get/policy/${row.id}/pdf`,
          verify_url: app.policies.verifyUrl(row),
          payment: await paymentOf(row.contract_id),
          contract: { id: row.contract_id, order_id: String(row.order_id), created_at: new Date(row.created_at).toISOString(), channel: row.channel },
          conditions: row.terms.conditions ?? [],
        };
      },
      async pdf(client, id) {
        const row = await one(client, id);
        return row ? app.policies.pdf(row.id) : undefined;
      },
      async renewal(client, id) {
        const row = await one(client, id);
        if (!row) return undefined;
        const day = today();
        if (!listed(row, day).renewable) return 'not_renewable';
        const stored = await app.db.selectFrom('contracts').select(sql<Record<string, unknown>>`request -> 'body'`.as('body')).where('id', '=', row.contract_id).executeTakeFirstOrThrow();
        const endDate = isoDay(row.end_date);
        return { product: row.product, request: stored.body, begin_date: isoDay(row.begin_date), end_date: endDate, renew_from: renewFrom(endDate, day) };
      },
    };
    app.decorate('cabinetPolicies', service);
  },
  { name: 'cabinet-policies', dependencies: ['database', 'policies'] },
);
