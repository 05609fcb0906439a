import { createHash, timingSafeEqual } from 'node:crypto';

/** What Click signs in a SHOP API call, each as sent (the amount as its text: `70000.00` and `70000` sign differently). */
export interface SignedFields {
  clickTransId: string;
  serviceId: string;
  merchantTransId: string;
  /** Complete only (`action` 1): it sits between `merchant_trans_id` and `amount`. */
  merchantPrepareId?: string | undefined;
  amount: string;
  action: string;
  signTime: string;
}

/**
 * Click's `sign_string`: MD5 (hex) of `click_trans_id + service_id + SECRET_KEY + merchant_trans_id
 * [+ merchant_prepare_id] + amount + action + sign_time`, as Click computes it over the fields it sends.
 */
export function clickSignString(fields: SignedFields, secretKey: string): string {
  const text = `${fields.clickTransId}${fields.serviceId}${secretKey}${fields.merchantTransId}${fields.merchantPrepareId ?? ''}${fields.amount}${fields.action}${fields.signTime}`;
  return createHash('md5').update(text, 'utf8').digest('hex');
}

/** Whether `sent` is the signature of `fields` (hex in either case), compared in constant time. */
export function clickSignMatches(fields: SignedFields, secretKey: string, sent: string): boolean {
  const expected = Buffer.from(clickSignString(fields, secretKey));
  const given = Buffer.from(sent.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** How far a merchant API call's timestamp may be from the clock of whoever checks it. */
export const authClockSkewSeconds = 300;

const authDigest = (timestamp: string, secretKey: string) => createHash('sha1').update(`${timestamp}${secretKey}`, 'utf8').digest('hex');

/** Click merchant API's `Auth` header: `merchant_user_id:sha1(timestamp + secret_key):timestamp`, the timestamp in Unix seconds. */
export function clickAuthHeader(merchantUserId: string, secretKey: string, now = Date.now()): string {
  const timestamp = String(Math.floor(now / 1000));
  return `${merchantUserId}:${authDigest(timestamp, secretKey)}:${timestamp}`;
}

/** Whether an `Auth` header is this merchant user's, signed with the key, and of now (within the clock skew). */
export function clickAuthValid(header: string | undefined, merchantUserId: string, secretKey: string, now = Date.now()): boolean {
  const match = /^([^:]{1,64}):([0-9a-f]{40}):(\d{10})$/i.exec(header ?? '');
  if (!match) return false;
  const [, user, digest, timestamp] = match as unknown as [string, string, string, string];
  if (Math.abs(Number(timestamp) - now / 1000) > authClockSkewSeconds) return false;
  const expected = Buffer.from(`${merchantUserId}:${authDigest(timestamp, secretKey)}`);
  const given = Buffer.from(`${user}:${digest.toLowerCase()}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
