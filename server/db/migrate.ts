import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Database } from './database';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_LOCK = 7_253_001;

/** Splits a migration into statements; our migrations keep one statement per `;`-terminated line block. */
export function splitStatements(text: string): string[] {
  return text
    .replace(/^\s*--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

/**
 * Applies the numbered SQL files of server/db/migrations that are not yet recorded in
 * schema_migrations, in order, in one transaction under an advisory lock (several instances may
 * start at once). Returns the names applied now.
 */
export async function migrate(db: Kysely<Database>): Promise<string[]> {
  const files = (await readdir(migrationsDir)).filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f)).sort();
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`.execute(trx);
    await sql`CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(trx);
    const done = new Set((await trx.selectFrom('schema_migrations').select('name').execute()).map((r) => r.name));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file)) continue;
      const text = await readFile(migrationsDir + file, 'utf8');
      for (const statement of splitStatements(text)) await sql.raw(statement).execute(trx);
      await trx.insertInto('schema_migrations').values({ name: file }).execute();
      applied.push(file);
    }
    return applied;
  });
}
