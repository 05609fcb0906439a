import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/database';

type Executor = Kysely<Database> | Transaction<Database>;

/**
 * Where the bytes of the files a save carries are kept. The files themselves are described in the
 * database (`contract_files`, migration 040) whatever the store, so a contract always knows its
 * files; only their bytes move. The store the server writes to is chosen by `FILE_STORE`:
 * `database` (the default) or `s3`, an S3-compatible object store of the insurer's cloud
 * (server/lib/s3-file-store.ts: `write` puts the object under a key made of the file's id, `read`
 * gets it, `erase` deletes it). Each file row names the store that holds its bytes, so files written
 * before a switch stay readable where they are (server/README.md "Files").
 */
export interface FileBytesStore {
  /** The name a file row records (`contract_files.store`). */
  readonly name: string;
  /** Keeps a new file's bytes; `executor` is the transaction that writes the file's row (the database store joins it). */
  write(id: string, bytes: Uint8Array, executor: Executor): Promise<void>;
  /** A file's bytes, or null when the store has none. */
  read(id: string, executor: Executor): Promise<Uint8Array | null>;
  /** Deletes files' bytes, before their rows go. */
  erase(ids: readonly string[], executor: Executor): Promise<void>;
}

/** The tables the database store keeps bytes in: a contract's files', and a claim's. */
export type FileDataTable = 'contract_file_data' | 'claim_file_data';

/** The database as the store: each file's bytes in `table` (bytea), in the same transaction as the row that describes it. */
export function databaseStore(table: FileDataTable): FileBytesStore {
  return {
    name: 'database',
    async write(id, bytes, executor) {
      await executor.insertInto(table).values({ file_id: id, data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) }).execute();
    },
    async read(id, executor) {
      const row = await executor.selectFrom(table).select('data').where('file_id', '=', id).executeTakeFirst();
      return row ? new Uint8Array(row.data) : null;
    },
    async erase(ids, executor) {
      if (ids.length > 0) await executor.deleteFrom(table).where('file_id', 'in', [...ids]).execute();
    },
  };
}
