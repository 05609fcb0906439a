import { customizeValidator } from '@rjsf/validator-ajv8';
import { registerStepValidator } from '../step-validators';
import { stepValidatorOptions } from '../validator-options';
import { carDefinition } from './car-definition';
import { sampleDefinition } from './sample-definition';

/**
 * Registers validators for the fixture's inline schemas, compiled at runtime with the options the
 * build uses (schema files get theirs precompiled by tools/vite-plugin-step-validators.ts).
 */
export function registerSampleValidators(): void {
  for (const step of [...sampleDefinition.steps, ...carDefinition.steps]) {
    if (step.schema) registerStepValidator(step.schema, customizeValidator(stepValidatorOptions));
  }
}

export const sampleMessages: Record<string, string> = {
  'sample.title': 'Sample cover',
  'sample.step.plan': 'Plan',
  'sample.step.people': 'People',
  'sample.step.extras': 'Extras',
  'sample.step.confirm': 'Confirm',
  'sample.step.pay': 'Payment',
  'sample.step.done': 'Policy',
  'sample.field.purpose': 'Purpose',
  'sample.field.days': 'Days',
  'sample.field.tier': 'Tier',
  'sample.field.persons': 'Persons',
  'sample.field.passport': 'Passport',
  'sample.field.birthday': 'Birthday',
  'sample.field.first-name': 'First name',
  'sample.field.last-name': 'Last name',
  'sample.field.company': 'Company',
  'sample.field.foreign': 'Foreign citizen',
  'sample.field.citizenship': 'Citizenship',
  'sample.field.luggage': 'Luggage cover',
  'sample.field.phone': 'Phone',
  'sample.field.agree': 'I agree',
  'sample.tier.basic': 'Basic',
  'sample.tier.plus': 'Plus',
  'sample.price.base': 'Base premium',
  'sample.price.luggage': 'Luggage',
};
