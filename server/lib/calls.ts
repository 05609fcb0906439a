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

/** A preValidation hook reading a partner's shape of the body into the documented one (the schema then checks it). */
export function reading<T>(app: FastifyInstance, product: string | null, read: ((body: unknown, context: SaleContext<T>) => unknown) | undefined) {
  if (!read) return [];
  return [async (request: FastifyRequest) => {
    request.body = read(request.body, await saleContext<T>(app, product));
  }];
}

/** Mounts a declared call (at its path and its aliases): body read and validated with its request schema, its answer (or Refusal) in the envelope. */
export function serveCall<T>(app: FastifyInstance, call: ProductCall<T>, manifest: ProductManifest | null): void {
  const product = manifest?.id ?? null;
  const handler = async (request: { body: unknown }) => {
    const answer = await call.answer(request.body, await saleContext<T>(app, product));
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
