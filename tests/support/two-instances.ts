import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig, type AppConfig } from '../../server/config';
import type { TestDatabase } from './test-database';

/**
 * Two instances of the server on one PostgreSQL test database (`testDatabase`), the way a race
 * between them shows: built before the file's tests, one after the other (the first runs the
 * migrations), and closed after them, before the database is dropped (registered after it, so run
 * first). Filled in by then; without TEST_DATABASE_URL it stays empty and the tests fail as `testDatabase` says.
 */
export function twoInstances(database: TestDatabase, overrides: Partial<AppConfig> = {}): [FastifyInstance, FastifyInstance] {
  const instances = [] as unknown as [FastifyInstance, FastifyInstance];
  beforeAll(async () => {
    if (!database.server) return;
    const config = testConfig({ database: { kind: 'postgres', url: database.url }, ...overrides });
    for (let i = 0; i < 2; i += 1) {
      const instance = await buildApp(config);
      await instance.ready();
      instances.push(instance);
    }
  });
  afterAll(() => Promise.all(instances.map((instance) => instance.close())));
  return instances;
}
