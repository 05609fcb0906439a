/** Precompiled step validators built by tools/vite-plugin-step-validators.ts from schemas/products/<id>/<step>.json. */
declare module 'virtual:step-validators/*' {
  import type { ValidatorType } from '@rjsf/utils';
  const validators: Record<string, ValidatorType>;
  export default validators;
}
