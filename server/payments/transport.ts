import type { FastifyInstance } from 'fastify';

export interface ProviderRequest {
  method: 'GET' | 'POST' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface ProviderResponse {
  status: number;
  body: string;
}

/** How a provider's client reaches the provider: the network, or this server's own sandbox stand-in. */
export type Transport = (request: ProviderRequest) => Promise<ProviderResponse>;

/** A provider that did not answer (network failure, timeout): the payment step says the service is unavailable. */
export class ProviderUnavailable extends Error {
  override name = 'ProviderUnavailable';
}

/**
 * The transport to a provider's API at `baseUrl`: this server's own sandbox stand-in (`/sandbox/…`
 * of this server) answers in-process, through the same HTTP handling a network call would meet;
 * any other address is called over the network with a timeout.
 */
export function providerTransport(app: FastifyInstance, baseUrl: string, timeoutMs = 30_000): Transport {
  const own = `${app.config.publicUrl}/sandbox/`;
  if (baseUrl.startsWith(own)) {
    return async ({ method, url, headers, body }) => {
      const response = await app.inject({ method, url: url.slice(app.config.publicUrl.length), headers: headers ?? {}, ...(body === undefined ? {} : { payload: body }) });
      return { status: response.statusCode, body: response.body };
    };
  }
  return async ({ method, url, headers, body }) => {
    try {
      const response = await fetch(url, { method, headers: headers ?? {}, ...(body === undefined ? {} : { body }), signal: AbortSignal.timeout(timeoutMs) });
      return { status: response.status, body: await response.text() };
    } catch (err) {
      throw new ProviderUnavailable(`${method} ${new URL(url).host}: ${err instanceof Error ? err.message : String(err)}`);
    }
  };
}

/**
 * What a sandbox stand-in keeps of its own (cards, receipts, payment pages) in the database, so it
 * behaves the same across several server instances: a JSON value per provider and reference.
 */
export function sandboxState<T extends Record<string, unknown>>(app: FastifyInstance, provider: string) {
  return {
    async get(reference: string): Promise<T | undefined> {
      const row = await app.db.selectFrom('sandbox_provider_state').select('data').where('provider', '=', provider).where('reference', '=', reference).executeTakeFirst();
      return row?.data as T | undefined;
    },
    async put(reference: string, data: T): Promise<void> {
      const json = JSON.stringify(data);
      await app.db
        .insertInto('sandbox_provider_state')
        .values({ provider, reference, data: json })
        .onConflict((conflict) => conflict.columns(['provider', 'reference']).doUpdateSet({ data: json, updated_at: new Date() }))
        .execute();
    },
  };
}
