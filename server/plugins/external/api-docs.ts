import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import type { FastifySchema } from 'fastify';
import { filePartRules } from '../../../products/kit/api/multipart';

/** How a provider's callback proves it is the provider (see `docs.callback`). */
export type CallbackCredential = 'paycom' | 'paynet' | 'signature';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the API documentation says of the route: a summary and the `schemas/api` schema of the envelope's `response`. */
    docs?: {
      summary: string;
      response?: string;
      /**
       * A payment provider's callback (Payme's, Paynet's, Click's Prepare and Complete, Octo's, Alif's and
       * the bank's notifications): its own answers, no envelope, and how it is authenticated instead of
       * by the site's credential: the provider's own Basic credential (`paycom`, `paynet`), or a
       * signature of the request (`signature`: no scheme OpenAPI can state; the summary says which).
       */
      callback?: CallbackCredential;
      /** A call that answers a file of this type (a policy's PDF; a claim's file, of any type: `application/octet-stream`), not the envelope; its refusals are in the envelope. */
      file?: 'application/pdf' | 'application/octet-stream';
    };
  }
}

const envelopeSchema = (result: unknown, response: unknown) => ({
  type: 'object',
  properties: { result, error: { type: 'integer' }, message: { type: 'string' }, response },
  required: ['result', 'error', 'message', 'response'],
});

const envelope = (response: unknown, description: string) => ({
  description,
  content: { 'application/json': { schema: envelopeSchema({ type: 'boolean' }, response) } },
});

/**
 * A call's HTTP 200: its answer (`result: true`), or a business refusal (`result: false`: an unpaid
 * check, a person the registry does not know) whose `response` is null or says why.
 */
const answerOrRefusal = (response: unknown) => ({
  description: 'The answer (`result: true`), or a business refusal (`result: false`, `error` 1 or the call\'s own code).',
  content: {
    'application/json': {
      schema: {
        oneOf: [
          envelopeSchema({ const: true }, response),
          envelopeSchema({ const: false }, {
            type: ['object', 'null'],
            description: 'null; after a refused card `{ last_payment: "declined" }`; a save refused by the insurer names the field (`key`) where it can',
          }),
        ],
      },
    },
  },
});

const refusal = (description: string) => envelope({ type: ['object', 'null'], properties: { field: { type: 'string', description: 'JSON pointer of the offending field' } } }, description);

/** The error answers a site API call may give, in the envelope (`error` = the HTTP status); a call without a body has no 413 or 415. */
const apiErrors = {
  400: refusal('A field is missing, malformed, of the wrong type, too long, or contradicts another (its pointer in `response.field`).'),
  401: refusal('Missing or wrong API credential.'),
  403: refusal('A browser POST without the XSRF double submit (X-XSRF-TOKEN equal to the XSRF-TOKEN cookie).'),
  404: refusal('Unknown call, contract or order.'),
  413: refusal('Body over 64 KB; on a multipart save, a file over its limit or an image over 100 megapixels (`response.reason` `size` or `dimensions`), or more parts than the call takes.'),
  415: refusal('A body of a type the call does not read: compressed (a `Content-Encoding` other than identity; `response.field` `/headers/content-encoding`), JSON where a multipart save is expected and the reverse, or a file whose content (whatever its name) is not of a type the call takes (`response.reason` `type`).'),
  422: refusal('A valid request that cannot be sold: the amount differs from the server\'s price (`amount differs, server: N`, `response.amount`, `response.field` naming the total sent), the person is not in the registry, the program is not sold.'),
  500: refusal('An unexpected failure; nothing of it is shown, the insurer is notified.'),
  503: refusal('The service is briefly unavailable (its database is away): try again after the `Retry-After` header\'s seconds.'),
};

/** A call's error answers: one that reads no body is never refused for its size or type. */
function errorsOf(method: string | string[], readsBody: boolean): Partial<typeof apiErrors> {
  if (readsBody || method === 'POST') return apiErrors;
  const { 413: _tooLarge, 415: _wrongType, ...rest } = apiErrors;
  return rest;
}

/** The header a save or a call that starts a payment takes (plugins/app/idempotency.ts), as a header parameter. */
const idempotencyKeyHeader = {
  type: 'object',
  properties: {
    'Idempotency-Key': {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      pattern: '^[\\x20-\\x7E]+$',
      description: [
        'Optional. A key of the caller\'s choosing (1–255 printable ASCII characters; a random UUID will do), fresh for each request and the same when',
        'that request is sent again (after a timeout or a lost answer): the repeat gets the first answer again (same status and body,',
        '`Idempotent-Replayed: true`) instead of a second contract or payment. Kept 24 hours, per API credential. The same key with another',
        'request is a 422, a repeat while the first still runs a 409 (`Retry-After`), a malformed or repeated header a 400; an answer of',
        '5xx, 429 or 409 is not kept (the repeat runs again).',
      ].join(' '),
    },
  },
};

/** What a call taking an Idempotency-Key adds to its error answers. */
const idempotencyErrors = {
  409: refusal('A request with the same Idempotency-Key is still being answered: send it again after `Retry-After` seconds for its answer.'),
  422: refusal('A valid request that cannot be sold (the amount differs from the server\'s price: `amount differs, server: N`; the person is not in the registry; the program is not sold), or an Idempotency-Key sent before with another request (`response.field` `/headers/idempotency-key`).'),
};

/** Payme's Merchant API request (JSON-RPC 2.0), as Payme sends it to `/api/payme`. */
const paymeRequest = {
  type: 'object',
  description: 'A JSON-RPC 2.0 call of Payme\'s Merchant API. `params.account.contract_id` names the contract; `params.amount` is in tiyin (1/100 soʻm).',
  properties: {
    jsonrpc: { const: '2.0' },
    id: { type: ['integer', 'string'] },
    method: { enum: ['CheckPerformTransaction', 'CreateTransaction', 'PerformTransaction', 'CancelTransaction', 'CheckTransaction', 'GetStatement'] },
    params: {
      type: 'object',
      properties: {
        id: { type: 'string', description: 'Payme\'s transaction id' },
        time: { type: 'integer', description: 'Payme\'s time of the call, ms since 1970' },
        amount: { type: 'integer', description: 'In tiyin: the contract\'s price × 100' },
        account: { type: 'object', properties: { contract_id: { type: 'string', format: 'uuid' } } },
        reason: { type: 'integer', description: 'CancelTransaction\'s reason code' },
        from: { type: 'integer' },
        to: { type: 'integer' },
      },
    },
  },
  required: ['method', 'params'],
};

const paymeAnswer = {
  description: 'A JSON-RPC 2.0 answer: `result` (Check: `{ allow: true }`; Create, Perform, Cancel, Check transaction: `{ transaction, state, create_time, perform_time, cancel_time, reason }`), or `error` `{ code, message: { uz, ru, en } }` with Payme\'s codes (above).',
  content: { 'application/json': { schema: { type: 'object', properties: { jsonrpc: { const: '2.0' }, id: {}, result: { type: 'object' }, error: { type: 'object' } } } } },
};

/** A file a call answers instead of the envelope. */
const fileAnswer = (type: string) => ({ description: 'The file.', content: { [type]: { schema: { type: 'string', format: 'binary' } } } });

const policyFileAnswers = {
  200: { description: 'The policy PDF (drawn on its first download, the same bytes every time).', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
  404: refusal('No policy of that address.'),
  410: refusal('The policy was revoked: its payment was cancelled (refunded).'),
};

/**
 * A multipart save's body as OpenAPI describes a form: its file parts (described in schemas/api by
 * what the server reads them into, `{ filename, mimetype, size }`) as binary strings.
 */
function multipartForm(body: unknown): unknown {
  const rules = filePartRules(body);
  const schema = body as { properties?: Record<string, unknown> };
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const rule = rules[name];
    if (!rule) return [name, property];
    const description = `A file part: ${rule.types.join(', ')} (read from its content, not its name), 1 to ${rule.maxBytes} bytes.`;
    return [name, { type: 'string', format: 'binary', description }];
  }));
  return { ...schema, properties };
}

/** The hash of the style element swagger-ui's bundle inserts (Chromium names it when it is refused). */
const swaggerUiInsertedStyle = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

/**
 * Which credential a route needs (server/routes/README.md): a provider's callback its own, the site
 * API (routes/api, whose hook checks it) the site's or a partner's; the policy files and the pages
 * none. server/api-docs.test.ts holds every route to what it really checks.
 */
function security(url: string, callback: CallbackCredential | undefined, session: boolean): Record<string, string[]>[] {
  if (callback) return callback === 'signature' ? [] : [{ [callback]: [] }];
  // The insurer's back office: its own token, never the site's credential.
  if (url.startsWith('/api/back-office/')) return [{ backOffice: [] }];
  // A signed-in client's cabinet call: the site's credential (and the session cookie), or the session token alone (the app).
  if (session) return [{ site: [] }, { session: [] }];
  if (url.startsWith('/api/') && !url.startsWith('/api/policies/') && !url.startsWith('/api/docs')) return [{ site: [] }];
  return [];
}

function tag(url: string, callback: boolean): string {
  if (url.startsWith('/api/back-office/')) return 'back office';
  if (callback || url.startsWith('/pay/')) return 'payments';
  if (url.startsWith('/api/policies/') || url.startsWith('/verify/')) return 'policies';
  if (url.startsWith('/sandbox/')) return 'sandbox';
  return 'site API';
}

/**
 * The API's OpenAPI 3.1 description, generated from the routes and their `schemas/api` schemas
 * (@fastify/swagger), with the page that renders it at /api/docs (@fastify/swagger-ui, served
 * from this machine: no validator badge, no outside resources) and the JSON at /api/docs/json.
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Insurance shop site API',
          version: '1',
          description: [
            'Every `/api` answer is the envelope `{ result, error, message, response }`. A business refusal is HTTP 200 with',
            '`result: false` (an unpaid check: `error` 1, `payment_not_made`, with `response.last_payment` `declined` after a refused card; an unknown person: `error` 1, `datas_not_found`);',
            'any other refusal carries its HTTP status as `error`, and a 400 names the field in `response.field`.',
            'Calls under `/api` need HTTP Basic credentials (the public site\'s or a partner\'s; the partner is recorded on the contract),',
            'except the policy files and the payment providers\' callbacks: Payme and Paynet call with credentials of their own, Click,',
            'Octo, Alif and the bank\'s hosted page sign what they send (each operation says how).',
            'The cabinet\'s calls (`/api/shaxsiy_kabinet/…`) take the site\'s credential too; a signed-in client is known by the session',
            'cookie, or by its token as `Authorization: Bearer <token>` (the mobile app), and every cabinet answer is `Cache-Control: no-store`.',
            'The insurer\'s back office (`/api/back-office/…`: the claims, a claim, its files, moving a claim through its statuses) takes',
            'only its own token, `Authorization: Bearer <BACK_OFFICE_TOKEN>`, and answers the envelope too.',
            'An address or headers over 16 KB in all are refused with 431; while the database is away, calls answer 503 with `Retry-After`.',
            'Saves and the calls that start a payment take an `Idempotency-Key` header (Stripe\'s semantics): the same request sent again with',
            'the same key gets the first answer again (`Idempotent-Replayed: true`), kept 24 hours per credential.',
            'Requests are read tolerantly where partner clients differ, strictly where it matters (money, dates, identity): a body',
            'is checked against the schema shown here, and one it refuses is first read as partners send it and checked again.',
            'Every call of every product (calculators, lookups, saves, checks) reads the same shapes, by its schema:',
            'a member may come under its name in camelCase or snake_case, in any case (`passportSeria` for `passport_seria`,',
            '`vehicle_type_id` for `vehicleTypeId`; a multipart save\'s parts too); a member sent as `null`, or as `""` where it may be',
            'absent, is absent; a whole number (`integer`) may be its digits as a string (`"2"`), and the save\'s amount also a',
            'whole-sum decimal string (`"113850.00"`); a yes/no (`boolean`, or an `integer` of 0 and 1) may be a boolean, 0/1,',
            '`"0"`, `"1"`, `"true"` or `"false"`; a text of a pattern is read trimmed, with Uzbek and typographic apostrophes as `\'`;',
            'a code of letters and digits (passport series and number, tech passport, plate, PINFL, INN, phone, order number) in',
            'any case, with spaces, dashes, brackets and a `+` (`+998 90 123-45-67`, `01 a 123 bc`), or as a whole number of its',
            'digits. What still does not match is refused, never guessed: `"2.5"` for an id, `"yes"` for a yes/no, a phone that is not',
            '998 and nine digits are a 400 naming the field. Besides, travel reads persons under `passportSeries`, `first_name`,',
            '`last_name`, `birth_date`, travellers as bare `DD-MM-YYYY` birth dates, countries by their `get_country` id, and drops',
            'fields it does not read; OSAGO reads `carNumber`, `car_type_id`, `gas`, `licenceSeria` and a flag left out as 0; a check',
            'drops all but `contract_id` and `order_id`. A body may come as JSON, or as `text/plain` holding JSON.',
            'Payme calls `/api/payme` with `Paycom:<key>` and gets JSON-RPC 2.0 answers with Payme\'s error codes',
            '(−31001 wrong amount, −31003 transaction not found, −31007 cannot cancel, −31008 cannot perform, −31050 order not found,',
            '−31051 another transaction in progress, −31052 already paid or cancelled, −32504 wrong credential, −32700 parse error,',
            '−32600 invalid request, −32601 unknown method, −32400 system error).',
            'Click calls `/api/click/prepare` and `/api/click/complete` (its SHOP API: form fields signed with `sign_string`) and gets',
            'Click\'s JSON (HTTP 200) with its merchant error codes (−1 sign check failed, −2 wrong amount, −3 action not found, −4 already paid,',
            '−5 order not found, −6 transaction not found, −7 failed to update, −8 error in request, −9 transaction cancelled).',
          ].join(' '),
        },
        components: {
          securitySchemes: {
            site: { type: 'http', scheme: 'basic', description: 'The public site\'s credential, or a partner\'s.' },
            paycom: { type: 'http', scheme: 'basic', description: 'Payme\'s merchant credential, `Paycom:<key>`.' },
            paynet: { type: 'http', scheme: 'basic', description: 'The credential Paynet calls with (`PAYNET_LOGIN` / `PAYNET_PASSWORD`, ours to give it), not the site\'s.' },
            backOffice: { type: 'http', scheme: 'bearer', description: 'The insurer\'s back office (`/api/back-office/…`): `Authorization: Bearer <BACK_OFFICE_TOKEN>`, a credential of its own; the site\'s or a partner\'s credential and a cabinet session are refused there (401 `back_office_unauthorized`).' },
            session: { type: 'http', scheme: 'bearer', description: 'A cabinet session\'s token (the mobile app: `app` when signing in answers it), instead of the site\'s credential and the session cookie, on a signed-in client\'s calls.' },
          },
        },
      },
      transform: ({ schema, url, route }) => {
        const docs = route.config?.docs;
        const callback = docs?.callback !== undefined;
        const api = url.startsWith('/api/') && !callback && !url.startsWith('/api/policies/');
        const idempotent = route.config?.idempotent === true;
        const multipartSave = Array.isArray(schema?.consumes) && schema.consumes.includes('multipart/form-data');
        const documented: FastifySchema & Record<string, unknown> = {
          ...schema,
          ...(multipartSave ? { body: multipartForm(schema.body) } : {}),
          tags: [tag(url, callback)],
          ...(docs ? { summary: docs.summary } : {}),
          security: security(url, docs?.callback, route.config?.session === true),
          ...(docs?.file ? { response: { 200: fileAnswer(docs.file), ...errorsOf(route.method, false), ...(docs.file === 'application/pdf' ? { 410: policyFileAnswers[410] } : {}) } } : {}),
          ...(api && !docs?.file ? { response: { 200: answerOrRefusal(docs?.response ? app.apiSchema(docs.response) : {}), ...errorsOf(route.method, schema?.body !== undefined), ...(idempotent ? idempotencyErrors : {}) } } : {}),
          ...(idempotent ? { headers: idempotencyKeyHeader } : {}),
          ...(url === '/api/payme' ? { body: paymeRequest, response: { 200: paymeAnswer } } : {}),
          ...(url.startsWith('/api/policies/') ? { response: policyFileAnswers } : {}),
        };
        return { schema: documented, url };
      },
    });
    await app.register(swaggerUi, {
      routePrefix: '/api/docs',
      uiConfig: { validatorUrl: null, deepLinking: true },
      // Its own policy without outside hosts or an https upgrade; the one <style> element the
      // bundle inserts at run time is allowed by its hash (it changes only with swagger-ui).
      staticCSP: true,
      transformStaticCSP: (header) =>
        header
          .replace(/ ?upgrade-insecure-requests;?/, '')
          .replace(/ validator\.swagger\.io/g, '')
          .replace(/ https:/g, '')
          .replace(/style-src 'self'/, `style-src 'self' ${swaggerUiInsertedStyle}`),
    });
  },
  { name: 'api-docs', dependencies: ['schemas'] },
);
