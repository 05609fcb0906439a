import fp from 'fastify-plugin';
import { sql, type InsertQueryBuilder, type InsertResult, type Kysely, type QueryCreator, type RawBuilder, type Transaction } from 'kysely';
import type { Database } from '../../db/database';

/**
 * The text as PostgreSQL can store it: a NUL (which a refused request's message may quote) written
 * as a backslash and a zero, a lone UTF-16 surrogate as U+FFFD. Otherwise the insert fails and the report is lost.
 */
export function storableText(text: string): string {
  return text.replaceAll('\0', '\\0').replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

export type Executor = Kysely<Database> | Transaction<Database>;

/** The chat's messages, by what they report. */
export type OutboxKind = 'purchase' | 'failure' | 'refund' | 'claim';

/** The kind of an outbox row that is an SMS to a client (its `phone`), sent by the SMS gateway rather than to the chat. */
export const smsKind = 'sms';

export interface OutboxService {
  /**
   * Queues a chat message. Pass the transaction of the change it reports so the message exists
   * exactly when the change does; the worker delivers it later.
   */
  enqueue(kind: OutboxKind, text: string, executor?: Executor): Promise<void>;
  /** The same message as an insert to run inside another statement (a `WITH` part), so the change and its message are one round trip. */
  enqueueing(db: QueryCreator<Database>, kind: OutboxKind, text: string): InsertQueryBuilder<Database, 'outbox', InsertResult>;
  /** The same message as raw SQL for a `WITH` part, inserted once for each row of the statement's part `source` (none when it has none). */
  enqueueingFor(source: string, kind: OutboxKind, text: string): RawBuilder<unknown>;
  /**
   * Queues an SMS to a client's phone (998 and nine digits), in the transaction of the change that
   * decided it: the worker sends it through the SMS gateway, once, retrying until the gateway takes it.
   */
  enqueueSms(phone: string, text: string, executor?: Executor): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxService;
  }
}

export default fp(
  async (app) => {
    const service: OutboxService = {
      async enqueue(kind, text, executor = app.db) {
        await service.enqueueing(executor, kind, text).execute();
      },
      enqueueing: (db, kind, text) => db.insertInto('outbox').values({ kind, text: storableText(text) }),
      async enqueueSms(phone, text, executor = app.db) {
        await executor.insertInto('outbox').values({ kind: smsKind, phone, text: storableText(text) }).execute();
      },
      enqueueingFor: (source, kind, text) => sql`INSERT INTO outbox (kind, text) SELECT ${kind}::text, ${storableText(text)}::text FROM ${sql.table(source)}`,
    };
    app.decorate('outbox', service);
  },
  { name: 'outbox', dependencies: ['database'] },
);
