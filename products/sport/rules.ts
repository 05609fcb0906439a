import type { EffectResult } from '../../engine/definition';
import { isIsoDate, oneYearFrom, todayIso } from '../kit/api/api-format';
import { defineRules, type PersonStep } from '../kit/define/define';
import { judgingPolicyholderAge, policyholderAgeCheck } from '../kit/rules/policyholder-age';

export type SportData = {
  sport: { sportTypeId?: number; beginDate?: string; endDate?: string };
  insured: PersonStep;
  sum: { amount: number };
};

/** The cover lasts a year from its start, which may not lie in the past. */
function syncPeriod(next: SportData): EffectResult<SportData> {
  const { beginDate } = next.sport;
  const sport = { ...next.sport };
  if (isIsoDate(beginDate)) sport.endDate = oneYearFrom(beginDate);
  else delete sport.endDate;
  const data = { ...next, sport };
  if (isIsoDate(beginDate) && beginDate < todayIso()) return { data, errors: { sport: { '/beginDate': 'sport.error.begin_date_past' } } };
  return { data };
}

/** The policyholder's age, said at the birthday as it is typed and whenever the first day of cover moves; the save's refusal of it is said there too (binding.ts). */
export const checkPolicyholderAge = policyholderAgeCheck<SportData>('insured', (d) => d.insured.birthday, (d) => d.sport.beginDate);

export const sportRules = defineRules<SportData>()({
  onChange: { 'sport.beginDate': 'syncPeriod', 'insured.birthday': 'checkPolicyholderAge' },
  guards: {},
  actions: { syncPeriod: judgingPolicyholderAge(syncPeriod, checkPolicyholderAge), checkPolicyholderAge },
});
