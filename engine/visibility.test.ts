import { describe, expect, it } from 'vitest';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { hiddenPaths, lockedPaths, lockRuleAnswers, parseShowKey, withoutHiddenErrors, withRuledFields } from './visibility';
import { peopleSchema, planSchema, sampleDefinition, type SampleData } from './test-fixtures/sample-definition';
import { stepValidatorOptions } from './validator-options';

const rules = sampleDefinition.machine;
const data = (plan: SampleData['plan'], persons: SampleData['people']['persons'] = [{}]): SampleData => ({
  ...sampleDefinition.initialData,
  plan,
  people: { persons },
});

describe('show rules', () => {
  it('parses step, object and row keys and refuses malformed ones', () => {
    expect(parseShowKey('plan.company')).toEqual({ step: 'plan', segments: [{ name: 'company', rows: false }] });
    expect(parseShowKey('people.persons[].citizenship').segments).toEqual([
      { name: 'persons', rows: true },
      { name: 'citizenship', rows: false },
    ]);
    expect(() => parseShowKey('plan')).toThrow(/not "<step>.<field>"/);
    expect(() => parseShowKey('people.persons[]')).toThrow(/end on a field/);
  });

  it('hides a step field while its guard fails, and shows it while it holds', () => {
    expect(hiddenPaths(rules, 'plan', data({ purpose: 'leisure' }))).toEqual(['/company']);
    expect(hiddenPaths(rules, 'plan', data({ purpose: 'business' }))).toEqual([]);
    expect(hiddenPaths(rules, 'extras', data({ purpose: 'leisure' }))).toEqual([]);
  });

  it('asks a row rule once per row, with the row', () => {
    const persons = [{ foreign: true }, {}, { foreign: false }];
    expect(hiddenPaths(rules, 'people', data({}, persons))).toEqual(['/persons/1/citizenship', '/persons/2/citizenship']);
    expect(() => hiddenPaths({ show: { 'plan.company': 'nope' }, guards: {} }, 'plan', data({}))).toThrow(/unknown guard "nope"/);
  });

  it('marks hidden fields in the uiSchema, per row for arrays', () => {
    const ui = sampleDefinition.steps[1]?.uiSchema as UiSchema;
    expect(withRuledFields(ui, [], [])).toBe(ui);
    const hidden = withRuledFields(ui, ['/persons/1/citizenship'], []) as { persons: { items: (item: unknown, index: number) => UiSchema } };
    expect(typeof hidden.persons.items).toBe('function');
    expect(hidden.persons.items({}, 0).citizenship).toBeUndefined();
    expect(hidden.persons.items({}, 1).citizenship).toEqual({ 'ui:widget': 'hidden' });
    expect(hidden.persons.items({}, 1).passport).toEqual({ 'ui:widget': 'passport' });
    expect(withRuledFields(undefined, ['/company'], [])).toEqual({ company: { 'ui:widget': 'hidden' } });
  });

  it('drops the errors of hidden fields only, keeping the precompiled validator in charge', () => {
    const validator = customizeValidator(stepValidatorOptions);
    const plan = withoutHiddenErrors(validator, ['/company']);
    const leisure = plan.validateFormData({ purpose: 'leisure', days: 3 }, planSchema);
    expect(leisure.errors).toEqual([]);
    expect(leisure.errorSchema).toEqual({});
    const missingDays = plan.validateFormData({ purpose: 'leisure' }, planSchema);
    expect(missingDays.errors.map((e) => e.property)).toEqual(['days']);
    expect(validator.validateFormData({ purpose: 'leisure', days: 3 }, planSchema).errors.map((e) => e.property)).toEqual(['company']);

    const people = withoutHiddenErrors(validator, ['/persons/1/citizenship']);
    const rows = [
      { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Vali', foreign: true },
      { passport: 'AA1234567', birthday: '1990-05-15', firstName: 'Ali', citizenship: 'bad' },
    ];
    const result = people.validateFormData({ persons: rows }, peopleSchema as RJSFSchema);
    expect(result.errors.map((e) => e.property)).toEqual(['.persons.0.citizenship']);
    expect(Object.keys(result.errorSchema.persons ?? {})).toEqual(['0']);
  });
});

describe('lock rules', () => {
  const locks = {
    lock: { 'plan.days': 'isBusiness', 'people.persons[].firstName': 'isForeign' },
    guards: { isBusiness: (d: SampleData) => d.plan.purpose === 'business', isForeign: (_d: SampleData, row?: Record<string, unknown>) => row?.foreign === true },
  };

  it('locks a field while its guard holds, and a row field per row', () => {
    expect(lockedPaths(locks, 'plan', data({ purpose: 'business' }))).toEqual(['/days']);
    expect(lockedPaths(locks, 'plan', data({ purpose: 'leisure' }))).toEqual([]);
    expect(lockedPaths(locks, 'people', data({}, [{ foreign: true }, {}]))).toEqual(['/persons/0/firstName']);
    expect(lockRuleAnswers(locks, 'people.persons[].firstName', data({}, [{ foreign: true }, {}]))).toEqual([true, false]);
    expect(() => lockedPaths({ lock: { 'plan.days': 'nope' }, guards: {} }, 'plan', data({}))).toThrow(/unknown guard "nope"/);
  });

  it('marks locked fields read-only beside hidden ones, per row, keeping the row uiSchema', () => {
    const ui = sampleDefinition.steps[1]?.uiSchema as UiSchema;
    const ruled = withRuledFields(ui, ['/persons/1/citizenship'], ['/persons/0/firstName', '/persons/1/passport']) as { persons: { items: (item: unknown, index: number) => UiSchema } };
    expect(ruled.persons.items({}, 0).firstName).toEqual({ 'ui:readonly': true });
    expect(ruled.persons.items({}, 1).passport).toEqual({ 'ui:widget': 'passport', 'ui:readonly': true });
    expect(ruled.persons.items({}, 1).citizenship).toEqual({ 'ui:widget': 'hidden' });
    expect(ruled.persons.items({}, 2).passport).toEqual({ 'ui:widget': 'passport' });
    expect(withRuledFields(undefined, [], ['/days'])).toEqual({ days: { 'ui:readonly': true } });
  });
});
