/**
 * Tolerant reading of partners' requests (Postel: strict in what we store, liberal in what we
 * read): the shapes existing partner clients send become the one documented shape, which the
 * request schema then checks strictly. Each helper leaves a value it cannot read as it is, so the
 * schema refuses it with the field named; nothing here guesses money, dates or identity.
 */

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A yes/no flag as 0/1: booleans, 0/1 and their strings. */
export function flag(value: unknown): unknown {
  if (value === true || value === 1 || value === '1' || value === 'true') return 1;
  if (value === false || value === 0 || value === '0' || value === 'false') return 0;
  return value;
}

/** A yes/no value as a boolean: booleans, 0/1 and their strings. */
export function yes(value: unknown): unknown {
  const read = flag(value);
  return read === 1 ? true : read === 0 ? false : value;
}

/** A whole number sent as digits (`"12"` → 12); ids and counts only, never money. */
export function integer(value: unknown): unknown {
  return typeof value === 'string' && /^[0-9]{1,9}$/.test(value) ? Number(value) : value;
}

/**
 * An amount in whole sum sent as a decimal string, as PHP and Laravel clients send decimals
 * (`"113850"`, `"113850.00"`), read as that exact number; anything else (a fraction of a sum, a
 * grouped or exponent form) is left for the schema to refuse, so an amount is never rounded or guessed.
 */
export function money(value: unknown): unknown {
  return typeof value === 'string' && /^[0-9]{1,15}(\.0{1,2})?$/.test(value) ? Number(value.split('.')[0]) : value;
}

/**
 * A name in Latin letters with the apostrophe as a passport prints it (`G'ULOMOV`): Uzbek's ʻ and ʼ,
 * and the typographic quotes a phone's keyboard puts in their place, become the ASCII apostrophe
 * the name's pattern takes.
 */
export function latinName(value: unknown): unknown {
  return typeof value === 'string' ? value.replace(/[\u02BB\u02BC\u2018\u2019`]/g, "'") : value;
}

/** Letters uppercased (passport series, country codes). */
export function upper(value: unknown): unknown {
  return typeof value === 'string' ? value.trim().toUpperCase() : value;
}

/** A phone number as its digits when the rest is only `+`, spaces, dashes and brackets. */
export function phone(value: unknown): unknown {
  return typeof value === 'string' && /^[+\d\s()-]+$/.test(value) ? value.replace(/\D/g, '') : value;
}

/**
 * Whether a field is sent at all: a Go struct without `omitempty` sends `""` and `0` for what it
 * does not use, a PHP array `null`; such a field is absent, and a required one is then reported missing.
 */
export const present = (value: unknown): boolean => value !== undefined && value !== null && value !== '';

/** The first of several names a field comes under. */
export function either(record: Record<string, unknown>, ...names: string[]): unknown {
  for (const name of names) if (present(record[name])) return record[name];
  return undefined;
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
