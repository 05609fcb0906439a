import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const slimRegistry = fileURLToPath(new URL('../engine/rjsf-registry.ts', import.meta.url));
const coreRegistry = /[\\/]@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/;

/**
 * Vite plugin: @rjsf/core's Form builds on `getDefaultRegistry`, which imports every field, template
 * and widget rjsf has; this resolves that module to the engine's registry of what step forms use
 * (engine/rjsf-registry.ts), about 7 KB gzip less on every flow page.
 */
export function rjsfRegistry(): Plugin {
  return {
    name: 'rjsf-registry',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('getDefaultRegistry.js') || !importer?.includes('@rjsf')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && coreRegistry.test(resolved.id) ? slimRegistry : null;
    },
  };
}
