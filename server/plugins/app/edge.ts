import { randomBytes, timingSafeEqual } from 'node:crypto';
import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiClient } from '../../config';
import { AppError } from '../../envelope';
import { pageStyleSource } from '../../html';
import { langCookie } from '../../../products/kit/site/site-pages';

declare module 'fastify' {
  interface FastifyRequest {
    /** Sales channel of the caller's credential (`site`, a partner name…); recorded on contracts. */
    channel: string;
    /** A body parsed from JSON text that `jsonTextMayHoldProblem` cleared: the walk over it can be skipped. */
    bodyClearedAsText: unknown;
  }
  interface FastifyReply {
    /** This browser's XSRF token: its cookie's, or a new one set on this response (forms echo it). */
    xsrfToken(): string;
  }
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';

export const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  // The site's styles are files; the server's own pages have one inline block, allowed by its hash.
  `style-src 'self' ${pageStyleSource}`,
  // blob: the previews of the files a visitor chooses, drawn from the bytes kept on the device.
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/** For JSON answers: nothing to load, nowhere to be framed. */
export const apiContentSecurityPolicy = "default-src 'none'; frame-ancestors 'none'";

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Each client's credential as clients write it (`Basic ` and the base64 of `login:password`), as bytes. */
const canonicalCredentials = new WeakMap<ApiClient[], { header: Buffer; channel: string }[]>();

function canonicalOf(clients: ApiClient[]) {
  let canonical = canonicalCredentials.get(clients);
  if (!canonical) {
    canonical = clients.map((client) => ({ header: Buffer.from(`Basic ${Buffer.from(`${client.login}:${client.password}`).toString('base64')}`), channel: client.channel }));
    canonicalCredentials.set(clients, canonical);
  }
  return canonical;
}

/** The channel of a Basic credential, or null when it is missing or not configured. */
export function channelOf(authorization: string | undefined, clients: ApiClient[]): string | null {
  // Every API call carries one, nearly always as clients write it: compared whole, in constant
  // time, with each client's, before decoding other spellings (`basic`, more spaces, padding).
  if (authorization) {
    const given = Buffer.from(authorization);
    for (const { header, channel } of canonicalOf(clients)) if (given.length === header.length && timingSafeEqual(given, header)) return channel;
  }
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match?.[1]) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  const login = decoded.slice(0, colon);
  const password = decoded.slice(colon + 1);
  const client = clients.find((c) => c.login === login);
  return client && sameSecret(client.password, password) ? client.channel : null;
}

/** NUL, or half of a UTF-16 surrogate pair: text PostgreSQL cannot store and no person types. */
const unsafeText = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** What any unsafe text contains: one character class, far quicker to rule out than the look-arounds above. */
const maybeUnsafeText = /[\u0000\uD800-\uDFFF]/;

const isUnsafeText = (text: string) => maybeUnsafeText.test(text) && unsafeText.test(text);

/**
 * How deep a request's values may nest. No call's shape goes past five levels; a body of nothing but
 * brackets (20 KB of them fit any body limit) would otherwise take every walk over it, this one first,
 * down to the end of the stack.
 */
export const maxNesting = 32;

/**
 * Keys no request has a use for and that a careless merge turns into the prototype of an object
 * (the JSON parser keeps them as plain keys; this walk refuses them by name).
 */
const forbiddenKeys = new Set(['__proto__', 'constructor', 'prototype']);

type Problem = 'unsafe text' | 'forbidden key' | 'too deep';
interface Found {
  /** JSON pointer, written on the way back up (only for what was found). */
  at: string;
  problem: Problem;
}

/**
 * The first problem inside `value`: a key or string holding unsafe text, a forbidden key, or a
 * value nested deeper than `maxNesting`; null when there is none. Every request's params, query and
 * body are walked, so it allocates only for what it finds.
 */
function problemWithin(value: unknown, depth: number): Found | null {
  if (typeof value === 'string') return isUnsafeText(value) ? { at: '', problem: 'unsafe text' } : null;
  if (typeof value !== 'object' || value === null) return null;
  if (depth === maxNesting) return { at: '', problem: 'too deep' };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const found = problemWithin(value[i], depth + 1);
      if (found !== null) return { at: `/${i}${found.at}`, problem: found.problem };
    }
    return null;
  }
  for (const key of Object.keys(value)) {
    if (isUnsafeText(key)) return { at: `/${key}`, problem: 'unsafe text' };
    if (forbiddenKeys.has(key)) return { at: `/${key}`, problem: 'forbidden key' };
    const found = problemWithin((value as Record<string, unknown>)[key], depth + 1);
    if (found !== null) return { at: `/${key}${found.at}`, problem: found.problem };
  }
  return null;
}

/** The JSON pointer of the first key or string inside `value` holding unsafe text (`/` for `value` itself), or null. */
export function unsafeTextAt(value: unknown): string | null {
  const found = problemWithin(value, 0);
  return found?.problem === 'unsafe text' ? found.at || '/' : null;
}

const problemMessages: Record<Problem, string> = {
  'unsafe text': 'contains a NUL character or a broken UTF-16 character',
  'forbidden key': 'is a key no request may have',
  'too deep': `is nested more than ${maxNesting} levels deep`,
};

/** 400 naming the place of the first problem in one part of a request (`body`, `querystring`, `params`), if it has one. */
export function checkRequestPart(part: string, value: unknown): void {
  const found = problemWithin(value, 0);
  if (found === null) return;
  const field = found.at || '/';
  throw new AppError(400, `${part}${found.at} ${problemMessages[found.problem]}`, { field }, 400);
}

/** How many times `char` occurs in `text` (found by the engine's string search, not a loop over every character). */
function occurrences(text: string, char: string): number {
  let count = 0;
  for (let at = text.indexOf(char); at !== -1; at = text.indexOf(char, at + 1)) count += 1;
  return count;
}

const forbiddenKeyText = /__proto__|constructor|prototype/;

/**
 * Whether a JSON text may hold what `problemWithin` looks for in its parsed value. Inside JSON text
 * a NUL or half of a surrogate pair can only be written as a `\u` escape (a raw NUL is not JSON,
 * and decoding the body from UTF-8 turns an encoded surrogate into U+FFFD; a raw one is looked for
 * all the same), a forbidden key only with its letters or with escapes, and nesting deeper than
 * `maxNesting` only with that many opening brackets. A text with none of these holds no problem;
 * any other is walked. A few string searches cost a third of the walk over the calculator's body.
 */
export function jsonTextMayHoldProblem(text: string): boolean {
  return text.includes('\\u') || maybeUnsafeText.test(text) || forbiddenKeyText.test(text) || occurrences(text, '{') + occurrences(text, '[') >= maxNesting;
}

/**
 * Reads a JSON request body as Fastify's own parser does (a `__proto__` key kept as a plain key and
 * refused by name in `preValidation`), scanning its text on the way: a body `jsonTextMayHoldProblem`
 * clears is not walked again. Every JSON body goes through it, whatever its content type says.
 */
export function jsonBodyReader(app: FastifyInstance): (request: FastifyRequest, text: string, done: (error: Error | null, value?: unknown) => void) => void {
  const parseJson = app.getDefaultJsonParser('ignore', 'ignore');
  return (request, text, done) =>
    parseJson(request, text, (error, value) => {
      if (!error && !jsonTextMayHoldProblem(text)) request.bodyClearedAsText = value;
      done(error, value);
    });
}

/** The cookies this site sets in a browser: a request carrying one comes from a browser that visited it. */
const siteCookies = [XSRF_COOKIE, langCookie] as const;

/**
 * Double-submit check of the requests another site could forge: a browser's, known by a cookie
 * this site set. A partner's backend sends none of them, and a cookie of its own (a load balancer's
 * `SERVERID`, a cookie jar's) does not make it a browser. A route may name cookies of its own that
 * mark a browser too (the cabinet's session).
 */
export function xsrfRejected(request: FastifyRequest, ownCookies: readonly string[] = []): boolean {
  if (!request.headers.cookie || ![...siteCookies, ...ownCookies].some((name) => request.cookies[name] !== undefined)) return false;
  const cookie = request.cookies[XSRF_COOKIE];
  const header = request.headers[XSRF_HEADER];
  return !cookie || typeof header !== 'string' || !sameSecret(cookie, header);
}

/** A browser opening a page (not a script's fetch, an image or a stylesheet). */
export const isPageNavigation = (request: FastifyRequest) => request.method === 'GET' && (request.headers.accept?.includes('text/html') ?? false);

/**
 * Edge hooks for every request: the XSRF cookie and the security headers (CSP without
 * 'unsafe-eval'). The API's credential and XSRF checks run per route prefix (routes/api/autohooks.ts).
 * The cookie is issued with pages only: the site's scripts send it back on their POSTs, while API
 * answers and static files stay cookie-free (cacheable, and no random bytes on every call).
 */
export default fp(
  async (app) => {
    app.decorateRequest('channel', '');
    app.decorateRequest('bodyClearedAsText', null);

    const readJson = jsonBodyReader(app);
    app.removeContentTypeParser('application/json');
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => readJson(request, String(body), done));
    const secure = app.config.publicUrl.startsWith('https://');
    app.decorateReply('xsrfToken', function (this: FastifyReply) {
      const existing = this.request.cookies[XSRF_COOKIE];
      if (existing) return existing;
      const issued = randomBytes(24).toString('base64url');
      this.request.cookies[XSRF_COOKIE] = issued;
      this.setCookie(XSRF_COOKIE, issued, { path: '/', sameSite: 'lax', httpOnly: false, secure });
      return issued;
    });

    // Hooks here take `done` instead of being async: they run on every request and do nothing that
    // waits, and an async hook costs a promise and a trip through the microtask queue each time.
    app.addHook('onRequest', (request, reply, done) => {
      const encoding = request.headers['content-encoding'];
      // A compressed body would reach the parsers as bytes and be refused as "not valid JSON":
      // say what is wrong instead (RFC 9110 §15.5.16), before anything reads it.
      if (encoding !== undefined && request.method !== 'GET' && request.method !== 'HEAD' && encoding.toLowerCase() !== 'identity') {
        reply.header('accept-encoding', 'identity');
        throw new AppError(415, `a body sent with Content-Encoding ${JSON.stringify(encoding.slice(0, 40))} is not accepted: send it uncompressed`, { field: '/headers/content-encoding' });
      }
      if (isPageNavigation(request)) reply.xsrfToken();
      done();
    });

    // Before any schema or handler sees it: such text would reach the database and fail there (a 500).
    app.addHook('preValidation', (request, _reply, done) => {
      checkRequestPart('params', request.params);
      checkRequestPart('querystring', request.query);
      if (typeof request.body === 'object' && request.body !== request.bodyClearedAsText) checkRequestPart('body', request.body);
      done();
    });

    // No Cross-Origin-Opener-Policy: any value makes the browser move a page opened from a blank tab
    // into a new browsing context group, a main-thread cost that Lighthouse measured at 60–180 ms of
    // blocking time on the script-free home page (COOP on → 98–99, off → 100), while the pages hold
    // no cross-origin popups or frames for it to guard (framing is refused by frame-ancestors).
    const documentHeaders: Record<string, string> = {
      'content-security-policy': contentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      'x-frame-options': 'SAMEORIGIN',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
      ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    };
    // A JSON answer is never rendered as a page: it only must not be sniffed, framed or load anything.
    // (Every header is bytes on each of the API's many small answers.)
    const dataHeaders: Record<string, string> = {
      'content-security-policy': apiContentSecurityPolicy,
      'x-content-type-options': 'nosniff',
      ...(secure ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
    };

    app.addHook('onSend', (_request, reply, _payload, done) => {
      const type = reply.getHeader('content-type');
      const headers = typeof type === 'string' && type.startsWith('application/json') ? dataHeaders : documentHeaders;
      // A page that brings a stricter policy of its own (the API documentation's) keeps it.
      if (reply.hasHeader('content-security-policy')) reply.headers({ ...headers, 'content-security-policy': reply.getHeader('content-security-policy') });
      else reply.headers(headers);
      done();
    });
  },
  { name: 'edge', dependencies: ['config'] },
);
