import type { FastifyInstance } from 'fastify';
import type { SaveResponse } from '../../products/common-api.generated';
import type { Contract } from '../db/database';
import { clickUrl, paymeUrl } from './payment-links';

/** The answer of every save call: ids and both payment links. */
export function saveAnswer(app: FastifyInstance, contract: Contract): SaveResponse {
  return {
    contract_id: contract.id,
    order_id: String(contract.order_id),
    amount: contract.amount,
    url: clickUrl(app.config, contract),
    payme_url: paymeUrl(app.config, contract),
  };
}
