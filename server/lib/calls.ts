import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ProductManifest } from '../../products/define';
import { Refusal, type ProductCall, type SaleContext } from '../../products/sale';
import { todayInTashkent } from '../dates';
import { ok, refusal } from '../envelope';

/** The ports a product's sale and calls use: its stored reference data, Tashkent's today, the person registry. */
export async function saleContext<T>(app: FastifyInstance, product: string | null): Promise<SaleContext<T>> {
  return {
    tariffs: (product === null ? null : await app.tariffs.of<T>(product)) as T,
    today: todayInTashkent(),
    findPerson: (query) => app.persons.find(query),
  };
}

/** A call's path and the same path under every other prefix its product is called under. */
export function pathsOf(manifest: Pick<ProductManifest, 'alsoUnder'> | null, path: string): string[] {
  const aliases = Object.entries(manifest?.alsoUnder ?? {})
    .filter(([prefix]) => path.startsWith(prefix))
    .map(([prefix, other]) => other + path.slice(prefix.length));
  return [path, ...aliases];
}

// The context a request's body was read with, so its handler uses the same one instead of building another.
const readWith = new WeakMap<object, SaleContext<unknown>>();

/** The context of a request: the one its body was read with, else a new one. */
export async function contextOf<T>(app: FastifyInstance, product: string | null, request: object): Promise<SaleContext<T>> {
  return (readWith.get(request) as SaleContext<T> | undefined) ?? saleContext<T>(app, product);
}

/** A preValidation hook reading a partner's shape of the body into the documented one (the schema then checks it). */
export function reading<T>(app: FastifyInstance, product: string | null, read: ((body: unknown, context: SaleContext<T>) => unknown) | undefined) {
  if (!read) return [];
  return [async (request: FastifyRequest) => {
    const context = await saleContext<T>(app, product);
    readWith.set(request, context);
    request.body = read(request.body, context);
  }];
}

/** Mounts a declared call (at its path and its aliases): body read and validated with its request schema, its answer (or Refusal) in the envelope. */
export function serveCall<T>(app: FastifyInstance, call: ProductCall<T>, manifest: ProductManifest | null): void {
  const product = manifest?.id ?? null;
  const handler = async (request: { body: unknown }) => {
    const answer = await call.answer(request.body, await contextOf<T>(app, product, request));
    return answer instanceof Refusal ? refusal(answer.error, answer.message) : ok(answer);
  };
  for (const path of pathsOf(manifest, call.path)) {
    const config = { docs: { summary: call.summary, response: call.response } };
    if (call.method === 'GET') app.get(path, { config }, handler);
    else {
      app.post(path, {
        config,
        preValidation: reading(app, product, call.read?.bind(call)),
        ...(call.request ? { schema: { body: app.apiSchema(call.request) } } : {}),
      }, handler);
    }
  }
}
