import fp from 'fastify-plugin';
import type { HomeTariffs } from '../../../products/home/pricing';
import type { TravelTariffs } from '../../../products/travel/pricing';
import { AppError } from '../../envelope';

export interface TariffService {
  travel(): Promise<TravelTariffs>;
  home(): Promise<HomeTariffs>;
  countries(): Promise<{ id: number; code: string }[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    tariffs: TariffService;
  }
}

/** How long an instance prices with tariffs it has read; a changed tariff row is in force after this. */
export const tariffCacheMs = 60_000;

/**
 * Reads a value at most once per `ttlMs`, sharing one pending read between concurrent callers.
 * A failed read is not kept, so the next call reads again.
 */
export function cachedRead<T>(read: () => Promise<T>, ttlMs: number, now: () => number = Date.now): () => Promise<T> {
  let value: Promise<T> | null = null;
  let readAt = 0;
  return () => {
    if (!value || now() - readAt >= ttlMs) {
      readAt = now();
      value = read().catch((error: unknown) => {
        value = null;
        throw error;
      });
    }
    return value;
  };
}

/**
 * Tariffs live in the database (seeded from products/*), so they can change without a deploy.
 * They are read on every price, so each instance keeps them for a minute: reference data, not
 * state, and the database stays the one source of truth across instances.
 */
export default fp(
  async (app) => {
    async function load<T>(product: string): Promise<T> {
      const row = await app.db.selectFrom('tariffs').select('data').where('product', '=', product).executeTakeFirst();
      if (!row) throw new AppError(500, `tariffs for ${product} are missing`);
      return row.data as T;
    }
    app.decorate('tariffs', {
      travel: cachedRead(() => load<TravelTariffs>('travel'), tariffCacheMs),
      home: cachedRead(() => load<HomeTariffs>('home'), tariffCacheMs),
      countries: cachedRead(() => app.db.selectFrom('countries').select(['id', 'code']).orderBy('id').execute(), tariffCacheMs),
    } satisfies TariffService);
  },
  { name: 'tariffs', dependencies: ['database'] },
);
