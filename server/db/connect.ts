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
  type PostgresCursor,
  type PostgresPool,
  type PostgresPoolClient,
  type PostgresQueryResult,
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

/** Distinct statements a process prepares at most; beyond, statements go unprepared (see `preparedStatements`). */
const MAX_PREPARED = 500;

/**
 * The pool as Kysely uses it, with every statement prepared once per connection under a name of
 * its own: PostgreSQL then parses it once per connection and, after a few runs, plans it once,
 * instead of parsing and planning it on every call — a third of its CPU time per purchase.
 *
 * Only statements that read or change rows are prepared, and none with a `*`: a prepared
 * `SELECT *` or `RETURNING *` fails ("cached plan must not change result type") once a migration
 * adds a column, so those keep being parsed each time. Kysely compiles a query shape to the same
 * text every time, and shapes vary only with the length of `IN` lists; the cap bounds what a
 * connection keeps should some shape vary without bound.
 */
export function preparedStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string | undefined => {
    let name = names.get(text);
    if (name === undefined && names.size < MAX_PREPARED && /^\s*(select|insert|update|delete|with)\b/i.test(text) && !text.includes('*')) {
      name = `shop_${names.size}`;
      names.set(text, name);
    }
    return name;
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    function query<R>(text: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query<R>(text: string | PostgresCursor<R>, parameters: ReadonlyArray<unknown> = []): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
      // Kysely hands cursors only to a dialect configured for streaming, which this one is not.
      if (typeof text !== 'string') throw new Error('streaming queries are not configured');
      const name = nameOf(text);
      const values = [...parameters];
      return (name ? client.query<R & pg.QueryResultRow>({ name, text, values }) : client.query<R & pg.QueryResultRow>(text, values)).then((result) => ({
        command: result.command as PostgresQueryResult<R>['command'],
        rowCount: result.rowCount ?? 0,
        rows: result.rows,
      }));
    }
    return { query, release: () => client.release() };
  };
  // One wrapper per pooled connection, not per query: Kysely keeps its connection object per
  // client it is given, so a new wrapper each time cost a new one of those on every query too.
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  return {
    async connect() {
      const client = await pool.connect();
      let wrapped = wrappers.get(client);
      if (!wrapped) wrappers.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}

/**
 * How long a query waits for a connection: to a database that does not answer (a host gone from the
 * network rather than one refusing), or for a free one of the pool's ten. Without it a request waits
 * for ever; with it, it fails as the database being away (503, try again).
 */
export const databaseConnectTimeoutMs = 5_000;

/**
 * Opens the store. `onIdleError` hears of a pooled PostgreSQL connection that broke while no query
 * ran on it (a restart, a failover, a dropped database): pg emits it as an event, and an unheard
 * 'error' event would end the process. The pool discards that connection and opens a new one when
 * next needed.
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
    const pool = new pg.Pool({ connectionString: config.url, max: 10, connectionTimeoutMillis: databaseConnectTimeoutMs, types: typeParsers });
    pool.on('error', onIdleError);
    // A connection that breaks once handed out but before its query is sent (a request took it from
    // the idle ones as the database stopped) emits 'error' on its client, where the pool no longer
    // listens: unheard, that would end the process too. Heard here (and told when the pool's own
    // listener is not there to); the query then fails, and the pool discards the connection.
    pool.on('connect', (client) => {
      client.on('error', (error) => {
        if (client.listenerCount('error') === 1) onIdleError(error);
      });
    });
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool: preparedStatements(pool) }) });
  }
  const client = await PGlite.create(config.dataDir ?? undefined, {
    parsers: { [pgliteTypes.DATE]: (value: string) => value },
  });
  return new Kysely<Database>({ dialect: pgliteDialect(client) });
}
