import { describe, expect, it } from 'vitest';
import type { MachineRules } from '../definition';
import { changedStep } from './effects';

type Data = { trip: { family?: boolean }; people: { ages?: number[] } };

// An effect on the family flag says its rule at a traveller's age, and takes it back once the flag is off.
const rules: MachineRules<Data> = {
  onChange: { 'trip.family': 'judge' },
  guards: {},
  actions: {
    judge: (next) =>
      next.trip.family
        ? { data: next, errors: { people: { '/ages/0': 'not_family' } } }
        : { data: next, withdrawn: { people: { '/ages/0': 'not_family', '/ages/1': 'not_family' } } },
  },
};

describe('changedStep', () => {
  it('takes back an effect\'s message only while that message stands, leaving another on the same field', () => {
    const data = { trip: { family: false }, people: { ages: [70, 71] } };
    const on = changedStep(rules, data, {}, 'trip', { family: true }, undefined);
    expect(on.fieldErrors).toEqual({ people: { '/ages/0': 'not_family' } });
    const withOther = { ...on.fieldErrors, people: { ...on.fieldErrors.people, '/ages/1': 'datas_not_found' } };
    const off = changedStep(rules, on.data, withOther, 'trip', { family: false }, undefined);
    expect(off.fieldErrors).toEqual({ people: { '/ages/1': 'datas_not_found' } });
  });
});
