import type { FastifyHttpOptions, RawServerDefault } from 'fastify';

/** Log paths that may carry secrets or identity documents; pino replaces them with [redacted]. */
export const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  'token',
  'botToken',
  '*.token',
  '*.passport_number',
  '*.passportNumber',
  '*.card_number',
  '*.cardNumber',
  '*.pinfl',
  '*.*.passport_number',
  '*.*.card_number',
  '*.*.pinfl',
];

/**
 * Personal numbers inside free text: digit runs of 7 or more (passports, PINFLs, phones, cards,
 * order and policy numbers alike, but not the price a refused amount is told), phones written with
 * spaces or dashes, cards in groups of four, nine digits or more in groups.
 * Each keeps its first two characters, enough to tell one kind from another.
 */
const personalNumbers = [
  /\+?998[\s-]?\d{2}[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}/g,
  /\b\d{2}[\s-]\d{3}[\s-]\d{2}[\s-]\d{2}\b/g,
  /\b\d{4}[\s-]\d{4}[\s-]\d{4}[\s-]\d{4}(?:[\s-]?\d{1,3})?\b/g,
  // Not the server's price in "amount differs, server: 5500000", which a chat reader needs whole.
  /(?<!server: |\d)\d{7,}/g,
  // Nine digits or more in groups of any size (a PINFL as `3150 5900 0000 11`); a date's eight are not.
  /(?<!\d)\d(?: ?\d){8,}/g,
];

/** Free text with every personal number masked (`8600 0000 0000 0002` → `86…`). */
export function maskPersonalData(text: string): string {
  return personalNumbers.reduce((masked, pattern) => masked.replace(pattern, (m) => `${m.slice(0, 2)}…`), text);
}

/**
 * An address with its personal numbers masked, read as its reader would: `%3X` digits, `%2B`, `%20`
 * and `+` separators are decoded first (only ASCII escapes, so a malformed one cannot throw).
 */
export function maskUrl(url: string): string {
  return maskPersonalData(url.replace(/%([0-7][0-9A-Fa-f])/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))).replaceAll('+', ' '));
}

/**
 * What a log keeps of an error: its type, code, message and stack with personal numbers masked —
 * never its other members, where database drivers put the failing row and the query's parameters.
 */
export function safeError(err: Error): { type: string; message: string; stack: string; code?: string | number } {
  const code = (err as { code?: unknown }).code;
  return {
    type: err instanceof Error ? err.name : typeof err,
    message: maskPersonalData(err instanceof Error ? err.message : String(err)),
    stack: maskPersonalData(err instanceof Error ? err.stack ?? '' : ''),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
  };
}

/** Pino options of the running server: JSON lines, secrets redacted, errors without their data. */
export function loggerOptions(level: string): Exclude<FastifyHttpOptions<RawServerDefault>['logger'], boolean | undefined> {
  return { level, redact: { paths: redactPaths, censor: '[redacted]' }, serializers: { err: safeError } };
}
