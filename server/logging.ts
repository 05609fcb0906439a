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
 * Personal numbers inside free text: digit runs of 7 or more (passports, PINFLs, phones, cards, but
 * not the price a refused amount is told), phones written with spaces, dashes or brackets (as the
 * API reads them), a passport's seven digits in groups, cards in groups of four, nine digits or more
 * in groups. Each keeps its first two characters, enough to tell one kind
 * from another.
 */
const personalNumbers = [
  // A phone's country code, not the 998 inside a longer number (a PINFL); its operator's code maybe in brackets.
  /(?<!\d)\+?998[\s-]?\(?\d{2}\)?[\s-]?\d{3}[\s-]?\d{2}[\s-]?\d{2}/g,
  /(?<!\d)\(?\d{2}\)?[\s-]\d{3}[\s-]\d{2}[\s-]\d{2}\b/g,
  /\(\d{2}\)\d{3}[\s-]?\d{2}[\s-]?\d{2}\b/g,
  // A passport's seven digits in groups (123 45 67), as a phone's last seven are written.
  /(?<!\d)\d{3}[\s-]\d{2}[\s-]\d{2}\b/g,
  /\b\d{4}[\s-]\d{4}[\s-]\d{4}[\s-]\d{4}(?:[\s-]?\d{1,3})?\b/g,
  // Not the server's price in "amount differs, server: 5500000", which a chat reader needs whole.
  /(?<!server: |\d)\d{7,}/g,
  // Nine digits or more in groups of any size (a PINFL as `3150 5900 0000 11`); a date's eight are not.
  /(?<!\d)\d(?: ?\d){8,}/g,
];

/**
 * What the staff look a sale up by, which no personal number looks like and which must come
 * through whole even where it holds long digit runs: ids (a contract's, a payment's: UUIDs), policy
 * numbers (`TRV 2026000123`: the series, the year, the sequence; plugins/app/policies.ts) and order
 * numbers where the text names them as such (`order 4821…`, `order_id=4821…`, `"order_id": "4821…"`);
 * an order number's 16 digits alone are not told from a card's.
 */
const identifiers = [
  /(?<![0-9a-z])[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}(?![0-9a-z])/gi,
  /(?<![A-Za-z0-9])[A-Z]{3} 20\d{8,10}(?!\d)/g,
  /(?<=\border(?:[ _-]?(?:id|number|no))?\W{0,4})\d+/gi,
];

const maskNumbers = (text: string) => personalNumbers.reduce((masked, pattern) => masked.replace(pattern, (m) => `${m.slice(0, 2)}…`), text);

/** Free text with every personal number masked (`8600 0000 0000 0002` → `86…`) and every identifier whole. */
export function maskPersonalData(text: string): string {
  // Every personal number has digits: most log lines have none to mask.
  if (!/\d/.test(text)) return text;
  const kept = identifiers.flatMap((pattern) => [...text.matchAll(pattern)].map((m) => [m.index, m.index + m[0].length] as const)).sort((x, y) => x[0] - y[0]);
  let masked = '';
  let from = 0;
  for (const [start, end] of kept) {
    if (end <= from) continue;
    const at = Math.max(start, from);
    masked += maskNumbers(text.slice(from, at)) + text.slice(at, end);
    from = end;
  }
  return masked + maskNumbers(text.slice(from));
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
