import type { FastifyInstance } from 'fastify';
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

/** Mounts a declared call: body validated with its request schema, its answer (or Refusal) in the envelope. */
export function serveCall<T>(app: FastifyInstance, call: ProductCall<T>, product: string | null): void {
  const handler = async (request: { body: unknown }) => {
    const answer = await call.answer(request.body, await saleContext<T>(app, product));
    return answer instanceof Refusal ? refusal(answer.error, answer.message) : ok(answer);
  };
  if (call.method === 'GET') app.get(call.path, handler);
  else app.post(call.path, call.request ? { schema: { body: app.apiSchema(call.request) } } : {}, handler);
}
