import { describe, expect, it } from 'vitest';
import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { dateProblems, stepFields, unprintableProblems } from './field-rules';
import { firstUnprintable } from './printable-text';
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
    const problems = dateProblems(stepFields(peopleSchema as RJSFSchema, ui, data, ['/persons/3']), { drafts, idOf, today });
    expect(problems).toEqual([
      { path: '/persons/1/birthday', messageId: 'engine.error.date-incomplete' },
      { path: '/persons/2/birthday', messageId: 'engine.error.date-max', date: '10.03.2026' },
      { path: '/persons/4/birthday', messageId: 'engine.error.date-invalid' },
    ]);
  });

  it('takes ISO bounds and min as well', () => {
    const schema: RJSFSchema = { type: 'object', properties: { start: { type: 'string', format: 'date' } } };
    const bounded: UiSchema = { start: { 'ui:widget': 'date', 'ui:options': { min: '2030-01-01' } } };
    const check = (start: string) => dateProblems(stepFields(schema, bounded, { start }, []), { drafts: new Map(), idOf, today });
    expect(check('2029-12-31')).toEqual([{ path: '/start', messageId: 'engine.error.date-min', date: '01.01.2030' }]);
    expect(check('2030-01-01')).toEqual([]);
  });
});

describe('unprintable text', () => {
  it('finds the first character a policy cannot print in each shown text field without a pattern of its own, letters of both alphabets passing', () => {
    const data = { persons: [{ lastName: 'Алиева-Қодирова' }, { firstName: 'Vali 🐱', lastName: 'Oʻgʻiloy 王' }, { lastName: 'Hidden 😀' }] };
    // The first name's Latin-letters pattern says it in its own words.
    expect(unprintableProblems(stepFields(peopleSchema as RJSFSchema, ui, data, ['/persons/2']))).toEqual([{ path: '/persons/1/lastName', char: '王' }]);
    expect(firstUnprintable('№ 12, «Uy» — 5 000 soʻm\nKoʻcha’')).toBeUndefined();
    // Half of a surrogate pair is no character at all.
    expect(firstUnprintable('a\uD83D')).toBe('\uD83D');
    // Invisible controls print nothing, or the text around them backwards: "Urus" shown as "suRU".
    expect(firstUnprintable('Lamborghini \u202eTSET')).toBe('\u202e');
    expect(firstUnprintable('a\u2028b')).toBe('\u2028');
    expect(firstUnprintable('a\u2066b')).toBe('\u2066');
    expect(firstUnprintable('“Uy” … ‰ ⁄')).toBeUndefined();
  });
});
