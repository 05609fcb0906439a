import type { FileSource } from '../definition';
import type { FileStore, StoredFile } from './file-store';

/** A draft's files: what its file fields keep (by the field's id) and what its save reads (by FileRef). */
export interface DraftFiles extends FileSource {
  put(field: string, file: StoredFile): Promise<void>;
  get(field: string): Promise<StoredFile | null>;
  remove(field: string): Promise<void>;
  clear(): Promise<void>;
}

export function draftFiles(store: FileStore, draft: string): DraftFiles {
  return {
    put: (field, file) => store.put(draft, field, file),
    get: (field) => store.get(draft, field),
    remove: (field) => store.remove(draft, field),
    clear: () => store.clear(draft),
    read: (ref) => store.find(draft, ref.id),
  };
}

/** A random hex id (32 digits): `crypto.randomUUID` needs a secure context, `getRandomValues` does not. */
export function randomId(): string {
  return [...crypto.getRandomValues(new Uint8Array(16))].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The sessionStorage key of the id a tab's draft of a product keeps its files under. */
const filesIdKey = (productId: string) => `flow-files:${productId}`;
const isFilesId = (value: string | null): value is string => value !== null && /^[0-9a-f]{32}$/.test(value);

/**
 * The id this tab's draft of a product keeps its files under (engine/files/file-store.ts), made on
 * first use: sessionStorage is the tab's, so two tabs buying the same product keep their files apart,
 * and a reload finds its own. Without storage (a page drawn on the server) there is none.
 */
export function draftFilesId(storage: Storage, productId: string, newId: () => string): string {
  const key = filesIdKey(productId);
  const kept = storage.getItem(key);
  if (isFilesId(kept)) return kept;
  const id = newId();
  try {
    storage.setItem(key, id);
  } catch {
    // A full storage keeps the id for this page only.
  }
  return id;
}

/**
 * A new flow's files id: the tab's earlier one (`left`, if any) is replaced, so nothing an earlier
 * flow of the tab kept shows in the new one, and its files can be removed later without touching the new flow's.
 */
export function renewDraftFilesId(storage: Storage, productId: string, newId: () => string): { id: string; left: string | null } {
  const kept = storage.getItem(filesIdKey(productId));
  storage.removeItem(filesIdKey(productId));
  const id = draftFilesId(storage, productId, newId);
  return { id, left: isFilesId(kept) && kept !== id ? kept : null };
}
