import { expect, test } from 'vitest';
import { defined, either, readingNames, schemaReader, type NameConflict, type ReadSchema } from './request-reader';

test('defined drops what was not sent (undefined, null), keeping the others in their order', () => {
  const read = defined({ a: 1, b: undefined, c: null, d: 0, e: '', f: false });
  expect(read).toEqual({ a: 1, d: 0, e: '', f: false });
  expect(Object.keys(read)).toEqual(['a', 'd', 'e', 'f']);
  expect('b' in read || 'c' in read).toBe(false);
});

test('either takes the first name a field is sent under, an empty string or null being not sent', () => {
  expect(either({ a: '', b: null, c: 'x' }, 'a', 'b', 'c')).toBe('x');
  expect(either({ a: '' }, 'a')).toBeUndefined();
  expect(either({ a: 0 }, 'a')).toBe(0);
});

const code = (pattern: string): ReadSchema => ({ type: 'string', pattern });
const person: ReadSchema = {
  type: 'object',
  properties: {
    passport_seria: code('^[A-Z]{2}$'),
    passport_number: code('^[0-9]{7}$'),
    birthday: code('^(0[1-9]|[12][0-9]|3[01])\\.(0[1-9]|1[0-2])\\.(19|20)[0-9]{2}$'),
    pinfl: code('^[0-9]{14}$'),
    name: { type: 'string', minLength: 1, pattern: "^[A-Za-z][A-Za-z' -]*$" },
  },
  required: ['passport_seria', 'passport_number', 'birthday'],
};
const save: ReadSchema = {
  type: 'object',
  properties: {
    sport_type_id: { type: 'integer' },
    vehicleTypeId: { type: 'integer', enum: [1, 6, 9, 15] },
    has_covid: { type: 'integer', enum: [0, 1] },
    foreign: { type: 'boolean' },
    phone: code('^998[0-9]{9}$'),
    gos_number: code('^(?:[0-9]{2}[A-Z][0-9]{3}[A-Z]{2}|[0-9]{5}[A-Z]{3}|[0-9]{5,6}[A-Z]{2}|[0-9]{2}[MH][0-9]{6})$'),
    inn: code('^[0-9]{9}$'),
    contract_id: code('^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$'),
    return_url: { type: 'string', pattern: '^/(?!/)[^\\s]*$' },
    amount: { type: 'integer' },
    insured: person,
    insureds: { type: 'array', items: person },
  },
  required: ['sport_type_id', 'amount'],
};
const reader = schemaReader(save, { money: ['/amount'] });
const read = (body: unknown) => reader(body) as Record<string, unknown>;

test('ids, counts and amounts sent as digits are numbers; a fraction, a sign or a grouping is left for the schema', () => {
  expect(read({ sport_type_id: '2', vehicleTypeId: '6', amount: '300000' })).toEqual({ sport_type_id: 2, vehicleTypeId: 6, amount: 300_000 });
  for (const unread of ['2.5', '2.0', '-1', '1e3', ' 2', '2 000', '0x10', '']) expect(read({ sport_type_id: unread, amount: 1 }).sport_type_id).toBe(unread);
});

test('an amount also takes the decimal string PHP writes, an exact whole sum only', () => {
  expect(read({ amount: '113850.00' }).amount).toBe(113_850);
  expect(read({ amount: '113850.0' }).amount).toBe(113_850);
  for (const unread of ['113850.50', '113 850', '1e5', '-100', ' 100', '1234567890123456']) expect(read({ amount: unread }).amount).toBe(unread);
  // Only the amount: an id is never a decimal.
  expect(read({ sport_type_id: '2.00', amount: 1 }).sport_type_id).toBe('2.00');
});

test('a yes/no is a boolean or a 0/1 flag from booleans, 0/1 and their strings; anything else is left', () => {
  for (const [sent, flag, yes] of [[true, 1, true], ['1', 1, true], [1, 1, true], ['true', 1, true], [false, 0, false], ['0', 0, false], [0, 0, false], ['false', 0, false]] as const) {
    expect(read({ has_covid: sent, foreign: sent })).toEqual({ has_covid: flag, foreign: yes });
  }
  for (const unread of ['yes', 'TRUE', '2', 2, 'on']) expect(read({ has_covid: unread, foreign: unread })).toEqual({ has_covid: unread, foreign: unread });
});

test('a phone as people write it is its 12 digits; one that is not 998 and nine digits is left', () => {
  for (const sent of ['+998 90 123 45 67', '+998 (90) 123-45-67', '998-90-123-45-67', ' 998901234567 ']) expect(read({ phone: sent }).phone).toBe('998901234567');
  for (const unread of ['90 123 45 67', '+7 901 234 56 78', '+998 90 123 45 6', '998901234567x', 'a\u0000b']) expect(read({ phone: unread }).phone).toBe(unread);
});

test('codes come in any case, with spaces and dashes, or as a number of their digits', () => {
  expect(read({ gos_number: '01 a 123 bc', inn: '301 234 567', insured: { passport_seria: 'aa', passport_number: '123 45 67', birthday: '15.05.1990' } })).toEqual({
    gos_number: '01A123BC', inn: '301234567', insured: { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' },
  });
  expect(read({ inn: 301_234_567 }).inn).toBe('301234567');
  // A number that lost a leading zero is not the code, nor is a number past the safe integers.
  expect(read({ insured: { passport_number: 390_422 } })).toEqual({ insured: { passport_number: 390_422 } });
  expect(read({ inn: 3.5 }).inn).toBe(3.5);
});

test('what is not a code keeps its spaces and dashes: dates, ids with dashes, addresses', () => {
  expect(read({ insured: { birthday: '15 05 1990' } })).toEqual({ insured: { birthday: '15 05 1990' } });
  expect(read({ contract_id: '0b6e2c1a 4c3d-4e5f-8a9b-0c1d2e3f4a5b' }).contract_id).toBe('0b6e2c1a 4c3d-4e5f-8a9b-0c1d2e3f4a5b');
  expect(read({ return_url: '/en/x y' }).return_url).toBe('/en/x y');
  // Trimmed, and Uzbek apostrophes as the passport's, when the pattern then takes it.
  expect(read({ insured: { name: ' Gʻulomov ' } })).toEqual({ insured: { name: "G'ulomov" } });
  expect(read({ insured: { name: 'O‘ktamov' } })).toEqual({ insured: { name: "O'ktamov" } });
});

test('members come in camelCase or snake_case in any case, in lists and nested objects too', () => {
  expect(read({ sportTypeId: '2', vehicle_type_id: 1, HAS_COVID: true, insureds: [{ passportSeria: 'AA', PassportNumber: '1234567', birthday: '15.05.1990' }] })).toEqual({
    sport_type_id: 2, vehicleTypeId: 1, has_covid: 1, insureds: [{ passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' }],
  });
  // Twice, saying the same: once; saying two things: the other spelling stays for the schema to refuse by name.
  expect(read({ sport_type_id: 2, sportTypeId: '2' })).toEqual({ sport_type_id: 2 });
  expect(read({ sport_type_id: 2, sportTypeId: 3 })).toEqual({ sport_type_id: 2, sportTypeId: 3 });
  // ...and told where, in lists and nested objects too, whichever name comes first.
  const conflicts: NameConflict[] = [];
  reader({ sportTypeId: 3, sport_type_id: 2, insureds: [{ passport_seria: 'AA' }, { PassportSeria: 'ab', passport_seria: 'AA', passportSeria: 'aa' }] }, conflicts);
  expect(conflicts).toEqual(expect.arrayContaining([{ pointer: '/sportTypeId', member: 'sport_type_id' }, { pointer: '/insureds/1/PassportSeria', member: 'passport_seria' }]));
  expect(conflicts).toHaveLength(2);
  // A member the call does not have is left as sent.
  expect(read({ sport: 1, middle_name: 'x' })).toEqual({ sport: 1, middle_name: 'x' });
});

test('null, and "" where a member may be absent and "" is none of its values, is absent; a required one stays missing', () => {
  expect(read({ sport_type_id: null, phone: null, return_url: '', foreign: '', insured: { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990', pinfl: '' } })).toEqual({
    insured: { passport_seria: 'AA', passport_number: '1234567', birthday: '15.05.1990' },
  });
  expect(read({ sport_type_id: '' }).sport_type_id).toBe('');
});

test('a member named __proto__ is kept as an own member, never the record\'s prototype', () => {
  const body = JSON.parse('{"__proto__": {"polluted": 1}, "sport_type_id": "2"}') as unknown;
  const result = read(body);
  expect(Object.getPrototypeOf(result)).toBe(Object.prototype);
  expect(Object.hasOwn(result, '__proto__')).toBe(true);
  expect(({} as { polluted?: unknown }).polluted).toBeUndefined();
});

test('anything not an object where one belongs is given back as sent', () => {
  for (const sent of [null, 'x', 3, [1], true]) expect(reader(sent)).toBe(sent);
  expect(read({ insured: 'AA1234567', insureds: 'x' })).toEqual({ insured: 'AA1234567', insureds: 'x' });
});

test('readingNames tells the names `either` read saying two things, where the other was sent; either alone takes the first', () => {
  const body = { travelers: [{ birthday: '15-05-1990' }, { birthday: '02-11-1985', birth_date: '02-11-1986', birthDate: '02-11-1985' }] };
  const read = () => body.travelers.map((t: Record<string, unknown>) => either(t, 'birthday', 'birth_date', 'birthDate'));
  expect(readingNames(body, read)).toEqual({ value: ['15-05-1990', '02-11-1985'], conflicts: [{ pointer: '/travelers/1/birth_date', member: 'birthday' }] });
  expect(read()).toEqual(['15-05-1990', '02-11-1985']);
});

test('readingNames takes a value written two ways as one, but not two numbers that differ only by a decimal point', () => {
  const same = { a: { gaz: true, gas: 1, series: 'aa', seria: 'AA', plate: '01 a 123 bc', carNumber: '01A123BC' } };
  expect(readingNames(same, () => [either(same.a, 'gaz', 'gas'), either(same.a, 'series', 'seria'), either(same.a, 'plate', 'carNumber')]).conflicts).toEqual([]);
  const body = { a: { summa_all: '28000.0', summaAll: '280000', rate: '1.5', koef: 15, begin: '12.1.2026', beginDate: '1.21.2026' } };
  const read = () => [either(body.a, 'summa_all', 'summaAll'), either(body.a, 'rate', 'koef'), either(body.a, 'begin', 'beginDate')];
  expect(readingNames(body, read).conflicts).toEqual([
    { pointer: '/a/summaAll', member: 'summa_all' },
    { pointer: '/a/koef', member: 'rate' },
    { pointer: '/a/beginDate', member: 'begin' },
  ]);
});
