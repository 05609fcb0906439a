import type { FileStore } from './file-store';
import { draftFiles, draftFilesId, randomId, renewDraftFilesId, type DraftFiles } from './draft-files';

/**
 * What a flow with file fields starts with besides the fields themselves: the draft's files, the
 * tracker of a save's upload and its panel. Loaded before such a flow's first render
 * (`loadFileSupportFor`), so it is kept small: the browser's store (IndexedDB) and the panel's bars
 * load when first used, and a claim, whose first step asks for no file, starts without either.
 */
export { createUploadTracker } from './upload-tracker';
export { UploadPanel } from './upload-panel';

/** The browser's file store (IndexedDB), its code loaded by the first file kept, read or cleared; a failed load is tried again by the next. */
export function browserFileStore(): FileStore {
  let store: Promise<FileStore> | null = null;
  const open = () => (store ??= import('./file-store').then((module) => module.indexedDbFileStore(), (error: unknown) => {
    store = null;
    throw error;
  }));
  return {
    put: async (draft, field, file) => (await open()).put(draft, field, file),
    get: async (draft, field) => (await open()).get(draft, field),
    remove: async (draft, field) => (await open()).remove(draft, field),
    find: async (draft, id) => (await open()).find(draft, id),
    clear: async (draft) => (await open()).clear(draft),
    sweep: async (before) => (await open()).sweep(before),
  };
}

let pageStore: FileStore | null = null;

/** A flow's files in this tab: where they are kept, and the id of those an earlier flow of the tab left (to tidy). */
export interface FlowFiles {
  store: FileStore;
  left: string | null;
  draft: DraftFiles;
}

/**
 * The files of the flow `flowKey`'s draft in this tab (its files id lives in sessionStorage beside the
 * draft): a resumed flow finds its own; a new one (`fresh`) keeps its files under a new id, so nothing
 * an earlier flow of the tab kept shows in it. Kept in the browser's store (one per page) unless `store` is given.
 */
export function flowFiles(storage: Storage, flowKey: string, fresh: boolean, store: FileStore = (pageStore ??= browserFileStore())): FlowFiles {
  const { id, left } = fresh ? renewDraftFilesId(storage, flowKey, randomId) : { id: draftFilesId(storage, flowKey, randomId), left: null };
  return { store, left, draft: draftFiles(store, id) };
}

/** How long after a flow opens its device's files are tidied: housekeeping, no part of the page's start. */
export const fileHousekeepingDelayMs = 10_000;

/** Files of drafts older than this (a tab closed mid-flow) are removed from the device. */
const abandonedFilesMs = 7 * 24 * 60 * 60 * 1000;

/**
 * Removes, once the page is idle after `fileHousekeepingDelayMs`, the files an earlier flow of the tab
 * left and those of tabs closed mid-flow long ago: the store's code loads then (or with the first
 * file kept), not with the page. Returns what cancels it.
 */
export function tidyLater(files: FlowFiles): () => void {
  const tidy = () => {
    void files.store.sweep(Date.now() - abandonedFilesMs).catch(() => undefined);
    if (files.left) void files.store.clear(files.left).catch(() => undefined);
  };
  let idle: number | null = null;
  const timer = setTimeout(() => {
    if (typeof requestIdleCallback === 'function') idle = requestIdleCallback(tidy, { timeout: 5000 });
    else tidy();
  }, fileHousekeepingDelayMs);
  return () => {
    clearTimeout(timer);
    if (idle !== null) cancelIdleCallback(idle);
  };
}
