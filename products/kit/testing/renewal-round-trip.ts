import { addDays, dmyToIso, isIsoDate, isoToDmy } from '../api/api-format';

/** How far the renewal's first day lies after the old cover's: not a whole year, so a renewal that adds a year to the old dates instead of moving them is caught. */
const movedDays = 100;

/** A date of a request as ISO with how it was written, or null for any other value. */
function readDate(value: string): { iso: string; write: (iso: string) => string } | null {
  if (isIsoDate(value)) return { iso: value, write: (iso) => iso };
  if (!/^[0-9]{2}[.-][0-9]{2}[.-][0-9]{4}$/.test(value)) return null;
  const iso = dmyToIso(value);
  const separator = value[2] === '-' ? '-' : '.';
  return isIsoDate(iso) ? { iso, write: (moved) => isoToDmy(moved, separator) } : null;
}

function dates(value: unknown, found: string[] = []): string[] {
  if (typeof value === 'string') {
    const date = readDate(value);
    if (date) found.push(date.iso);
  } else if (Array.isArray(value)) for (const item of value) dates(item, found);
  else if (typeof value === 'object' && value !== null) for (const item of Object.values(value)) dates(item, found);
  return found;
}

function moved(value: unknown, from: string): unknown {
  if (typeof value === 'string') {
    const date = readDate(value);
    return date && date.iso >= from ? date.write(addDays(date.iso, movedDays)) : value;
  }
  if (Array.isArray(value)) return value.map((item) => moved(item, from));
  if (typeof value === 'object' && value !== null) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, moved(item, from)]));
  return value;
}

/**
 * A saved request renewed: the renewal's first day (`movedDays` after the old cover's first day,
 * the earliest date of the request on or after `today`: birthdays, licences and vaccinations lie
 * before it) and the request the renewal must save, the old one with every date of its cover moved
 * by as many days.
 */
export function renewedRequest(request: Record<string, unknown>, today: string): { renewFrom: string; expected: unknown } {
  const cover = dates(request).filter((date) => date >= today).sort();
  const begin = cover[0];
  if (begin === undefined) throw new Error('the request names no date of cover');
  return { renewFrom: addDays(begin, movedDays), expected: moved(request, begin) };
}
