import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** rjsf's own modules the site's build replaces, by the file they resolve to. */
const replacements: readonly { file: string; pattern: RegExp; replacement: string }[] = [
  // @rjsf/core's Form builds on `getDefaultRegistry`, which imports every field, template and widget
  // rjsf has: the engine's registry holds what step forms use, about 7 KB gzip less on every flow page.
  { file: 'getDefaultRegistry.js', pattern: /[\\/]@rjsf[\\/]core[\\/]lib[\\/]getDefaultRegistry\.js$/, replacement: fileURLToPath(new URL('../engine/rjsf-registry.ts', import.meta.url)) },
  // rjsf's schema utilities carry a walk that drops data a schema does not describe, for forms that
  // set `omitExtraData`; none of ours does (engine/omit-extra-data.ts), about 1 KB gzip.
  { file: 'omitExtraData.js', pattern: /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/]omitExtraData\.js$/, replacement: fileURLToPath(new URL('../engine/omit-extra-data.ts', import.meta.url)) },
  // Looks a $ref up (with a JSON-pointer library): step forms have none (engine/schema-definition.ts).
  { file: 'findSchemaDefinition.js', pattern: /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]findSchemaDefinition\.js$/, replacement: fileURLToPath(new URL('../engine/schema-definition.ts', import.meta.url)) },
  // Scores a oneOf/anyOf's options against the data: step forms have none (engine/closest-option.ts).
  { file: 'getClosestMatchingOption.js', pattern: /[\\/]@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/]getClosestMatchingOption\.js$/, replacement: fileURLToPath(new URL('../engine/closest-option.ts', import.meta.url)) },
];

/**
 * Vite plugin: resolves the rjsf modules in `replacements` to the engine's smaller ones, when rjsf
 * itself imports them (nothing else is redirected).
 */
export function rjsfRegistry(): Plugin {
  return {
    name: 'rjsf-registry',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!importer?.includes('@rjsf')) return null;
      const candidate = replacements.find(({ file }) => source.endsWith(file));
      if (!candidate) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && candidate.pattern.test(resolved.id) ? candidate.replacement : null;
    },
  };
}
