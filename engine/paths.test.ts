import { describe, expect, it } from 'vitest';
import { fieldPathOfId, withValueAt } from './paths';

describe('fieldPathOfId', () => {
  const text = { type: 'string' };
  const schema = {
    type: 'object',
    properties: {
      tourists: { type: 'array', items: { type: 'object', properties: { first_name: text, first: { type: 'object', properties: { name: text } }, passport: text } } },
      gos_number: text,
      gos: { type: 'object', properties: { number: text } },
    },
  };

  it('reads rjsf\'s ids back into paths by the schema\'s names, `_` in them included', () => {
    expect(fieldPathOfId('flow-travel', 'flow-travel', schema)).toEqual([]);
    expect(fieldPathOfId('flow-travel_gos_number', 'flow-travel', schema)).toEqual(['gos_number']);
    expect(fieldPathOfId('flow-travel_tourists', 'flow-travel', schema)).toEqual(['tourists']);
    expect(fieldPathOfId('flow-travel_tourists_0_first_name', 'flow-travel', schema)).toEqual(['tourists', 0, 'first_name']);
    expect(fieldPathOfId('flow-travel_tourists_3_first_name', 'flow-travel', schema)).toEqual(['tourists', 3, 'first_name']);
    expect(fieldPathOfId('flow-travel_tourists_0_first', 'flow-travel', schema)).toEqual(['tourists', 0, 'first']);
  });

  it('is null for ids of other forms and names the schema does not have', () => {
    expect(fieldPathOfId('flow-home_phone', 'flow-travel', schema)).toBeNull();
    expect(fieldPathOfId('flow-travel_phone', 'flow-travel', schema)).toBeNull();
    expect(fieldPathOfId('flow-travel_tourists_x', 'flow-travel', schema)).toBeNull();
    expect(fieldPathOfId('flow-travel_tourists_0_middle_name', 'flow-travel', schema)).toBeNull();
    expect(fieldPathOfId('flow-travel_constructor', 'flow-travel', schema)).toBeNull();
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
