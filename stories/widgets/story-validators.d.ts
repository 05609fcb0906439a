/** Widget story validators, precompiled by .storybook/story-validators.ts from stories/widgets/schemas (a script file, so the declaration is ambient). */
declare module 'virtual:story-validators' {
  import type { ValidatorType } from '@rjsf/utils';
  const validators: Record<string, ValidatorType>;
  export default validators;
}
