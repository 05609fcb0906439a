import { describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { dateProblems } from './date-rules';
import { peopleSchema, sampleDefinition } from './test-fixtures/sample-definition';

const ui = sampleDefinition.steps[1]?.uiSchema as UiSchema;
const today = new Date('2026-03-10T12:00:00');
const idOf = (path: string[]) => ['flow-people', ...path].join('_');

describe('date problems', () => {
  it('reports half-typed dates, dates past their bound, and nothing for hidden fields', () => {
    const data = { persons: [{ birthday: '1990-05-15' }, {}, { birthday: '2026-03-11' }, {}, {}] };
    const drafts = new Map([
      ['flow-people_persons_1_birthday', '15.05'],
      ['flow-people_persons_3_birthday', '01.01'],
      ['flow-people_persons_4_birthday', '31.02.1990'],
    ]);
    const problems = dateProblems(peopleSchema as RJSFSchema, ui, data, { hidden: ['/persons/3'], drafts, idOf, today });
    expect(problems).toEqual([
      { path: '/persons/1/birthday', messageId: 'engine.error.date-incomplete' },
      { path: '/persons/2/birthday', messageId: 'engine.error.date-max', date: '10.03.2026' },
      { path: '/persons/4/birthday', messageId: 'engine.error.date-invalid' },
    ]);
  });

  it('takes ISO bounds and min as well', () => {
    const schema: RJSFSchema = { type: 'object', properties: { start: { type: 'string', format: 'date' } } };
    const bounded: UiSchema = { start: { 'ui:widget': 'date', 'ui:options': { min: '2030-01-01' } } };
    const check = (start: string) => dateProblems(schema, bounded, { start }, { hidden: [], drafts: new Map(), idOf, today });
    expect(check('2029-12-31')).toEqual([{ path: '/start', messageId: 'engine.error.date-min', date: '01.01.2030' }]);
    expect(check('2030-01-01')).toEqual([]);
  });
});
