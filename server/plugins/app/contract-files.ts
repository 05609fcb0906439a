import { createHash, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { ContractFile } from '../../db/database';
import type { AppConfig } from '../../config';
import { databaseStore, type FileBytesStore, type FileDataTable } from '../../lib/file-store';
import { s3FileStore } from '../../lib/s3-file-store';
import type { Executor } from './outbox';

/** A file part of a save, read and inspected (server/lib/multipart-body.ts). */
export interface UploadedFile {
  /** The part's name in the request (`photo_1`). */
  field: string;
  filename: string;
  /** The type read from its content. */
  contentType: string;
  bytes: Uint8Array;
}

/** A contract's file as it is described (its bytes are read apart). */
export type ContractFileInfo = Pick<ContractFile, 'id' | 'field' | 'filename' | 'content_type' | 'size' | 'sha256' | 'store' | 'created_at'>;

export interface ContractFilesService {
  /** Keeps a save's files beside its new contract, in the transaction that creates it. */
  keep(contractId: string, files: readonly UploadedFile[], executor: Executor): Promise<void>;
  /** A contract's files, by part name. */
  of(contractId: string): Promise<ContractFileInfo[]>;
  /** A file's bytes (from the store that holds them), or null. Nothing serves them publicly. */
  read(fileId: string): Promise<Uint8Array | null>;
  /**
   * Contracts with files still unpaid `olderThanHours` after their save are abandoned: cancelled (so
   * no late payment buys a policy whose documents are gone; a provider that took money refunds it)
   * and their files deleted. Answers how many contracts, at most `batch` a round.
   */
  removeAbandoned(olderThanHours: number, batch: number): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    contractFiles: ContractFilesService;
  }
}

/**
 * The stores this server can write to and read from, by the name `FILE_STORE` and the file rows give:
 * the database (its bytes in `table`), and the S3 store when it is configured (keyed by file id, so
 * contracts' and claims' files share it).
 */
function fileStores(files: AppConfig['files'], table: FileDataTable): Readonly<Record<string, FileBytesStore>> {
  return { database: databaseStore(table), ...(files.s3 ? { s3: s3FileStore(files.s3) } : {}) };
}

/**
 * The stores of a table's files: the one new files are written to (FILE_STORE), and each file's own
 * by its recorded name (a file written before FILE_STORE changed stays readable where it is).
 */
export function fileStoresOf(files: AppConfig['files'], table: FileDataTable): { write: FileBytesStore; of: (name: string) => FileBytesStore } {
  const stores = fileStores(files, table);
  const write = stores[files.store];
  if (!write) throw new Error(`FILE_STORE ${files.store} is not a file store of this server`);
  return {
    write,
    of(name) {
      const store = stores[name];
      if (!store) throw new Error(`file store "${name}" is not configured`);
      return store;
    },
  };
}

const columns = ['id', 'field', 'filename', 'content_type', 'size', 'sha256', 'store', 'created_at'] as const;

export default fp(
  async (app) => {
    const { write: writeStore, of: storeOf } = fileStoresOf(app.config.files, 'contract_file_data');

    /** Deletes files (their bytes from each one's store first, then their rows). */
    async function erase(files: readonly Pick<ContractFile, 'id' | 'store'>[], executor: Executor): Promise<void> {
      const byStore = new Map<string, string[]>();
      for (const file of files) byStore.set(file.store, [...(byStore.get(file.store) ?? []), file.id]);
      for (const [name, ids] of byStore) await storeOf(name).erase(ids, executor);
      if (files.length > 0) await executor.deleteFrom('contract_files').where('id', 'in', files.map((file) => file.id)).execute();
    }

    const service: ContractFilesService = {
      async keep(contractId, files, executor) {
        for (const file of files) {
          const id = randomUUID();
          await executor
            .insertInto('contract_files')
            .values({
              id,
              contract_id: contractId,
              field: file.field,
              filename: file.filename,
              content_type: file.contentType,
              size: file.bytes.byteLength,
              sha256: createHash('sha256').update(file.bytes).digest('hex'),
              store: writeStore.name,
            })
            .execute();
          await writeStore.write(id, file.bytes, executor);
        }
      },
      of: (contractId) => app.db.selectFrom('contract_files').select(columns).where('contract_id', '=', contractId).orderBy('field').execute(),
      async read(fileId) {
        const file = await app.db.selectFrom('contract_files').select(['id', 'store']).where('id', '=', fileId).executeTakeFirst();
        return file ? storeOf(file.store).read(file.id, app.db) : null;
      },
      async removeAbandoned(olderThanHours, batch) {
        return app.db.transaction().execute(async (trx) => {
          // Each round's contracts under their locks (skipping those a payment holds right now), so
          // a payment and this job never both decide; a contract paid meanwhile is no longer unpaid.
          const abandoned = await trx
            .selectFrom('contracts')
            .select('id')
            .where('status', 'in', ['draft', 'awaiting_payment'])
            .where('created_at', '<', new Date(Date.now() - olderThanHours * 3_600_000))
            .where((eb) => eb.exists(eb.selectFrom('contract_files').select('contract_files.id').whereRef('contract_files.contract_id', '=', 'contracts.id')))
            .orderBy('created_at')
            .limit(batch)
            .forUpdate()
            .skipLocked()
            .execute();
          if (abandoned.length === 0) return 0;
          const ids = abandoned.map((contract) => contract.id);
          await trx.updateTable('contracts').set({ status: 'cancelled', updated_at: new Date() }).where('id', 'in', ids).execute();
          await erase(await trx.selectFrom('contract_files').select(['id', 'store']).where('contract_id', 'in', ids).execute(), trx);
          return ids.length;
        });
      },
    };
    app.decorate('contractFiles', service);
  },
  { name: 'contract-files', dependencies: ['database', 'config'] },
);
