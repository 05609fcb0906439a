import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Action, FieldErrors, FlowData } from '../../../engine/definition';
import { changedStep } from '../../../engine/machine/effects';
import { pathSegments } from '../../../engine/paths';
import { createTestApp, fixtureFiles } from '../../../server/test-helpers';
import { buySample, serverApi } from '../../../tests/support/sample-purchase';
import { saveContext } from '../testing/fake-api';
import { policyholderAgeCheck, type PolicyholderAgeCheck } from './policyholder-age';
import { registeredProducts } from '../testing/product-tests';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2030-06-15T09:00:00'));
});
afterEach(() => vi.useRealTimers());

type Person = FlowData & { person: { birthday?: string }; cover: { beginDate?: string } };
const check = policyholderAgeCheck<Person>('person', (d) => d.person.birthday, (d) => d.cover.beginDate);
const judged = (birthday: string, beginDate?: string) => check({ person: { birthday }, cover: { beginDate } }).errors;

describe('a policyholder under 18, said at their birthday', () => {
  it('judges the age on the first day of cover, today while none is chosen', () => {
    expect(judged('2012-06-16')).toEqual({ person: { '/birthday': 'engine.error.policyholder_age' } });
    expect(judged('2012-06-15')).toBeUndefined();
    // 18 by the first day, though not yet today.
    expect(judged('2012-07-01', '2030-07-01')).toBeUndefined();
    expect(judged('2012-07-02', '2030-07-01')).toEqual({ person: { '/birthday': 'engine.error.policyholder_age' } });
    // A birthday after today is the date field's to refuse.
    expect(judged('2031-01-01')).toBeUndefined();
  });
});

const isAgeCheck = (action: Action<FlowData> | undefined): action is Action<FlowData> & PolicyholderAgeCheck<FlowData> => typeof action === 'function' && 'firstDayOf' in action;

/** Every product whose policyholder must be of age on the first day of cover, with its age check. */
const judgingAge = registeredProducts().flatMap(({ manifest, definition, samples }) =>
  Object.values(definition.machine.actions).filter(isAgeCheck).map((check) => ({ id: definition.id, manifest, definition, samples, check })));

/** `data` with `value` at the JSON pointer `path` of `step` (a copy). */
function withValueAt(data: FlowData, step: string, path: string, value: unknown): FlowData {
  const copy = structuredClone(data);
  const segments = pathSegments(path);
  const last = segments.pop() ?? '';
  let node: Record<string, unknown> = (copy[step] ??= {});
  for (const segment of segments) node = node[segment] as Record<string, unknown>;
  node[last] = value;
  return copy;
}

const messageAt = (errors: FieldErrors, field: { step: string; path: string }) => {
  const message = errors[field.step]?.[field.path];
  return typeof message === 'object' ? message.id : message;
};

describe('every flow whose policyholder must be 18 on the first day of cover', () => {
  it('is found by its age check: the car covers with a first day as well as the others', () => {
    expect(judgingAge.map(({ id }) => id)).toEqual(expect.arrayContaining([
      'mini-casco', 'monthly-casco', 'quick-casco', 'accident', 'documents', 'home', 'premium-home', 'job-loss', 'osgop', 'pets', 'sport', 'travel-uzb',
    ]));
  });

  // Turns 18 on the first day of cover, not a day before it.
  const firstDay = '2030-07-10';
  const dayBefore = '2030-07-09';
  const birthday = '2012-07-10';

  it.each(judgingAge)('$id says it at the birthday when the birthday is typed, and again whenever the first day of cover moves', ({ definition, samples, check }) => {
    const rules = definition.machine;
    const { step, path } = check.field;
    const fields = Object.keys(rules.onChange ?? {}).map((key) => key.split('.') as [string, string]);
    // The fields that move the first day the age is judged on.
    const movers = fields.filter(([moved, field]) => ['2030-08-01', '2030-08-02'].every((day) => check.firstDayOf(withValueAt(samples.purchase, moved, `/${field}`, day)) === day));
    expect(movers.length, 'a field sets the first day').toBeGreaterThan(0);
    for (const [moved, field] of movers) {
      const where = `${moved}.${field}`;
      const adult = withValueAt(withValueAt(samples.purchase, moved, `/${field}`, firstDay), step, path, birthday);
      // Typed: of age on that first day, not on the day before.
      const typed = withValueAt(withValueAt(samples.purchase, moved, `/${field}`, dayBefore), step, path, '1990-01-01');
      const byBirthday = changedStep(rules, typed, {}, step, withValueAt(typed, step, path, birthday)[step] ?? {}, samples.catalog);
      expect(messageAt(byBirthday.fieldErrors, check.field), `${where}: typed`).toBe(check.message);
      // Moved a day earlier after the birthday was told: a minor on it.
      const earlier = changedStep(rules, adult, {}, moved, { ...adult[moved], [field]: dayBefore }, samples.catalog);
      expect(messageAt(earlier.fieldErrors, check.field), `${where}: moved earlier`).toBe(check.message);
      // Moved back: of age again, the message goes.
      const later = changedStep(rules, earlier.data, earlier.fieldErrors, moved, { ...earlier.data[moved], [field]: firstDay }, samples.catalog);
      expect(messageAt(later.fieldErrors, check.field), `${where}: moved back`).toBeUndefined();
    }
  });
});

describe("every flow whose policyholder must be of age, a save the server refuses for the policyholder's age", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it.each(judgingAge)('$id is said at the birthday, in the words the page says it with', async ({ manifest, definition, samples, check }) => {
    // A page that does not judge the age (a client of its own) buys for a child the registry knows.
    const { step, path } = check.field;
    const passport = path.replace(/birthday$/, 'passport');
    const child = withValueAt(withValueAt(samples.purchase, step, passport, 'AC2020202'), step, path, '2020-03-20');
    const api = serverApi(app);
    await expect(buySample(definition, { ...samples, purchase: child }, api, { ...saveContext, files: fixtureFiles })).rejects.toMatchObject({ messageId: check.message, field: check.field });
    // Refused by the save itself, not by a call before it.
    expect(api.exchanges.at(-1)).toMatchObject({ path: manifest.calls.save, status: 422 });
  });
});
