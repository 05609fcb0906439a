import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { UnpaidResponse } from '../../../products/kit/api/cabinet-api.generated';
import type { Client } from '../../db/database';
import { ok } from '../../envelope';
import { unpaidContracts } from '../../lib/unpaid-contracts';
import { claimRoutes } from './claims';

/**
 * The signed-in client's unfinished purchases (`get/unpaid`) and claims (`client-claims` and each
 * claim's calls, claims.ts), each only the client's own: contracts found by the client's phone and PINFL.
 * Registered by the cabinet's routes (index.ts), with the function that finds the session's client.
 */
export async function purchaseAndClaimRoutes(app: FastifyInstance, clientOf: (request: FastifyRequest, reply: FastifyReply) => Promise<Client>): Promise<void> {
  const now = () => app.config.cabinet.clock?.() ?? new Date();

  app.get('/get/unpaid', {
    config: { session: true, docs: { summary: 'The signed-in client\'s contracts saved but not paid, newest first, with the payment links their save answered (for "continue to payment" on any device); each until `expires_at`: 12 hours after the save (Payme\'s longest open payment), or the end of the cover\'s first day if sooner', response: 'cabinet/unpaid.response' } },
  }, async (request, reply) => {
    const client = await clientOf(request, reply);
    return ok<UnpaidResponse>(await unpaidContracts(app, client, now()));
  });

  await claimRoutes(app, clientOf);
}
