import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { connectDatabase } from '../../db/connect';
import type { Database } from '../../db/database';
import { migrate } from '../../db/migrate';
import { seed } from '../../db/seed';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
  }
}

/**
 * Opens the database, applies pending migrations and the idempotent seed (so a fresh clone and a
 * fresh container both start with usable sandbox data), and closes it with the app.
 */
export default fp(
  async (app) => {
    const db = await connectDatabase(app.config.database, (err) => app.log.warn({ err }, 'an idle database connection broke; the pool opens a new one'));
    try {
      const applied = await migrate(db);
      if (applied.length) app.log.info({ applied }, 'database migrated');
      await seed(db);
    } catch (err) {
      await db.destroy();
      throw err;
    }
    app.decorate('db', db);
    app.addHook('onClose', async () => {
      await db.destroy();
    });
  },
  { name: 'database', dependencies: ['config'] },
);
