import type { FastifyInstance } from 'fastify';
import type { ClientClaimsResponse } from '../../products/kit/api/cabinet-api.generated';

/**
 * The client's claims, newest event first (the cabinet groups them by event date), each with the
 * number of the policy it was filed under. Only `clientId`'s rows: a claim is always found through
 * its client.
 */
export async function clientClaims(app: FastifyInstance, clientId: string): Promise<ClientClaimsResponse> {
  const rows = await app.db
    .selectFrom('claims')
    .leftJoin('policies', 'policies.id', 'claims.policy_id')
    .select(['claims.id', 'claims.number', 'claims.product', 'policies.number as policy_number', 'claims.event_date', 'claims.claim_status', 'claims.created_at'])
    .where('claims.client_id', '=', clientId)
    .orderBy('claims.event_date', 'desc')
    .orderBy('claims.created_at', 'desc')
    .execute();
  return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
}
