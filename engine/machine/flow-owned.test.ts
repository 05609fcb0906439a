import { describe, expect, it } from 'vitest';
import { readOnlyPaths, withFlowOwned } from './flow-owned';

const ui = {
  'ui:order': ['applicant', 'drivers', 'endDate'],
  endDate: { 'ui:widget': 'date', 'ui:readonly': true },
  applicant: { passport: { 'ui:widget': 'passport' }, firstName: { 'ui:readonly': true } },
  drivers: { items: { passport: { 'ui:widget': 'passport' }, firstName: { 'ui:readonly': true }, lastName: { 'ui:readonly': true } } },
};

describe('the fields a step draws read-only are the flow\'s', () => {
  it('are found as the step\'s own, an object\'s and a list\'s rows\'', () => {
    expect(readOnlyPaths(ui)).toEqual([['endDate'], ['applicant', 'firstName'], ['drivers', '[]', 'firstName'], ['drivers', '[]', 'lastName']]);
  });

  it('keep the flow\'s values when a form reports without them or with others', () => {
    const flow = {
      endDate: '2031-06-30',
      applicant: { passport: 'AA1234567', firstName: 'VALI' },
      drivers: [{ passport: 'AB7654321', firstName: 'DILNOZA', lastName: 'KARIMOVA' }, { passport: 'AC1111111' }],
    };
    // The form's data from before the flow's answers reached it, with a key typed since in the second row.
    const stale = { applicant: { passport: 'AA1234567' }, drivers: [{ passport: 'AB7654321' }, { passport: 'AC1111112', firstName: 'X' }] };
    expect(withFlowOwned(stale, flow, readOnlyPaths(ui))).toEqual({
      endDate: '2031-06-30',
      applicant: { passport: 'AA1234567', firstName: 'VALI' },
      drivers: [{ passport: 'AB7654321', firstName: 'DILNOZA', lastName: 'KARIMOVA' }, { passport: 'AC1111112' }],
    });
  });

  it('leave the rows alone when the form added or removed one: the remaining rows carry their own values', () => {
    const flow = { drivers: [{ passport: 'AB7654321', firstName: 'DILNOZA' }, { passport: 'AC1111111', firstName: 'TIMUR' }] };
    const removedFirst = { drivers: [{ passport: 'AC1111111', firstName: 'TIMUR' }] };
    expect(withFlowOwned(removedFirst, flow, readOnlyPaths(ui))).toEqual(removedFirst);
  });

  it('return the report itself when it already holds the flow\'s values', () => {
    const flow = { endDate: '2031-06-30', applicant: { firstName: 'VALI' } };
    const report = { endDate: '2031-06-30', applicant: { firstName: 'VALI' } };
    expect(withFlowOwned(report, flow, readOnlyPaths(ui))).toBe(report);
  });
});
