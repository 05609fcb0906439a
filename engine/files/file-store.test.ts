import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FileRef } from '../definition';
import { indexedDbFileStore, memoryFileStore, type FileStore } from './file-store';
import { draftFiles, randomId } from './draft-files';

// A browser's global, which Node lacks.
beforeAll(() => vi.stubGlobal('IDBKeyRange', IDBKeyRange));
afterEach(() => vi.useRealTimers());

const ref = (id: string, name = 'face.jpg'): FileRef => ({ id, name, type: 'image/jpeg', size: 3 });
const blob = (text: string) => new Blob([text], { type: 'image/jpeg' });
const text = async (value: Blob | null | undefined) => (value ? value.text() : null);

const stores: [string, () => FileStore][] = [
  ['IndexedDB', () => indexedDbFileStore(new IDBFactory())],
  ['memory', () => memoryFileStore()],
];

for (const [kind, make] of stores) {
  describe(`the ${kind} file store`, () => {
    it('keeps a file per draft and field, finds it by its id, and replaces it with the next one', async () => {
      const store = make();
      await store.put('draft-a', 'flow-pet_photo1', { ref: ref('1'), blob: blob('one') });
      await store.put('draft-b', 'flow-pet_photo1', { ref: ref('2'), blob: blob('two') });
      expect(await text((await store.get('draft-a', 'flow-pet_photo1'))?.blob)).toBe('one');
      expect((await store.get('draft-a', 'flow-pet_photo1'))?.ref).toEqual(ref('1'));
      expect(await text(await store.find('draft-a', '1'))).toBe('one');
      // Another tab's draft keeps its own files.
      expect(await store.find('draft-a', '2')).toBeNull();
      await store.put('draft-a', 'flow-pet_photo1', { ref: ref('3'), blob: blob('three') });
      expect(await store.find('draft-a', '1')).toBeNull();
      expect(await text(await store.find('draft-a', '3'))).toBe('three');
      await store.remove('draft-a', 'flow-pet_photo1');
      expect(await store.get('draft-a', 'flow-pet_photo1')).toBeNull();
      expect(await text(await store.find('draft-b', '2'))).toBe('two');
    });

    it('clears a draft\'s files, and sweeps those of drafts left behind', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2030-01-01T00:00:00Z'));
      const store = make();
      await store.put('old', 'f', { ref: ref('old'), blob: blob('old') });
      vi.setSystemTime(new Date('2030-01-10T00:00:00Z'));
      await store.put('kept', 'f', { ref: ref('kept'), blob: blob('kept') });
      await store.put('kept', 'g', { ref: ref('kept2'), blob: blob('kept2') });
      await store.sweep(new Date('2030-01-03T00:00:00Z').getTime());
      expect(await store.find('old', 'old')).toBeNull();
      expect(await text(await store.find('kept', 'kept'))).toBe('kept');
      await store.clear('kept');
      expect(await store.find('kept', 'kept')).toBeNull();
      expect(await store.find('kept', 'kept2')).toBeNull();
    });
  });
}

describe('a draft\'s files', () => {
  it('are the store\'s files of that draft, read by FileRef for the save', async () => {
    const store = memoryFileStore();
    const files = draftFiles(store, 'd');
    await files.put('flow-pet_photo1', { ref: ref('1'), blob: blob('one') });
    expect(await text(await files.read(ref('1')))).toBe('one');
    expect(await files.read(ref('9'))).toBeNull();
    await files.clear();
    expect(await files.get('flow-pet_photo1')).toBeNull();
  });

  it('fall back to memory where IndexedDB cannot be opened (a private window)', async () => {
    const broken = { open: () => { throw new Error('denied'); } } as unknown as IDBFactory;
    const store = indexedDbFileStore(broken);
    await store.put('d', 'f', { ref: ref('1'), blob: blob('one') });
    expect(await text(await store.find('d', '1'))).toBe('one');
    const none = indexedDbFileStore(undefined);
    await none.put('d', 'f', { ref: ref('1'), blob: blob('one') });
    expect(await none.get('d', 'f')).not.toBeNull();
  });

  it('have random 32-digit ids', () => {
    const ids = new Set(Array.from({ length: 50 }, randomId));
    expect(ids.size).toBe(50);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
  });
});
