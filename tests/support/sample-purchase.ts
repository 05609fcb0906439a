import type { FastifyInstance } from 'fastify';
import type { ApiPort, Envelope, FlowData, PaymentCheck, PaymentDetails, ProductDefinition, SaveContext } from '../../engine/definition';
import type { ProductSamples } from '../../products/kit/define/define';
import { apiFailure } from '../../products/kit/testing/fake-api';
import { postMultipart, siteAuth, type MultipartBody } from '../../server/test-helpers';

/**
 * A product's purchase sample bought through its own binding, as the page buys it: what the tests
 * that walk every product (the contract test, partner shapes, personal data, fuzzing) send, found
 * through the product registry so that a new product's calls are covered without a line of theirs.
 */

/** A request a binding sent to the server and its answer. */
export interface Exchange {
  method: 'GET' | 'POST';
  path: string;
  /** A JSON request's body. */
  body?: unknown;
  /** A multipart request's parts (the server checks them against the request schema once it has read them). */
  form?: MultipartBody;
  status: number;
  envelope: Envelope<unknown>;
}

/** An ApiPort that calls the app as the site's axios client does (the site's credential), and records every exchange. */
export function serverApi(app: FastifyInstance): ApiPort & { exchanges: Exchange[] } {
  const exchanges: Exchange[] = [];
  const answered = <T>(exchange: Exchange): Envelope<T> => {
    exchanges.push(exchange);
    if (exchange.status < 200 || exchange.status > 299) throw apiFailure(exchange.status, exchange.envelope);
    return exchange.envelope as Envelope<T>;
  };
  return {
    exchanges,
    async get(path) {
      const res = await app.inject({ method: 'GET', url: `/api${path}`, headers: { authorization: siteAuth } });
      return answered({ method: 'GET', path, status: res.statusCode, envelope: res.json() });
    },
    async post(path, body) {
      const res = await app.inject({ method: 'POST', url: `/api${path}`, headers: { authorization: siteAuth }, payload: body as object });
      return answered({ method: 'POST', path, body, status: res.statusCode, envelope: res.json() });
    },
    async postForm(path, body) {
      const form = { fields: body.fields, files: body.files };
      const res = await postMultipart(app, `/api${path}`, form);
      return answered({ method: 'POST', path, form, status: res.statusCode, envelope: res.json() });
    },
  };
}

/** Runs the binding's lookups on the flow as the machine would and merges what they find. */
export async function lookedUp<D extends FlowData>(definition: ProductDefinition<D, unknown>, api: ApiPort, data: D, catalog: unknown): Promise<D> {
  const result = structuredClone(data) as FlowData;
  for (const lookup of definition.binding.lookups ?? []) {
    const object = result[lookup.step] ?? {};
    if (!lookup.rows) {
      if (lookup.key(object) !== null) result[lookup.step] = { ...object, ...(await lookup.run(api, object, catalog)) };
      continue;
    }
    const rows = (object[lookup.rows] ?? []) as Record<string, unknown>[];
    for (const [i, row] of rows.entries()) if (lookup.key(row) !== null) rows[i] = { ...row, ...(await lookup.run(api, row, catalog)) };
  }
  return result as D;
}

/**
 * Every call the page makes to buy the purchase sample, through `api` and in a flow's order: the
 * catalog, the registry lookups, the server's quote, the calls made on leaving steps, the save, and
 * the payment check (unpaid). Answers the payment details and the check's reading.
 */
export async function buySample<D extends FlowData, C>(
  definition: ProductDefinition<D, C>,
  samples: ProductSamples<D, C>,
  api: ApiPort,
  context: SaveContext,
): Promise<{ payment: PaymentDetails; check: PaymentCheck }> {
  const { binding } = definition;
  const catalog = await binding.load(api);
  let data = await lookedUp(definition as ProductDefinition<D, unknown>, api, samples.purchase, catalog);
  if (binding.quote && binding.quote.key(data) !== null) await binding.quote.run(api, data, catalog);
  for (const call of Object.values(binding.calls ?? {})) data = { ...data, ...(await call(api, data, catalog)) };
  const price = definition.pricing(data, catalog);
  if (!price) throw new Error(`${definition.id}: the purchase sample has no price`);
  const payment = await binding.save(api, data, price, context);
  return { payment, check: await binding.check(api, payment) };
}
