import type { FlowData, MachineRules, Renewal } from '../../../engine/definition';
import { isRecord } from '../../../engine/is-record';
import { addDays, daysBetween, dmyToIso, isIsoDate } from '../api/api-format';
import type { FlowPerson } from '../define/define';

/**
 * What every product's renewal (`products/<id>/renewal.ts`) reads a saved request with: the request
 * is the stored JSON of a save, so each member is read by its shape, and a request that lacks what
 * the product's save always sends is refused (`NotRenewable`) rather than turned into half a flow.
 * Loaded only with a renewal, never with a flow page.
 */

/** A saved request this product's renewal cannot read: the page starts the flow empty and says so. */
export class NotRenewable extends Error {}

/** Types a product's renewal by its flow data. */
export const defineRenewal = <D extends FlowData, C = unknown>(renewal: Renewal<D, C>): Renewal<D, C> => renewal;

/** A saved request's members, read by their shape. */
export interface RequestReader {
  /** A text member; throws `NotRenewable` when it is missing. */
  text(name: string): string;
  /** A text member, or undefined. */
  maybeText(name: string): string | undefined;
  /** A number member (a digits-only text is read as its number, as multipart fields come); throws when missing. */
  number(name: string): number;
  maybeNumber(name: string): number | undefined;
  /** A `0`/`1` (or boolean) flag; false when absent. */
  flag(name: string): boolean;
  /** A date written `DD.MM.YYYY` or `DD-MM-YYYY` (or ISO), as ISO; throws when missing or not a date. */
  date(name: string): string;
  maybeDate(name: string): string | undefined;
  /** An object member, read the same way; throws when missing. */
  object(name: string): RequestReader;
  /** An array member's objects (an absent one is none). */
  list(name: string): RequestReader[];
  /** The names an object member of flags (`{ luggage: 1, accident: 0 }`) sets (an absent one sets none). */
  setFlags(name: string): string[];
  /** An array member's texts (an absent one is none). */
  texts(name: string): string[];
  /** Whether the member is there (not null). */
  has(name: string): boolean;
}

function isoOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (isIsoDate(value)) return value;
  try {
    const iso = dmyToIso(value);
    return isIsoDate(iso) ? iso : undefined;
  } catch {
    return undefined;
  }
}

function numberOf(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  return typeof value === 'string' && /^-?[0-9]{1,15}(\.[0-9]+)?$/.test(value) ? Number(value) : undefined;
}

/** Reads a request (or one of its objects); `at` names it in a refusal. */
export function readRequest(value: unknown, at = 'request'): RequestReader {
  if (!isRecord(value)) throw new NotRenewable(`${at} is not an object`);
  const record = value;
  const missing = (name: string): never => {
    throw new NotRenewable(`${at}.${name} is missing or malformed`);
  };
  const reader: RequestReader = {
    maybeText: (name) => (typeof record[name] === 'string' && record[name] !== '' ? (record[name] as string) : undefined),
    text: (name) => reader.maybeText(name) ?? missing(name),
    maybeNumber: (name) => numberOf(record[name]),
    number: (name) => numberOf(record[name]) ?? missing(name),
    flag: (name) => record[name] === 1 || record[name] === true || record[name] === '1' || record[name] === 'true',
    maybeDate: (name) => isoOf(record[name]),
    date: (name) => isoOf(record[name]) ?? missing(name),
    object: (name) => readRequest(record[name], `${at}.${name}`),
    list: (name) => (Array.isArray(record[name]) ? (record[name] as unknown[]).map((item, i) => readRequest(item, `${at}.${name}[${i}]`)) : []),
    setFlags: (name) => (isRecord(record[name]) ? Object.keys(record[name]).filter((flag) => readRequest(record[name]).flag(flag)) : []),
    texts: (name) => (Array.isArray(record[name]) ? (record[name] as unknown[]).filter((item): item is string => typeof item === 'string') : []),
    has: (name) => record[name] !== undefined && record[name] !== null,
  };
  return reader;
}

/**
 * A person as a save request names them (`passport_seria`, `passport_number`, `birthday`, `pinfl`;
 * other names of the same members by `names`) back as flow data: the names are the registry's, which
 * the flow's lookup asks again.
 */
export function flowPersonOf(person: RequestReader, names: { seria?: string; number?: string; birthday?: string; pinfl?: string } = {}): FlowPerson {
  const pinfl = person.maybeText(names.pinfl ?? 'pinfl');
  return {
    passport: `${person.text(names.seria ?? 'passport_seria')}${person.text(names.number ?? 'passport_number')}`,
    birthday: person.date(names.birthday ?? 'birthday'),
    ...(pinfl ? { pinfl } : {}),
  };
}

/** The last day of a cover as long as the one from `begin` to `end`, starting on `renewFrom` (ISO dates). */
export function movedEnd(begin: string, end: string, renewFrom: string): string {
  return addDays(renewFrom, daysBetween(begin, end) - 1);
}

/**
 * `data` after the flow's own field effects `names` (`machine.actions`), each run as for a change of
 * its field: what the flow derives from the answers comes out as the flow derives it. An effect the
 * flow does not have is passed over.
 */
export function withEffects<D extends FlowData, C>(data: D, actions: MachineRules<D, C>['actions'], names: readonly string[], catalog: C): D {
  return names.reduce((current, name) => actions[name]?.(current, current, catalog).data ?? current, data);
}
