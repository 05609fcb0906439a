import fp from 'fastify-plugin';
import type { RedirectsTable } from '../../db/database';
import { cachedRead } from '../../lib/cached-read';
import { referenceDataCacheMs } from './tariffs';

export interface RedirectService {
  /** Where an old page address moved, or undefined when it did not. */
  of(path: string): Promise<Pick<RedirectsTable, 'to_url' | 'status'> | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    redirects: RedirectService;
  }
}

/**
 * The redirects table (old addresses kept alive), read by the site's lookup before each navigation
 * in the browser and by the server when a browser opens an address directly. Changed by hand and
 * asked often: each instance keeps it a minute, like the tariffs.
 */
export default fp(
  async (app) => {
    const table = cachedRead(async () => {
      const rows = await app.db.selectFrom('redirects').select(['from_path', 'to_url', 'status']).execute();
      return new Map(rows.map((row) => [row.from_path, row]));
    }, referenceDataCacheMs);
    app.decorate('redirects', { of: async (path) => (await table()).get(path) } satisfies RedirectService);
  },
  { name: 'redirects', dependencies: ['database'] },
);
