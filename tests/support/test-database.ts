import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';

export interface TestDatabase {
  /** The PostgreSQL server of TEST_DATABASE_URL, or undefined when the variable is not set. */
  server: string | undefined;
  /** The database's name and address (the address once the suite has started). */
  name: string;
  url: string;
  /** Runs `fn` on a client of the server's own database (creating, dropping, switching databases off). */
  admin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T>;
}

/**
 * A database of its own for a PostgreSQL test file, on the server of TEST_DATABASE_URL (vitest's
 * global setup starts a scratch cluster when PostgreSQL is installed): created before the file's
 * tests, dropped after them. Without the variable nothing is created; each test then fails with
 * instructions, never passing silently.
 */
export function testDatabase(prefix: string): TestDatabase {
  const server = process.env.TEST_DATABASE_URL;
  const database: TestDatabase = {
    server,
    name: `${prefix}_${randomBytes(6).toString('hex')}`,
    url: '',
    async admin(fn) {
      const client = new pg.Client({ connectionString: server });
      await client.connect();
      try {
        return await fn(client);
      } finally {
        await client.end();
      }
    },
  };
  beforeAll(async () => {
    if (!server) return;
    await database.admin((client) => client.query(`CREATE DATABASE ${database.name}`));
    const url = new URL(server);
    url.pathname = `/${database.name}`;
    database.url = url.toString();
  });
  afterAll(async () => {
    if (server) await database.admin((client) => client.query(`DROP DATABASE IF EXISTS ${database.name} WITH (FORCE)`));
  });
  return database;
}
