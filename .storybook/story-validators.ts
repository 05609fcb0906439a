import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { generateValidatorModule, readStepSchemas } from '../tools/vite-plugin-step-validators';

/** `import validators from 'virtual:story-validators'` → one precompiled validator per `stories/widgets/schemas/<name>.json`. */
export const STORY_VALIDATORS = 'virtual:story-validators';
const RESOLVED = '\0' + STORY_VALIDATORS;
const schemasDir = fileURLToPath(new URL('../stories/widgets/schemas', import.meta.url));

/**
 * Widget stories validate with validators compiled at build time, like the flows do: ajv's
 * runtime compiler needs `new Function`, which the site's CSP (and so its previews) must not need.
 */
export function storyValidators(): Plugin {
  return {
    name: 'story-validators',
    resolveId(id) {
      return id === STORY_VALIDATORS ? RESOLVED : null;
    },
    load(id) {
      if (id !== RESOLVED) return null;
      const { schemas, files } = readStepSchemas(schemasDir);
      this.addWatchFile(schemasDir);
      for (const file of files) this.addWatchFile(file);
      return generateValidatorModule(schemas);
    },
  };
}
