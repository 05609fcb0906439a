import fp from 'fastify-plugin';
import { AppError } from '../../envelope';
import { cachedRead, type CachedRead } from '../../lib/cached-read';

export interface TariffService {
  /** A product's reference data (tariffs, programs, catalog) as stored; 500 when it was never seeded. */
  of<T>(product: string): Promise<T>;
  /** The same, when read and still kept, without waiting; undefined when `of` has to read it. */
  fresh<T>(product: string): T | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    tariffs: TariffService;
  }
}

/** How long an instance prices with tariffs it has read; a changed tariff row is in force after this. */
export const referenceDataCacheMs = 60_000;

/**
 * Tariffs live in the database (seeded from each product's sale), so they can change without a
 * deploy. They are read on every price, so each instance keeps them for a minute: reference data,
 * not state, and the database stays the one source of truth across instances.
 */
export default fp(
  async (app) => {
    const readers = new Map<string, CachedRead<unknown>>();
    const read = (product: string) => async () => {
      const row = await app.db.selectFrom('tariffs').select('data').where('product', '=', product).executeTakeFirst();
      if (!row) throw new AppError(500, `tariffs for ${product} are missing`);
      return row.data;
    };
    const readerOf = (product: string) => {
      let reader = readers.get(product);
      if (!reader) {
        reader = cachedRead(read(product), referenceDataCacheMs);
        readers.set(product, reader);
      }
      return reader;
    };
    app.decorate('tariffs', {
      of: <T>(product: string) => readerOf(product)() as Promise<T>,
      fresh: <T>(product: string) => readers.get(product)?.fresh() as T | undefined,
    } satisfies TariffService);
  },
  { name: 'tariffs', dependencies: ['database'] },
);
