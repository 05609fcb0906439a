import type { FastifyInstance, FastifyRequest, preHandlerHookHandler, RouteShorthandOptions } from 'fastify';
import type { ProductManifest } from '../../products/kit/define/define';
import { readingNames, schemaReader, type NameConflict, type ReaderOptions, type ReadSchema } from '../../products/kit/sale/request-reader';
import { Refusal, type PassportQuery, type PersonQuery, type ProductCall, type Registries, type SaleContext } from '../../products/kit/sale/sale';
import { todayInTashkent } from '../dates';
import { ok, refusal } from '../envelope';
import type { JsonSchema } from '../plugins/external/schemas';
import { policyWords } from './policy-words';

/** The sale contexts of one product (or of none, `null`): its stored reference data, Tashkent's today, the person and car registries, the policy's words. */
interface SaleContexts<T> {
  /** The context now, when the reference data is already read and kept (no waiting); else null. */
  now(): SaleContext<T> | null;
  /** The context, reading the reference data when it is not kept. */
  read(): Promise<SaleContext<T>>;
}

// Read when the server loads, not on its first sale.
const words = policyWords();

const contextsOf = new WeakMap<FastifyInstance, Map<string | null, SaleContexts<unknown>>>();

/**
 * One product's contexts. A context is a plain value, so while the tariffs and the day stay the
 * same every request shares one object instead of building its own.
 */
function saleContexts<T>(app: FastifyInstance, product: string | null): SaleContexts<T> {
  let ofApp = contextsOf.get(app);
  if (!ofApp) contextsOf.set(app, (ofApp = new Map()));
  let contexts = ofApp.get(product);
  if (!contexts) {
    const findPerson = (query: PersonQuery) => app.persons.find(query);
    const citizenPassport = (query: PassportQuery) => app.persons.citizenPassport(query);
    const { registries } = app;
    let last: SaleContext<unknown> = { tariffs: undefined, today: '', findPerson, citizenPassport, registries, words };
    const withTariffs = (tariffs: unknown): SaleContext<unknown> => {
      const today = app.config.salesDay ?? todayInTashkent();
      if (last.tariffs !== tariffs || last.today !== today) last = { tariffs, today, findPerson, citizenPassport, registries, words };
      return last;
    };
    contexts = {
      now: () => {
        const tariffs = product === null ? null : app.tariffs.fresh(product);
        return tariffs === undefined ? null : withTariffs(tariffs);
      },
      read: async () => withTariffs(product === null ? null : await app.tariffs.of(product)),
    };
    ofApp.set(product, contexts);
  }
  return contexts as SaleContexts<T>;
}

/** The ports a product's sale and calls use: its stored reference data, Tashkent's today, the person registry. */
export function saleContext<T>(app: FastifyInstance, product: string | null): Promise<SaleContext<T>> {
  return saleContexts<T>(app, product).read();
}

/** A call's path and the same path under every other prefix its product is called under. */
export function pathsOf(manifest: Pick<ProductManifest, 'alsoUnder'> | null, path: string): string[] {
  const aliases = Object.entries(manifest?.alsoUnder ?? {})
    .filter(([prefix]) => path.startsWith(prefix))
    .map(([prefix, other]) => other + path.slice(prefix.length));
  return [path, ...aliases];
}

/** The context of a request: the one its body was read with, else a new one; as its caller asks (`asCaller`). */
export async function contextOf<T>(app: FastifyInstance, product: string | null, request: Pick<FastifyRequest, 'saleContext' | 'ip'>): Promise<SaleContext<T>> {
  return asCaller(app, (request.saleContext as SaleContext<T> | null) ?? (await saleContext<T>(app, product)), request.ip);
}

/**
 * A context whose person and vehicle lookups are held back after too many misses (`FailedLookups`),
 * counted for this caller (the request's address) and for everyone: whatever registry answers, a
 * birthday or a tech passport is not searched for value by value, and one address cannot hold back
 * someone else's passport.
 *
 * A class, not an object of closures: every call is answered with one, and most (prices, catalogs)
 * look nobody up, so the guarded lookups are methods and the guarded registries are made on first use.
 */
class CallerContext<T> implements SaleContext<T> {
  readonly tariffs: T;
  readonly today: string;
  readonly words: SaleContext<T>['words'];
  #registries: Registries | null = null;

  constructor(
    private readonly context: SaleContext<T>,
    private readonly misses: FastifyInstance['lookupMisses'],
    private readonly caller: string,
  ) {
    this.tariffs = context.tariffs;
    this.today = context.today;
    this.words = context.words;
  }

  findPerson(query: PersonQuery) {
    return this.misses.passports.guard(`${query.passportSeria.toUpperCase()}${query.passportNumber}`, this.caller, () => this.context.findPerson(query));
  }

  citizenPassport(query: PassportQuery) {
    return this.context.citizenPassport(query);
  }

  get registries(): Registries {
    const { context, misses, caller } = this;
    this.#registries ??= { ...context.registries, vehicle: (query) => misses.plates.guard(query.plate, caller, () => context.registries.vehicle(query)) };
    return this.#registries;
  }
}

function asCaller<T>(app: FastifyInstance, context: SaleContext<T>, caller: string): SaleContext<T> {
  return new CallerContext(context, app.lookupMisses, caller);
}

/** Route options of a call whose body a partner may send in a shape of its own (`reading`). */
export type ReadingOptions = Pick<RouteShorthandOptions, 'attachValidation' | 'preHandler'>;

/** A body the schema refused, as Fastify's own refusal (the error handler names the field from it). */
function bodyRefused(errors: readonly { instancePath: string; message?: string; keyword?: string; params?: object }[] | null | undefined): Error {
  const said = (errors ?? []).map((error) => `body${error.instancePath} ${error.message ?? 'is invalid'}`).join(', ');
  return Object.assign(new Error(said || 'body does not match the request schema'), { statusCode: 400, code: 'FST_ERR_VALIDATION', validation: errors ?? [], validationContext: 'body' });
}

/**
 * A member sent under two of its names with different values, refused naming the other name: a
 * product's own reading keeps the names it knows and drops the rest, so one value would be dropped
 * unseen, and the price or cover the partner meant be another than the one saved.
 */
function namedTwice(conflicts: readonly NameConflict[]): Error {
  return bodyRefused(conflicts.map(({ pointer, member }) => ({ instancePath: pointer, message: `must not differ from ${member}: the same member sent under two names`, keyword: 'conflict', params: { member } })));
}

/** A product's own reading of a body (travel's bare birth dates, OSAGO's `carNumber`), given its sale's context. */
export type ProductReading<T> = (body: unknown, context: SaleContext<T>) => unknown;

/**
 * Reads a partner's shape of a call's body into the documented one, which the schema then checks:
 * the reading every call shares (`schemaReader`, built here once from the call's request schema, so
 * no request compiles anything), and around it the product's own reading when it has one (`read`),
 * whose result is read by the shared one again. Fastify validates the body as sent, once
 * (`attachValidation`): a body in the documented shape, as the site and most partners send it, goes
 * on as it came. Only a body the schema refused is read and validated again; what still does not
 * match is answered as Fastify answers it. Reading a documented body would give it back unchanged
 * (calls.test.ts holds every reading to that), so skipping it changes nothing.
 */
export function reading<T>(app: FastifyInstance, product: string | null, schema: JsonSchema, read?: ProductReading<T>, options: ReaderOptions = {}): ReadingOptions {
  const shared = schemaReader(schema as ReadSchema, options);
  const revalidated = (request: FastifyRequest): Error | undefined => {
    const validate = request.getValidationFunction('body');
    return validate && !validate(request.body) ? bodyRefused(validate.errors) : undefined;
  };
  const contexts = read ? saleContexts<T>(app, product) : null;
  const readWith = (request: FastifyRequest, context: SaleContext<T>): Error | undefined => {
    request.saleContext = context as SaleContext<unknown>;
    const conflicts: NameConflict[] = [];
    const first = shared(request.body, conflicts);
    if (conflicts.length > 0) return namedTwice(conflicts);
    // The product's own names for a field (travel's `birth_date`, OSAGO's `carNumber`) are held to the same.
    const own = readingNames(first, () => (read as ProductReading<T>)(first, context));
    if (own.conflicts.length > 0) return namedTwice(own.conflicts);
    request.body = shared(own.value);
    return revalidated(request);
  };
  // With `done`, not async: once the reference data is kept (all but the first request of a
  // minute) the body is read at once, without a promise and a trip through the microtask queue.
  const preHandler: preHandlerHookHandler = (request, _reply, done) => {
    const refused = request.validationError;
    if (!refused) return done();
    // Only the body has a partner's shape: a refused address or query stays refused.
    if (refused.validationContext !== 'body') return done(refused);
    if (!contexts) {
      const conflicts: NameConflict[] = [];
      request.body = shared(request.body, conflicts);
      return done(conflicts.length > 0 ? namedTwice(conflicts) : revalidated(request));
    }
    const context = contexts.now();
    if (context) return done(readWith(request, context));
    contexts.read().then((context) => done(readWith(request, context)), done);
  };
  return { attachValidation: true, preHandler };
}

/**
 * The schema a call's answers are written with: the envelope (common/envelope) with the call's
 * documented `response`, or null for a Refusal. Fastify compiles it with fast-json-stringify, which
 * writes the known members without JSON.stringify's walk of every key and value.
 */
function answerSchema(app: FastifyInstance, response: string): JsonSchema {
  const envelope = app.apiSchema('common/envelope');
  const documented = app.apiSchema(response);
  return { ...envelope, properties: { ...(envelope.properties as JsonSchema), response: { ...documented, type: [documented.type, 'null'] } } };
}

const inEnvelope = (answer: unknown) => (answer instanceof Refusal ? refusal(answer.error, answer.message) : ok(answer));

/** Mounts a declared call (at its path and its aliases): body read and validated with its request schema, its answer (or Refusal) in the envelope. */
export function serveCall<T>(app: FastifyInstance, call: ProductCall<T>, manifest: ProductManifest | null): void {
  const product = manifest?.id ?? null;
  const contexts = saleContexts<T>(app, product);
  const answer = (body: unknown, context: SaleContext<T>) => {
    const answered = call.answer(body, context);
    return answered instanceof Promise ? answered.then(inEnvelope) : inEnvelope(answered);
  };
  // Not async: with the context at hand (read with the body, or the tariffs kept) a call that need
  // not wait is answered at once, and Fastify sends what a handler returns without a promise.
  const handler = (request: FastifyRequest) => {
    const context = (request.saleContext as SaleContext<T> | null) ?? contexts.now();
    return context ? answer(request.body, asCaller(app, context, request.ip)) : contexts.read().then((read) => answer(request.body, asCaller(app, read, request.ip)));
  };
  const response = { 200: answerSchema(app, call.response) };
  for (const path of pathsOf(manifest, call.path)) {
    const config = { docs: { summary: call.summary, response: call.response } };
    if (call.method === 'GET') app.get(path, { config, schema: { response } }, handler);
    else {
      app.post(path, {
        config,
        ...(call.request ? reading(app, product, app.apiSchema(call.request), call.read?.bind(call)) : {}),
        schema: { ...(call.request ? { body: app.apiSchema(call.request) } : {}), response },
      }, handler);
    }
  }
}
