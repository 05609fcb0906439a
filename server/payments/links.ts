import type { AppConfig } from '../config';
import type { Contract } from '../db/database';

/** Absolute return address: the contract keeps a site path, providers need a full URL. */
export function returnUrl(config: AppConfig, contract: Pick<Contract, 'return_url'>): string {
  return `${config.publicUrl}${contract.return_url}`;
}

/**
 * The link of a provider whose payment page must first be made by a call (Octo, Alif, the hosted
 * page): this server's `GET /pay/<provider>/<contract_id>`, which makes it when the visitor comes.
 */
export function startUrl(config: AppConfig, provider: string, contract: Pick<Contract, 'id'>): string {
  return `${config.publicUrl}/pay/${provider}/${contract.id}`;
}
