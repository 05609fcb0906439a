import type { FastifyInstance } from 'fastify';
import type { SaveResponse } from '../../products/kit/api/common-api.generated';
import type { Contract } from '../db/database';

/**
 * The answer of every save call: the contract's ids and amount, and a link per way to pay that has
 * one (`url` is Click's, `payme_url` Payme's, as partner clients read them; the others by name).
 */
export function saveAnswer(app: FastifyInstance, contract: Contract): SaveResponse {
  const links = app.payments.links(contract);
  return {
    contract_id: contract.id,
    order_id: String(contract.order_id),
    amount: contract.amount,
    amount_uzs: contract.amount,
    url: links.click ?? '',
    payme_url: links.payme ?? '',
    ...(links.octo ? { octo_url: links.octo } : {}),
    ...(links.alif ? { alif_url: links.alif } : {}),
    ...(links.hosted ? { hosted_url: links.hosted } : {}),
  };
}
