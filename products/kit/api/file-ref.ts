import type { FileRef } from '../../../engine/definition';

/**
 * Whether a value is a chosen file as flow data keeps it (the engine's file field has its own:
 * products import engine types only). On its own, apart from products/kit/api/multipart.ts, so a binding
 * can tell a save with files without loading the multipart code every other flow page goes without.
 */
export function isFileRef(value: unknown): value is FileRef {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    && 'id' in value && typeof value.id === 'string' && value.id !== ''
    && 'name' in value && typeof value.name === 'string'
    && 'type' in value && typeof value.type === 'string'
    && 'size' in value && typeof value.size === 'number';
}
