import { isIsoDate, isoToDmy } from '../api/api-format';

/**
 * Texts the products' purchase summaries share, written as the policy prints them: names
 * `First Last`, dates `DD.MM.YYYY` (requirements §9).
 */

export const personName = (person: { firstName?: string | undefined; lastName?: string | undefined }): string =>
  [person.firstName, person.lastName].filter(Boolean).join(' ');

/** `01.07.2026 – 07.07.2026`, or empty while a date is missing. */
export function periodText(beginDate: string | undefined, endDate: string | undefined): string {
  return isIsoDate(beginDate) && isIsoDate(endDate) ? `${isoToDmy(beginDate, '.')} – ${isoToDmy(endDate, '.')}` : '';
}
