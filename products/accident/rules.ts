import type { EffectResult } from '../../engine/definition';
import { isIsoDate, todayIso, oneYearFrom } from '../kit/api/api-format';
import { defineRules, type FlowPerson } from '../kit/define/define';
import { judgingPolicyholderAge, policyholderAgeCheck } from '../kit/rules/policyholder-age';

export type AccidentData = {
  period: { beginDate?: string; endDate?: string };
  sum: { amount: number };
  insureds: { persons: FlowPerson[]; phone?: string };
};

/** The cover lasts a year from its start, which may not lie in the past. */
function syncPeriod(next: AccidentData): EffectResult<AccidentData> {
  const { beginDate } = next.period;
  const period = { ...next.period, endDate: isIsoDate(beginDate) ? oneYearFrom(beginDate) : undefined };
  const data = { ...next, period };
  if (isIsoDate(beginDate) && beginDate < todayIso()) return { data, errors: { period: { '/beginDate': 'accident.error.begin_date_past' } } };
  return { data };
}

/** The policyholder's age, said at the birthday as it is typed and whenever the first day of cover moves; the save's refusal of it is said there too (binding.ts). */
export const checkPolicyholderAge = policyholderAgeCheck<AccidentData>(
  'insureds',
  (d) => d.insureds.persons[0]?.birthday,
  (d) => d.period.beginDate,
  'accident.error.policyholder_age',
  '/persons/0/birthday',
);

export const accidentRules = defineRules<AccidentData>()({
  // The first person holds the policy: any change of the list may put another person first.
  onChange: { 'period.beginDate': 'syncPeriod', 'insureds.persons': 'checkPolicyholderAge' },
  guards: {},
  actions: { syncPeriod: judgingPolicyholderAge(syncPeriod, checkPolicyholderAge), checkPolicyholderAge },
});
