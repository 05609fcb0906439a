import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FlowData, ProductDefinition } from '../engine/definition';
import documents from './documents/definition';
import home from './home/definition';
import jobLoss from './job-loss/definition';
import osgop from './osgop/definition';
import pets from './pets/definition';
import { policyholderAgeCheck } from './policyholder-age';
import premiumHome from './premium-home/definition';
import sport from './sport/definition';
import travelUzb from './travel-uzb/definition';

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

  const flows: [string, ProductDefinition<never>, string][] = [
    ['home', home as unknown as ProductDefinition<never>, 'applicant.birthday'],
    ['premium home', premiumHome as unknown as ProductDefinition<never>, 'applicant.birthday'],
    ['pets', pets as unknown as ProductDefinition<never>, 'owner.birthday'],
    ['job loss', jobLoss as unknown as ProductDefinition<never>, 'personal.birthday'],
    ['document loss', documents as unknown as ProductDefinition<never>, 'owner.birthday'],
    ['sport', sport as unknown as ProductDefinition<never>, 'insured.birthday'],
    ['domestic travel', travelUzb as unknown as ProductDefinition<never>, 'applicant.birthday'],
    ['OSGOP', osgop as unknown as ProductDefinition<never>, 'holder.birthday'],
  ];
  it.each(flows)('%s says it at the birthday as it is typed, as its save is refused', (_name, flow, field) => {
    const name = flow.machine.onChange?.[field];
    const action = name ? flow.machine.actions[name] : undefined;
    if (!action) throw new Error(`no action on ${field}`);
    const [step, key] = field.split('.') as [string, string];
    const initial = flow.initialData as Record<string, Record<string, unknown>>;
    const child = { ...initial, [step]: { ...initial[step], [key]: '2020-03-20' } };
    expect(action(child as never, initial as never).errors).toEqual({ [step]: { '/birthday': 'engine.error.policyholder_age' } });
    const adult = { ...initial, [step]: { ...initial[step], [key]: '1990-05-15' } };
    expect(action(adult as never, initial as never).errors).toBeUndefined();
  });
});
