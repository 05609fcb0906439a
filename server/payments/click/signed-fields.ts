import { testConfig } from '../../config';
import { clickSignString } from './signature';

const { serviceId, secretKey } = testConfig().click;

/**
 * Click's Prepare for `contractId` as Click sends it, signed with `key` (the sandbox's by default), for
 * the tests that call the SHOP API as Click does. A field given as `null` is left out, before signing;
 * `sign_string` given overrides the signature (`null`: none sent).
 */
export function clickPrepareFields(transId: string, contractId: string, overrides: Partial<Record<string, string | null>> = {}, key = secretKey): Record<string, string> {
  const fields: Record<string, string | null> = {
    click_trans_id: transId,
    service_id: serviceId,
    click_paydoc_id: String(Number(transId) + 7),
    merchant_trans_id: contractId,
    amount: '70000.00',
    action: '0',
    error: '0',
    error_note: 'Success',
    sign_time: '2026-03-01 12:00:00',
    ...overrides,
  };
  const present = Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null));
  const signature = clickSignString(
    {
      clickTransId: present.click_trans_id ?? '',
      serviceId: present.service_id ?? '',
      merchantTransId: present.merchant_trans_id ?? '',
      merchantPrepareId: present.action === '1' ? present.merchant_prepare_id : undefined,
      amount: present.amount ?? '',
      action: present.action ?? '',
      signTime: present.sign_time ?? '',
    },
    key,
  );
  const given = overrides.sign_string;
  return given === undefined ? { ...present, sign_string: signature } : given === null ? present : { ...present, sign_string: given };
}

/** Click's Complete of a prepared transaction (`prepareId`), signed as its Prepare. */
export function clickCompleteFields(transId: string, contractId: string, prepareId: number | string, overrides: Partial<Record<string, string | null>> = {}, key = secretKey): Record<string, string> {
  return clickPrepareFields(transId, contractId, { action: '1', merchant_prepare_id: String(prepareId), ...overrides }, key);
}
