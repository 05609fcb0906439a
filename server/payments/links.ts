import type { AppConfig } from '../config';
import type { Contract } from '../db/database';

/** Absolute return address: the contract keeps a site path, providers need a full URL. */
export function returnUrl(config: AppConfig, contract: Pick<Contract, 'return_url'>): string {
  return `${config.publicUrl}${contract.return_url}`;
}
