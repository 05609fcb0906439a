import { createHash, randomUUID } from 'node:crypto';
import fp from 'fastify-plugin';
import type { ClaimDefinition } from '../../../engine/definition';
import { loadClaims } from '../../lib/claims/claim-registry';
import { fileStoresOf } from './contract-files';
import type { Executor } from './outbox';

/** A file of a claim, read and inspected, to keep. */
export interface ClaimUpload {
  /** The document it is (`photos`). */
  kind: string;
  filename: string;
  /** The type read from its content. */
  contentType: string;
  bytes: Uint8Array;
}

/** A claim's file as it is described (its bytes are read apart). */
export interface ClaimFileInfo {
  id: string;
  kind: string;
  filename: string;
  content_type: string;
  size: number;
  created_at: Date;
}

export interface ClaimForms {
  /** The claim form of a product, or undefined when it has none. */
  get(product: string): ClaimDefinition | undefined;
  /** Keeps a claim's files (their rows and bytes) in the transaction that writes the claim or its documents. */
  keepFiles(claimId: string, files: readonly ClaimUpload[], executor: Executor): Promise<void>;
  /** A claim's files, oldest first. */
  filesOf(claimId: string): Promise<ClaimFileInfo[]>;
  /** The bytes of a claim's file, or null (another claim's file id alike). */
  readFile(claimId: string, fileId: string): Promise<{ file: ClaimFileInfo; bytes: Uint8Array } | null>;
}

declare module 'fastify' {
  interface FastifyInstance {
    claimForms: ClaimForms;
  }
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const columns = ['id', 'kind', 'filename', 'content_type', 'size', 'created_at'] as const;

/** The insurance-event forms (`products/*\/claim.ts`) and the files filed claims carry, kept in the configured file store as contracts' are. */
export default fp(
  async (app) => {
    const forms = await loadClaims(app.config.claimsDir);
    const { write: writeStore, of: storeOf } = fileStoresOf(app.config.files, 'claim_file_data');
    const service: ClaimForms = {
      get: (product) => forms.get(product),
      async keepFiles(claimId, files, executor) {
        for (const file of files) {
          const id = randomUUID();
          await executor.insertInto('claim_files').values({
            id,
            claim_id: claimId,
            kind: file.kind,
            filename: file.filename,
            content_type: file.contentType,
            size: file.bytes.byteLength,
            sha256: createHash('sha256').update(file.bytes).digest('hex'),
            store: writeStore.name,
          }).execute();
          await writeStore.write(id, file.bytes, executor);
        }
      },
      filesOf: (claimId) => app.db.selectFrom('claim_files').select(columns).where('claim_id', '=', claimId).orderBy('created_at').orderBy('kind').orderBy('id').execute(),
      async readFile(claimId, fileId) {
        if (!uuid.test(fileId)) return null;
        const file = await app.db.selectFrom('claim_files').select([...columns, 'store']).where('claim_id', '=', claimId).where('id', '=', fileId.toLowerCase()).executeTakeFirst();
        if (!file) return null;
        const bytes = await storeOf(file.store).read(file.id, app.db);
        return bytes ? { file, bytes } : null;
      },
    };
    app.decorate('claimForms', service);
  },
  { name: 'claim-forms', dependencies: ['database', 'config'] },
);
