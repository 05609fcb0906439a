import type { FileRef } from '../definition';
import { isRecord } from '../is-record';

/**
 * Whether a value is a chosen file as flow data keeps it. The file field and the products' bindings
 * both ask; a module of its own, so a binding can tell a save with files without loading the upload
 * or multipart code every other flow page goes without.
 */
export function isFileRef(value: unknown): value is FileRef {
  return isRecord(value) && typeof value.id === 'string' && value.id !== '' && typeof value.name === 'string' && typeof value.type === 'string' && typeof value.size === 'number';
}
