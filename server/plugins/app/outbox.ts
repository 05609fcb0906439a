import fp from 'fastify-plugin';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/database';

export type Executor = Kysely<Database> | Transaction<Database>;

export type OutboxKind = 'purchase' | 'failure' | 'refund';

export interface OutboxService {
  /**
   * Queues a chat message. Pass the transaction of the change it reports so the message exists
   * exactly when the change does; the worker delivers it later.
   */
  enqueue(kind: OutboxKind, text: string, executor?: Executor): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxService;
  }
}

export default fp(
  async (app) => {
    app.decorate('outbox', {
      async enqueue(kind, text, executor = app.db) {
        await executor.insertInto('outbox').values({ kind, text }).execute();
      },
    } satisfies OutboxService);
  },
  { name: 'outbox', dependencies: ['database'] },
);
