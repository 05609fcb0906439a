import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Contract } from '../../db/database';
import type { OrderLookup } from '../../../products/kit/site/site-pages';

/** An order as Paynet and the /paynet page find it by its number: what is due and whether it can still be paid. */
export interface PaynetOrder {
  contractId: string;
  orderId: number;
  status: Contract['status'];
  /** UZS. */
  amount: number;
  /** The policy holder as the contract states it (shown to a payer only masked). */
  holder: string;
  /** When the order was made: no payment of it is older. */
  createdAt: Date;
}

/**
 * The order of a number (`order_id` of the save answer), of any channel: a payer at a Paynet
 * terminal pays whatever order they were given, a partner's too. `orderNumber` is 1–16 digits.
 */
export async function findOrder(app: FastifyInstance, orderNumber: string): Promise<PaynetOrder | undefined> {
  if (!/^[0-9]{1,16}$/.test(orderNumber)) return undefined;
  const row = await app.db
    .selectFrom('contracts')
    .select(['id', 'order_id', 'status', 'amount', 'created_at', sql<string | null>`request->'terms'->>'holder'`.as('holder')])
    .where('order_id', '=', Number(orderNumber))
    .executeTakeFirst();
  return row ? { contractId: row.id, orderId: Number(row.order_id), status: row.status, amount: Number(row.amount), holder: row.holder ?? '', createdAt: new Date(row.created_at) } : undefined;
}

/**
 * What the /paynet page says of an order number a visitor typed (spaces allowed, as it is printed
 * in groups): its amount due while unpaid, or that it is paid, cancelled or unknown. Only the
 * 16-digit numbers orders are given now: the page is public, and the earlier counted numbers could
 * be guessed one from another.
 */
export async function lookupOrder(app: FastifyInstance, typed: string): Promise<OrderLookup> {
  const orderNumber = typed.replace(/[\s-]/g, '');
  if (!/^[1-9][0-9]{15}$/.test(orderNumber)) return { state: 'invalid', order: typed.trim().slice(0, 40) };
  const order = await findOrder(app, orderNumber);
  if (!order || order.status === 'draft') return { state: 'unknown', order: orderNumber };
  if (order.status === 'awaiting_payment') return { state: 'unpaid', order: orderNumber, amount: order.amount };
  return { state: order.status === 'cancelled' ? 'cancelled' : 'paid', order: orderNumber };
}
