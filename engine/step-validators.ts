import type { ValidatorType } from '@rjsf/utils';

/**
 * Precompiled validators by the schema object they were compiled from. A step schema file imported
 * in the browser build registers its own (tools/vite-plugin-step-validators.ts), so whichever
 * product imports a schema file, its validator comes with it and no runtime compiler is needed.
 */
const validators = new WeakMap<object, ValidatorType>();

/** Records the validator compiled from `schema` (the generated schema modules call this). */
export function registerStepValidator(schema: object, validator: ValidatorType): void {
  validators.set(schema, validator);
}

/** The validator registered for this very schema object, or undefined when none was. */
export function stepValidator(schema: object | undefined): ValidatorType | undefined {
  return schema ? validators.get(schema) : undefined;
}
