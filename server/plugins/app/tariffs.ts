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

/** Tariffs live in the database (seeded from products/*), so they can change without a deploy. */
export default fp(
  async (app) => {
    async function load<T>(product: string): Promise<T> {
      const row = await app.db.selectFrom('tariffs').select('data').where('product', '=', product).executeTakeFirst();
      if (!row) throw new AppError(500, `tariffs for ${product} are missing`);
      return row.data as T;
    }
    app.decorate('tariffs', {
      travel: () => load<TravelTariffs>('travel'),
      home: () => load<HomeTariffs>('home'),
      countries: () => app.db.selectFrom('countries').select(['id', 'code']).orderBy('id').execute(),
    } satisfies TariffService);
  },
  { name: 'tariffs', dependencies: ['database'] },
);
