import type { FastifyInstance } from 'fastify';
import { addDays } from '../../products/kit/api/api-format';
import type { UnpaidResponse } from '../../products/kit/api/cabinet-api.generated';
import { tashkentMidnight } from '../dates';
import type { Client } from '../db/database';
import type { ContractRequest } from '../plugins/app/contracts';
import { contractColumns } from '../plugins/app/contracts';
import { ownedBy } from './contract-owner';
import { saveAnswer } from './save-answer';

/**
 * How long a contract saved and not paid is offered again in the cabinet: 12 hours, the longest a
 * payment provider of the shop keeps one payment open (Payme cancels a transaction it did not
 * perform within 12 hours; Alif's invoice and the bank's hosted page last an hour, and are made
 * anew each time the visitor opens their link). Nothing cancels such a contract at that time; a
 * price and a start date a day old are not what the client should be asked to pay.
 */
export const unpaidLifetimeMs = 12 * 60 * 60_000;

/**
 * When an unpaid contract stops being offered: `unpaidLifetimeMs` after it was saved, or earlier
 * when its cover begins sooner, at the end of its first day: paid later, its policy would start in
 * the past (cover bought after the fact).
 */
export function unpaidExpiry(createdAt: Date, beginDate: string | undefined): Date {
  const lifetimeEnd = createdAt.getTime() + unpaidLifetimeMs;
  const coverStarted = beginDate && /^\d{4}-\d{2}-\d{2}$/.test(beginDate) ? tashkentMidnight(addDays(beginDate, 1)).getTime() : Infinity;
  return new Date(Math.min(lifetimeEnd, coverStarted));
}

/** Never more than this many at once: twelve hours of one client's unpaid purchases. */
const listedAtMost = 100;

/**
 * The client's contracts saved and not paid (nor cancelled) that have not expired at `now`,
 * newest first, each with the payment links its save answered, made again for it as the save
 * makes them: "continue to payment" works from any device.
 */
export async function unpaidContracts(app: FastifyInstance, client: Pick<Client, 'phone' | 'pinfl'>, now: Date): Promise<UnpaidResponse> {
  const contracts = await app.db
    .selectFrom('contracts')
    .select(contractColumns)
    .where('status', '=', 'awaiting_payment')
    .where('created_at', '>', new Date(now.getTime() - unpaidLifetimeMs))
    .where(ownedBy(client))
    .orderBy('created_at', 'desc')
    .limit(listedAtMost)
    .execute();
  return contracts.flatMap((contract) => {
    const { terms } = contract.request as unknown as Partial<ContractRequest>;
    const expiresAt = unpaidExpiry(contract.created_at, terms?.beginDate);
    if (expiresAt <= now) return [];
    return [{
      contract_id: contract.id,
      product: contract.product,
      amount: contract.amount,
      created_at: contract.created_at.toISOString(),
      expires_at: expiresAt.toISOString(),
      payment: saveAnswer(app, contract),
    }];
  });
}
