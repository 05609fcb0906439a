import type { EffectResult } from '../../engine/definition';
import { isIsoDate, todayIso } from '../kit/api/api-format';
import { defineRules, type PersonStep } from '../kit/define/define';
import { judgingPolicyholderAge, policyholderAgeCheck } from '../kit/rules/policyholder-age';

export type HouseType = 'apartment' | 'house';
export type HomeProgramStep = { programId?: number };
export type HomeAddress = { houseType: HouseType; regionId?: number; address?: string; beginDate?: string };

export type HomeData = {
  program: HomeProgramStep;
  /** The applicant's names are the registry's; the registry's PINFL is not kept. */
  applicant: Omit<PersonStep, 'pinfl'>;
  address: HomeAddress;
};

/** The cover cannot start in the past (requirements §5: start date ≥ today). */
function checkBeginDate(next: HomeData): EffectResult<HomeData> {
  const { beginDate } = next.address;
  if (isIsoDate(beginDate) && beginDate < todayIso()) {
    return { data: next, errors: { address: { '/beginDate': 'home.error.begin_date_past' } } };
  }
  return { data: next };
}

/** The policyholder's age, said at the birthday as it is typed and whenever the first day of cover moves; the save's refusal of it is said there too (binding.ts). */
export const checkPolicyholderAge = policyholderAgeCheck<HomeData>('applicant', (d) => d.applicant.birthday, (d) => d.address.beginDate);

/** Home's rules; premium home shares them. */
export const homeRules = defineRules<HomeData>()({
  onChange: { 'address.beginDate': 'checkBeginDate', 'applicant.birthday': 'checkPolicyholderAge' },
  guards: {},
  actions: { checkBeginDate: judgingPolicyholderAge(checkBeginDate, checkPolicyholderAge), checkPolicyholderAge },
});
