import { addDays } from '../kit/api/api-format';
import type { OsgopMonths } from './pricing';

/** The last covered day of a policy of `months` from `iso`: the day before the same date that many months on (the month's last day when it has no such date). */
export function coverEnd(iso: string, months: OsgopMonths): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const index = m - 1 + months;
  const year = y + Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, last);
  const same = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  // 31 Aug + 6 months has no 31 Feb…: the cover then runs to the month's last day.
  return day < d ? same : addDays(same, -1);
}
