/**
 * Tolerant reading of partners' requests (Postel: strict in what we store, liberal in what we
 * read): the shapes existing partner clients send become the one documented shape, which the
 * request schema then checks strictly. Each helper leaves a value it cannot read as it is, so the
 * schema refuses it with the field named; nothing here guesses money, dates or identity.
 */

import { isRecord } from '../../../engine/is-record';

/** A yes/no flag as 0/1: booleans, 0/1 and their strings. */
function flag(value: unknown): unknown {
  if (value === true || value === 1 || value === '1' || value === 'true') return 1;
  if (value === false || value === 0 || value === '0' || value === 'false') return 0;
  return value;
}

/** A yes/no value as a boolean: booleans, 0/1 and their strings. */
function yes(value: unknown): unknown {
  const read = flag(value);
  return read === 1 ? true : read === 0 ? false : value;
}

/** A whole number sent as its digits (`"12"` → 12); a fraction, a sign, an exponent or a grouping is left for the schema to refuse. */
export function integer(value: unknown): unknown {
  return typeof value === 'string' && /^[0-9]{1,15}$/.test(value) ? Number(value) : value;
}

/**
 * An amount in whole sum sent as a decimal string, as PHP and Laravel clients send decimals
 * (`"113850"`, `"113850.00"`), read as that exact number; anything else (a fraction of a sum, a
 * grouped or exponent form) is left for the schema to refuse, so an amount is never rounded or guessed.
 */
function money(value: unknown): unknown {
  return typeof value === 'string' && /^[0-9]{1,15}(\.0{1,2})?$/.test(value) ? Number(value.split('.')[0]) : value;
}

/**
 * A name in Latin letters with the apostrophe as a passport prints it (`G'ULOMOV`): Uzbek's ʻ and ʼ,
 * and the typographic quotes a phone's keyboard puts in their place, become the ASCII apostrophe.
 */
const asciiApostrophes = (text: string): string => text.replace(/[\u02BB\u02BC\u2018\u2019`]/g, "'");

/** A code's text without what people write between its characters (spaces, dashes, brackets, a phone's `+`), in capitals. */
const compact = (text: string): string => text.replace(/[\s()+-]/g, '').toUpperCase();

/**
 * Whether a field is sent at all: a Go struct without `omitempty` sends `""` and `0` for what it
 * does not use, a PHP array `null`; such a field is absent, and a required one is then reported missing.
 */
export const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** What `either` finds while a product's reading runs (`readingNames`): a record whose names for one field say two things. */
let namesSaid: { record: Record<string, unknown>; name: string; member: string }[] | null = null;

/** A number written as text with a decimal point or comma: compared by its value, not its digits (a run of digits alone is a code, compared digit by digit). */
const decimalText = /^\s*-?\d+[.,]\d+\s*$/;
/** A date of three numbers (`15.05.1990`, `15-05-1990`, `2026/1/5`): compared by its numbers, whatever the separator. */
const dateText = /^\s*(\d{1,4})[.\-/](\d{1,2})[.\-/](\d{1,4})\s*$/;

/**
 * A value as two names of one field are compared: a yes/no as 1 or 0, a number (or a number written
 * as text) by its value, a date by its three numbers, any other text by its letters and digits in
 * capitals, so the same value written two ways (`1` and `true`, `aa` and `AA`, `01 a 123 bc` and
 * `01A123BC`, `"5"` and `5`, `15.05.1990` and `15-05-1990`) is one, while `28000.0` and `280000`, or
 * `12.1.2026` and `1.21.2026`, are two.
 */
function gist(value: unknown): string {
  const read = flag(value);
  if (read === 0 || read === 1) return String(read);
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return JSON.stringify(value);
  if (decimalText.test(value)) return String(Number(value.replace(',', '.')));
  const date = dateText.exec(value);
  if (date) return date.slice(1).map(Number).join('.');
  return asciiApostrophes(value).replace(/[^\p{L}\p{N}']/gu, '').toUpperCase();
}

/**
 * The first of several names a field comes under. Inside `readingNames`, another of the names sent
 * with another value is told (which of the two the partner meant is not ours to guess).
 */
export function either(record: Record<string, unknown>, ...names: string[]): unknown {
  return eitherAs(keepAsSent, record, ...names);
}

/** `either` for a field whose values a product reads its own way (`read`: OSAGO's 2 for a passenger car is 1), compared as read. */
export function eitherAs(read: ValueReader, record: Record<string, unknown>, ...names: string[]): unknown {
  let taken: string | undefined;
  for (const name of names) {
    if (!present(record[name])) continue;
    if (taken === undefined) {
      taken = name;
      if (!namesSaid) break;
    } else if (gist(read(record[name])) !== gist(read(record[taken]))) namesSaid?.push({ record, name, member: taken });
  }
  return taken === undefined ? undefined : record[taken];
}

/** Where `target` is in `value`, as a JSON pointer; undefined when it is not there. */
function pointerOf(value: unknown, target: object, at = ''): string | undefined {
  if (value === target) return at;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const key of Object.keys(value)) {
    const found = pointerOf((value as Record<string, unknown>)[key], target, `${at}/${key}`);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Runs a product's own reading of `body` (products/<id>/read.ts, synchronous) and tells each field
 * whose names it reads with `either` were sent with two different values (`birthday` and
 * `birth_date`, `gos_number` and `carNumber`), at the pointer of the other name in `body`.
 */
export function readingNames<T>(body: unknown, read: () => T): { value: T; conflicts: NameConflict[] } {
  const said: NonNullable<typeof namesSaid> = [];
  const outer = namesSaid;
  namesSaid = said;
  try {
    const value = read();
    return { value, conflicts: said.map(({ record, name, member }) => ({ pointer: `${pointerOf(body, record) ?? ''}/${name}`, member })) };
  } finally {
    namesSaid = outer;
  }
}

/**
 * The record without its undefined and null members, so absent stays absent for the schema (an
 * empty string may be a documented value, as an empty `return_url`: fields that take none are read with `either`).
 */
export function defined<T extends Record<string, unknown>>(record: T): T {
  // A loop, not entries → filter → fromEntries: every partner request is read through this.
  const kept: Record<string, unknown> = {};
  for (const key of Object.keys(record)) {
    const value = record[key];
    if (value !== undefined && value !== null) kept[key] = value;
  }
  return kept as T;
}

/**
 * What of a request schema (schemas/api) the reading follows: objects' properties, lists' items and
 * the scalar's type, enum and pattern. The request schemas use nothing else that shapes a value.
 */
export interface ReadSchema {
  type?: string | readonly string[];
  properties?: Readonly<Record<string, ReadSchema>>;
  required?: readonly string[];
  items?: ReadSchema;
  enum?: readonly unknown[];
  pattern?: string;
  minLength?: number;
}

/** A member sent under two of its names with different values: where the second name was sent, and the member it names. */
export interface NameConflict {
  /** The JSON pointer of the other name (`/travelers/0/birthDate`). */
  pointer: string;
  /** The member both names mean (`birthday`). */
  member: string;
}

/**
 * Reads one value of a request into its documented shape; what it cannot read it gives back as it
 * came. A member sent under two names with different values is told to `conflicts` when given (its
 * pointer under `at`, the value's own pointer).
 */
export type ValueReader = (value: unknown, conflicts?: NameConflict[], at?: string) => unknown;

export interface ReaderOptions {
  /**
   * JSON pointers of the request's whole-sum amounts (a sale's `amountField`): these also take a
   * decimal string with a zero fraction (`"113850.00"`), the form PHP clients write decimals in.
   */
  money?: readonly string[];
}

/**
 * The one reading of every call's body (server/lib/calls.ts `reading`), built once per request
 * schema from the schema itself, so every product's calculators, lookups, saves and checks take the
 * same shapes and a new call takes them without a line of its own:
 *
 * - a member may come under its name in camelCase or snake_case, in any case (`passportSeria`,
 *   `PASSPORT_SERIA` for `passport_seria`; `vehicle_type_id` for `vehicleTypeId`); sent under two
 *   such names with different values it is told to `conflicts` (the call refuses the other name:
 *   which one the partner meant is not ours to guess), and left for the schema to refuse by name;
 * - a member sent as `null`, or as `""` where it may be absent and `""` is no value of it, is absent;
 * - a whole number (`integer`) may be its digits as a string (`"2"`); an amount also `"113850.00"`;
 * - a yes/no (`boolean`, or an `integer` of enum 0 and 1) may be a boolean, 0/1, or `"0"`, `"1"`,
 *   `"true"`, `"false"`;
 * - a text of a pattern the value fails is read trimmed and with Uzbek and typographic apostrophes as
 *   `'`; a code (a pattern of letters and digits only: passport series and number, tech passport,
 *   plate, PINFL, INN, phone, order number) also in any case, with spaces, dashes, brackets and a
 *   `+` (`+998 90 123-45-67`, `01 a 123 bc`), or as a whole number (`"inn": 301234567`).
 *
 * Only a value that then matches is taken: anything else (`"2.5"` for an id, `"yes"` for a flag, a
 * phone that is not 998 and nine digits) stays as sent, and the schema refuses it naming the field.
 */
export function schemaReader(schema: ReadSchema, options: ReaderOptions = {}): ValueReader {
  return compile(schema, '', new Set(options.money));
}

const keepAsSent: ValueReader = (value) => value;

function compile(schema: ReadSchema, pointer: string, amounts: ReadonlySet<string>): ValueReader {
  if (schema.properties) return objectReader(schema.properties, new Set(schema.required), pointer, amounts);
  switch (schema.type) {
    case 'array': {
      if (!schema.items) return keepAsSent;
      const item = compile(schema.items, `${pointer}/-`, amounts);
      return (value, conflicts, at = '') => (Array.isArray(value) ? value.map((entry, i) => item(entry, conflicts, `${at}/${i}`)) : value);
    }
    case 'boolean':
      return yes;
    case 'integer':
      if (schema.enum?.length === 2 && schema.enum.includes(0) && schema.enum.includes(1)) return flag;
      return amounts.has(pointer) ? money : integer;
    case 'string':
      return schema.pattern === undefined ? keepAsSent : patternReader(schema.pattern);
    default:
      return keepAsSent;
  }
}

/** A name as its spellings share it: `passport_seria`, `passportSeria` and `PASSPORT_SERIA` are `passportseria`. */
const fold = (name: string): string => name.replace(/_/g, '').toLowerCase();

/** Whether `""` is no value of a member: one the schema refuses it for (a non-text, or a text of some length or pattern). */
function refusesEmpty(schema: ReadSchema): boolean {
  if (schema.type !== 'string') return true;
  if ((schema.minLength ?? 0) > 0) return true;
  if (schema.enum && !schema.enum.includes('')) return true;
  return schema.pattern !== undefined && !new RegExp(schema.pattern, 'u').test('');
}

/** Sets a member as JSON.parse would, an own property even under the name `__proto__`. */
function put(record: Record<string, unknown>, key: string, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(record, key, { value, enumerable: true, writable: true, configurable: true });
  else record[key] = value;
}

/**
 * The member of an object's `properties` a name sent means: itself, or the one it spells in
 * camelCase or snake_case, in any case; undefined for a name that is none of them.
 */
export function memberNamer(properties: Readonly<Record<string, unknown>>): (sent: string) => string | undefined {
  const byFold = new Map<string, string | null>();
  // Two members one spelling apart (none in schemas/api) take no other spelling: it could mean either.
  for (const name of Object.keys(properties)) byFold.set(fold(name), byFold.has(fold(name)) ? null : name);
  return (sent) => (Object.hasOwn(properties, sent) ? sent : (byFold.get(fold(sent)) ?? undefined));
}

function objectReader(properties: Readonly<Record<string, ReadSchema>>, required: ReadonlySet<string>, pointer: string, amounts: ReadonlySet<string>): ValueReader {
  const readers = new Map<string, ValueReader>();
  const emptyIsAbsent = new Set<string>();
  const memberOf = memberNamer(properties);
  for (const [name, property] of Object.entries(properties)) {
    readers.set(name, compile(property, `${pointer}/${name}`, amounts));
    if (!required.has(name) && refusesEmpty(property)) emptyIsAbsent.add(name);
  }
  const absent = (name: string, value: unknown) => value === null || value === undefined || (value === '' && emptyIsAbsent.has(name));
  return (value, conflicts, at = '') => {
    if (!isRecord(value)) return value;
    const read: Record<string, unknown> = {};
    const others: string[] = [];
    for (const key of Object.keys(value)) {
      const reader = readers.get(key);
      if (!reader) others.push(key);
      else if (!absent(key, value[key])) read[key] = reader(value[key], conflicts, `${at}/${key}`);
    }
    for (const key of others) {
      const sent = value[key];
      const name = memberOf(key);
      if (!name) {
        // Not a member of the call: the schema refuses it by name.
        put(read, key, sent);
        continue;
      }
      if (absent(name, sent)) continue;
      const reader = readers.get(name) as ValueReader;
      if (!Object.hasOwn(read, name)) read[name] = reader(sent, conflicts, `${at}/${key}`);
      // The same member twice: once is enough when both say the same; two different things are
      // told (the caller refuses them by the other name), and the other spelling stays for the schema to refuse.
      else if (JSON.stringify(reader(sent)) !== JSON.stringify(read[name])) {
        conflicts?.push({ pointer: `${at}/${key}`, member: name });
        put(read, key, sent);
      }
    }
    return read;
  };
}

/**
 * Whether a pattern writes a code of letters and digits only: once its character classes of letters
 * and digits (`[A-Z]`, `[0-9]`, `[MH]`), its quantifiers, groups and alternatives are taken away, only
 * letters and digits remain. A date (`\.`, `-`), a name (`'`, a space), an id with `_` or `-` is not one.
 */
function isCodePattern(pattern: string): boolean {
  const rest = pattern
    .replace(/^\^|\$$/g, '')
    .replace(/\[(?:[A-Za-z0-9]-[A-Za-z0-9]|[A-Za-z0-9])+\]/g, '')
    .replace(/\{\d+(?:,\d*)?\}|\(\?:|[()|?*+]/g, '');
  return /^[A-Za-z0-9]*$/.test(rest);
}

function patternReader(pattern: string): ValueReader {
  const accepts = new RegExp(pattern, 'u');
  const code = isCodePattern(pattern);
  return (value) => {
    if (typeof value === 'number') {
      // A code sent as a number (a PHP or Go integer): its digits, when they are the code (no leading zero lost).
      return code && Number.isSafeInteger(value) && value >= 0 && accepts.test(String(value)) ? String(value) : value;
    }
    if (typeof value !== 'string' || accepts.test(value)) return value;
    const trimmed = asciiApostrophes(value.trim());
    if (accepts.test(trimmed)) return trimmed;
    if (!code) return value;
    const compacted = compact(trimmed);
    return accepts.test(compacted) ? compacted : value;
  };
}
