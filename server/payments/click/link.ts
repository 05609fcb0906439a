import type { AppConfig } from '../../config';
import type { Contract } from '../../db/database';
import { returnUrl } from '../links';

/** Click "pay" link (my.click.uz/services/pay shape): on my.click.uz in production, on the sandbox page by default (`config.click.payUrl`). */
export function clickUrl(config: AppConfig, contract: Pick<Contract, 'id' | 'amount' | 'return_url'>): string {
  const query = new URLSearchParams({
    service_id: config.click.serviceId,
    merchant_id: config.click.merchantId,
    amount: contract.amount.toFixed(2),
    transaction_param: contract.id,
    return_url: returnUrl(config, contract),
  });
  return `${config.click.payUrl}?${query.toString()}`;
}
