import type { FastifyInstance } from 'fastify';
import type { Contract } from '../db/database';
import { refusal, type Envelope } from '../envelope';

/**
 * The contract a site API payment call names, or why it cannot take a payment, as the visitor is
 * told (the engine's message ids): unknown, cancelled, or paid already.
 */
export async function payableContract(app: FastifyInstance, contractId: string): Promise<{ contract: Contract; refused?: undefined } | { contract?: undefined; refused: Envelope }> {
  const contract = await app.contracts.get(contractId);
  if (!contract) return { refused: refusal(404, 'contract_not_payable') };
  if (contract.status === 'awaiting_payment') return { contract };
  return { refused: refusal(1, contract.status === 'cancelled' ? 'contract_not_payable' : 'contract_already_paid') };
}

/** Why a contract cannot take a payment, or null when it can. */
export async function notPayable(app: FastifyInstance, contractId: string): Promise<Envelope | null> {
  return (await payableContract(app, contractId)).refused ?? null;
}
