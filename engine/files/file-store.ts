import type { FileRef } from '../definition';

/**
 * Where the page keeps the files a visitor chose until the save sends them. The draft itself is text
 * in sessionStorage (engine/draft.ts) and holds only each file's `FileRef`; the bytes go to IndexedDB,
 * keyed by the draft's files id and the field, so a reload — even in the middle of the upload —
 * finds them again. A file is removed when its field is cleared or given another file, and a
 * draft's files when the flow restarts or ends; files of drafts left behind (a tab closed mid-flow)
 * are swept after a week.
 */

export interface StoredFile {
  ref: FileRef;
  blob: Blob;
}

export interface FileStore {
  put(draft: string, field: string, file: StoredFile): Promise<void>;
  /** The file kept for a field, or null. */
  get(draft: string, field: string): Promise<StoredFile | null>;
  remove(draft: string, field: string): Promise<void>;
  /** A draft's file by its FileRef id (a save reads its files so). */
  find(draft: string, id: string): Promise<Blob | null>;
  /** Removes every file of a draft. */
  clear(draft: string): Promise<void>;
  /** Removes the files of any draft kept before `before` (ms since the epoch). */
  sweep(before: number): Promise<void>;
}

interface FileRecord extends StoredFile {
  key: string;
  draft: string;
  savedAt: number;
}

const keyOf = (draft: string, field: string) => `${draft}/${field}`;

/** A store in memory: where IndexedDB cannot be opened (some private windows), and in tests and stories. */
export function memoryFileStore(): FileStore {
  const records = new Map<string, FileRecord>();
  const ofDraft = (draft: string) => [...records.values()].filter((record) => record.draft === draft);
  return {
    async put(draft, field, file) {
      records.set(keyOf(draft, field), { ...file, key: keyOf(draft, field), draft, savedAt: Date.now() });
    },
    async get(draft, field) {
      const record = records.get(keyOf(draft, field));
      return record ? { ref: record.ref, blob: record.blob } : null;
    },
    async remove(draft, field) {
      records.delete(keyOf(draft, field));
    },
    async find(draft, id) {
      return ofDraft(draft).find((record) => record.ref.id === id)?.blob ?? null;
    },
    async clear(draft) {
      for (const record of ofDraft(draft)) records.delete(record.key);
    },
    async sweep(before) {
      for (const record of [...records.values()]) if (record.savedAt < before) records.delete(record.key);
    },
  };
}

const DB_NAME = 'shop-files';
const STORE = 'files';

const done = <T>(request: IDBRequest<T>) =>
  new Promise<T>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB request failed'));
  });

const committed = (transaction: IDBTransaction) =>
  new Promise<void>((resolve, reject) => {
    transaction.oncomplete = () => resolve();
    transaction.onerror = () => reject(transaction.error ?? new Error('IndexedDB transaction failed'));
    transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
  });

function openDatabase(factory: IDBFactory): Promise<IDBDatabase> {
  const request = factory.open(DB_NAME, 1);
  request.onupgradeneeded = () => {
    const store = request.result.createObjectStore(STORE, { keyPath: 'key' });
    store.createIndex('draft', 'draft');
    store.createIndex('savedAt', 'savedAt');
  };
  return done(request);
}

/**
 * The store over IndexedDB (`factory`, the browser's by default); when the database cannot be
 * opened, files are kept in memory instead: the flow still works, only a reload loses them.
 */
export function indexedDbFileStore(factory: IDBFactory | undefined = globalThis.indexedDB): FileStore {
  let database: Promise<IDBDatabase | null> | null = null;
  const fallback = memoryFileStore();
  const open = () => {
    // Some browsers throw at once instead of failing the request (IndexedDB disabled): both mean memory.
    database ??= factory ? Promise.resolve(factory).then(openDatabase).catch(() => null) : Promise.resolve(null);
    return database;
  };
  /** Runs `work` on the store in one transaction, or on the memory fallback. */
  async function withStore<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => Promise<T> | T, instead: (memory: FileStore) => Promise<T>): Promise<T> {
    const db = await open();
    if (!db) return instead(fallback);
    const transaction = db.transaction(STORE, mode);
    // Listened to before any request runs: a read-only transaction may complete while `work` awaits.
    const finished = committed(transaction);
    try {
      const result = await work(transaction.objectStore(STORE));
      await finished;
      return result;
    } catch (error) {
      finished.catch(() => undefined);
      throw error;
    }
  }
  const ofDraft = (store: IDBObjectStore, draft: string) => done(store.index('draft').getAll(draft)) as Promise<FileRecord[]>;
  return {
    put: (draft, field, file) =>
      withStore('readwrite', (store) => {
        const record: FileRecord = { ...file, key: keyOf(draft, field), draft, savedAt: Date.now() };
        store.put(record);
      }, (memory) => memory.put(draft, field, file)),
    get: (draft, field) =>
      withStore('readonly', async (store) => {
        const record = (await done(store.get(keyOf(draft, field)))) as FileRecord | undefined;
        return record ? { ref: record.ref, blob: record.blob } : null;
      }, (memory) => memory.get(draft, field)),
    remove: (draft, field) => withStore('readwrite', (store) => void store.delete(keyOf(draft, field)), (memory) => memory.remove(draft, field)),
    find: (draft, id) =>
      withStore('readonly', async (store) => (await ofDraft(store, draft)).find((record) => record.ref.id === id)?.blob ?? null, (memory) => memory.find(draft, id)),
    clear: (draft) =>
      withStore('readwrite', async (store) => {
        for (const record of await ofDraft(store, draft)) store.delete(record.key);
      }, (memory) => memory.clear(draft)),
    sweep: (before) =>
      withStore('readwrite', async (store) => {
        const keys = await done(store.index('savedAt').getAllKeys(IDBKeyRange.upperBound(before, true)));
        for (const key of keys) store.delete(key);
      }, (memory) => memory.sweep(before)),
  };
}
