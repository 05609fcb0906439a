import { describe, expect, it } from 'vitest';
import { fieldPathOfId, withValueAt } from './paths';

describe('fieldPathOfId', () => {
  const data = { tourists: [{ first_name: 'VALI', first: { name: 'x' }, passport: 'AA1' }], gos_number: '01A123BC' };

  it('reads rjsf\'s ids back into paths, names with `_` included', () => {
    expect(fieldPathOfId('flow-travel', 'flow-travel', data)).toEqual([]);
    expect(fieldPathOfId('flow-travel_gos_number', 'flow-travel', data)).toEqual(['gos_number']);
    expect(fieldPathOfId('flow-travel_tourists', 'flow-travel', data)).toEqual(['tourists']);
    expect(fieldPathOfId('flow-travel_tourists_0_first_name', 'flow-travel', data)).toEqual(['tourists', 0, 'first_name']);
    expect(fieldPathOfId('flow-travel_tourists_0_first_name', 'flow-travel', { tourists: [{ first: { name: 'x' } }] })).toEqual(['tourists', 0, 'first', 'name']);
  });

  it('takes a key the data lacks (a field just emptied) as the last segment, and refuses ids of other forms', () => {
    expect(fieldPathOfId('flow-travel_tourists_0_middle_name', 'flow-travel', data)).toEqual(['tourists', 0, 'middle_name']);
    expect(fieldPathOfId('flow-travel_phone', 'flow-travel', {})).toEqual(['phone']);
    expect(fieldPathOfId('flow-home_phone', 'flow-travel', data)).toBeNull();
  });
});

describe('withValueAt', () => {
  const target = { persons: [{ passport: 'AA1', firstName: 'Vali' }, { passport: 'AB' }], phone: '+998' };

  it('copies only the path, and leaves the rest of the target as it is', () => {
    const next = withValueAt(target, { persons: [{ passport: 'AA1' }, { passport: 'AB7' }] }, ['persons', 1, 'passport']);
    expect(next).toEqual({ persons: [{ passport: 'AA1', firstName: 'Vali' }, { passport: 'AB7' }], phone: '+998' });
    expect(next?.persons).not.toBe(target.persons);
    expect((next?.persons as unknown[])[0]).toBe(target.persons[0]);
    expect(target.persons[1]).toEqual({ passport: 'AB' });
  });

  it('drops a key the source lacks, takes the source whole at the root, and says null where the target has no place', () => {
    expect(withValueAt(target, { persons: [] }, ['phone'])).toEqual({ persons: target.persons });
    expect(withValueAt(target, { a: 1 }, [])).toEqual({ a: 1 });
    expect(withValueAt(target, { persons: [{}, {}, { passport: 'X' }] }, ['persons', 2, 'passport'])).toBeNull();
    expect(withValueAt(target, { car: { plate: 'X' } }, ['car', 'plate'])).toBeNull();
  });
});
