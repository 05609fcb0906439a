import type { AppConfig } from '../../config';
import type { Contract } from '../../db/database';
import { returnUrl } from '../links';

/**
 * Payme checkout link in Payme's own format (`<checkout>/base64("m=…;ac.contract_id=…;a=<tiyin>;c=…")`),
 * on checkout.paycom.uz in production and on the sandbox checkout by default (`config.payme.checkoutUrl`).
 */
export function paymeUrl(config: AppConfig, contract: Pick<Contract, 'id' | 'amount' | 'return_url'>): string {
  // The payload's fields are split at ';': one in the return address is written as %3B, which means the same to a browser.
  const payload = `m=${config.payme.merchantId};ac.contract_id=${contract.id};a=${contract.amount * 100};c=${returnUrl(config, contract).replaceAll(';', '%3B')}`;
  return `${config.payme.checkoutUrl}/${Buffer.from(payload, 'utf8').toString('base64')}`;
}

export interface PaymePayload {
  merchantId: string;
  contractId: string;
  /** Tiyin. */
  amount: number;
  returnUrl: string;
}

/** Reads a checkout payload; null when it is not one of ours. */
export function parsePaymePayload(encoded: string): PaymePayload | null {
  if (!/^[A-Za-z0-9+/_=-]{1,2000}$/.test(encoded)) return null;
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  const fields = new Map<string, string>();
  // c= is last and may itself contain ';' (a return URL), so it takes the rest of the string.
  const cAt = text.indexOf(';c=');
  const head = cAt >= 0 ? text.slice(0, cAt) : text;
  if (cAt >= 0) fields.set('c', text.slice(cAt + 3));
  for (const part of head.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0) fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  const amount = Number(fields.get('a'));
  const merchantId = fields.get('m');
  const contractId = fields.get('ac.contract_id');
  if (!merchantId || !contractId || !Number.isSafeInteger(amount) || amount <= 0) return null;
  return { merchantId, contractId, amount, returnUrl: fields.get('c') ?? '' };
}
