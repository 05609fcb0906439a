import { readFile } from 'node:fs/promises';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectDatabase } from './connect';
import { migrate, splitStatements } from './migrate';

describe('migration 050: travel countries get ids of their own', () => {
  it('gives a stored list of codes the ids its positions were, and leaves a list with ids as it is', async () => {
    const db = await connectDatabase({ kind: 'pglite', dataDir: null });
    try {
      await migrate(db);
      // A database seeded before the migration: the codes alone, their ids their positions from 1.
      const before = { tariffs: { usdRate: 12_650 }, countries: ['AE', 'AM', 'TR'] };
      await db.insertInto('tariffs').values({ product: 'travel', data: JSON.stringify(before) }).execute();
      const statements = splitStatements(await readFile(new URL('./migrations/050_travel_country_ids.sql', import.meta.url), 'utf8'));
      const run = async () => {
        for (const statement of statements) await sql.raw(statement).execute(db);
        return (await db.selectFrom('tariffs').select('data').where('product', '=', 'travel').executeTakeFirstOrThrow()).data;
      };
      const after = { tariffs: { usdRate: 12_650 }, countries: [{ id: 1, code: 'AE' }, { id: 2, code: 'AM' }, { id: 3, code: 'TR' }] };
      expect(await run()).toEqual(after);
      expect(await run()).toEqual(after);
    } finally {
      await db.destroy();
    }
  });
});
