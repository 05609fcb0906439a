import type { RJSFSchema, ValidatorType } from '@rjsf/utils';

/**
 * Precompiled validators by the schema object they were compiled from. A step schema file imported
 * in the browser build registers its own (tools/vite-plugin-step-validators.ts), so whichever
 * product imports a schema file, its validator comes with it and no runtime compiler is needed.
 * In the site's browser build a schema registers how to load its validator instead, so a flow page
 * fetches its first step's validator with the page and the others when the page is idle or the
 * step is reached.
 */
const validators = new WeakMap<object, ValidatorType>();

/** A validator module of the browser build: the validator made for the schema it was compiled from. */
export type StepValidatorModule = { default: (schema: RJSFSchema) => ValidatorType };
const loaders = new WeakMap<object, () => Promise<StepValidatorModule>>();
const loading = new WeakMap<object, Promise<ValidatorType>>();

/** Records the validator compiled from `schema` (the generated schema modules call this). */
export function registerStepValidator(schema: object, validator: ValidatorType): void {
  validators.set(schema, validator);
}

/** Records how to load the validator compiled from `schema` (the browser build's schema modules call this). */
export function registerStepValidatorLoader(schema: object, load: () => Promise<StepValidatorModule>): void {
  loaders.set(schema, load);
}

/** The validator of this very schema object once registered or loaded, else undefined. */
export function stepValidator(schema: object | undefined): ValidatorType | undefined {
  return schema ? validators.get(schema) : undefined;
}

/**
 * The validator of `schema`, loaded once (the same promise for every caller, so a component may
 * suspend on it); undefined when the schema has neither a validator nor a way to load one. A failed
 * load is forgotten, so the next call fetches again.
 */
export function loadStepValidator(schema: object | undefined): Promise<ValidatorType | undefined> {
  if (!schema) return Promise.resolve(undefined);
  const ready = validators.get(schema);
  if (ready) return Promise.resolve(ready);
  const load = loaders.get(schema);
  if (!load) return Promise.resolve(undefined);
  let pending = loading.get(schema);
  if (!pending) {
    pending = load().then((module) => {
      const validator = module.default(schema as RJSFSchema);
      validators.set(schema, validator);
      return validator;
    });
    loading.set(schema, pending);
    pending.catch(() => loading.delete(schema));
  }
  return pending;
}
