import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import {
  CompiledQuery,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config';
import type { Database } from './database';

const INT8 = 20;
const DATE = 1082;

/**
 * One PGlite instance is one connection. kysely-pglite's driver hands the same client to every
 * caller without a lock, so a request's query could land inside another request's open
 * transaction; this driver queues callers instead (a transaction holds the connection until it
 * commits), which gives PGlite the isolation a pooled PostgreSQL gives for free.
 */
class LockedPGliteDriver implements Driver {
  #client: PGlite;
  #queue: Array<() => void> = [];
  #busy = false;
  #connection: DatabaseConnection;

  constructor(client: PGlite) {
    this.#client = client;
    this.#connection = {
      executeQuery: async <R>(query: CompiledQuery): Promise<QueryResult<R>> => {
        const result = await this.#client.query<R>(query.sql, [...query.parameters]);
        return {
          rows: result.rows,
          ...(result.affectedRows === undefined ? {} : { numAffectedRows: BigInt(result.affectedRows) }),
        };
      },
      streamQuery: () => {
        throw new Error('PGlite does not support streaming');
      },
    };
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#busy) await new Promise<void>((resolve) => this.#queue.push(resolve));
    this.#busy = true;
    return this.#connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.#queue.shift();
    if (next) next();
    else this.#busy = false;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('BEGIN'));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('COMMIT'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('ROLLBACK'));
  }

  async destroy(): Promise<void> {
    await this.#client.close();
  }
}

function pgliteDialect(client: PGlite): Dialect {
  return {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new LockedPGliteDriver(client),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  };
}

/** Opens the configured database: PGlite (a directory, or memory when dataDir is null) or PostgreSQL. */
/**
 * Opens the store. `onIdleError` hears of a pooled PostgreSQL connection that broke while idle (a
 * restart, a failover, a dropped database): pg emits it on the pool, and an unheard 'error' event
 * would end the process. The pool discards that connection and opens a new one when next needed.
 */
export async function connectDatabase(config: DatabaseConfig, onIdleError: (error: Error) => void = () => undefined): Promise<Kysely<Database>> {
  if (config.kind === 'postgres') {
    // Both engines must hand the same JS values to the code: numbers for int8, ISO text for dates.
    const typeParsers = {
      getTypeParser: (oid: number, format?: 'text' | 'binary') => {
        if (oid === INT8) return (value: string) => Number(value);
        if (oid === DATE) return (value: string) => value;
        return pg.types.getTypeParser(oid, format);
      },
    } as pg.CustomTypesConfig;
    const pool = new pg.Pool({ connectionString: config.url, max: 10, types: typeParsers });
    pool.on('error', onIdleError);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const client = await PGlite.create(config.dataDir ?? undefined, {
    parsers: { [pgliteTypes.DATE]: (value: string) => value },
  });
  return new Kysely<Database>({ dialect: pgliteDialect(client) });
}
