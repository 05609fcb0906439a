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

/** Pino options of the running server: JSON lines, secrets and document numbers replaced. */
export function loggerOptions(level: string): Exclude<FastifyHttpOptions<RawServerDefault>['logger'], boolean | undefined> {
  return { level, redact: { paths: redactPaths, censor: '[redacted]' } };
}
