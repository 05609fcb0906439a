import ajvErrors from 'ajv-errors';
import type { CustomValidatorOptionsType } from '@rjsf/validator-ajv8';

/**
 * The one set of AJV options for step forms: ajv-formats (rjsf adds it by default) and ajv-errors,
 * whose `errorMessage` values are message ids. The build-time compiler and any runtime validator
 * (tests, the server) must use the same options so the same data gets the same answer.
 */
export const stepValidatorOptions: CustomValidatorOptionsType = {
  extenderFn: (ajv) => {
    ajvErrors(ajv);
    return ajv;
  },
};
