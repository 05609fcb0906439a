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
 * deploy. A table several products read (the mini-casco programs) is one row, put in each reader's
 * data under the member its sale names in `shared`; a variant (`tariffsFrom`) reads its base's. They
 * are read on every price, so each instance keeps them for a minute: reference data, not state, and
 * the database stays the one source of truth across instances.
 */
export default fp(
  async (app) => {
    const readers = new Map<string, CachedRead<unknown>>();
    // A product's row, and the shared tables it names in their members' places (one statement).
    const read = (product: string) => {
      // A variant reads its base product's row, and the shared tables its base names.
      const row = app.products.get(product)?.sale.tariffsFrom ?? product;
      const shared = Object.entries(app.products.get(row)?.sale.shared ?? {}).map(([name, table]) => [name, table.key] as const);
      const keys = [row, ...shared.map(([, key]) => key)];
      return async () => {
        const rows = await app.db.selectFrom('tariffs').select(['product', 'data']).where('product', 'in', keys).execute();
        const byKey = new Map(rows.map((stored) => [stored.product, stored.data]));
        const own = byKey.get(row);
        if (own === undefined) throw new AppError(500, `tariffs for ${row} are missing`);
        if (shared.length === 0) return own;
        const data: Record<string, unknown> = { ...(own as Record<string, unknown>) };
        for (const [name, key] of shared) {
          if (!byKey.has(key)) throw new AppError(500, `shared tariffs ${key} are missing`);
          data[name] = byKey.get(key);
        }
        return data;
      };
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
  { name: 'tariffs', dependencies: ['database', 'products'] },
);
