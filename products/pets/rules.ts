import type { EffectResult, FileRef } from '../../engine/definition';
import { isIsoDate, oneYearFrom, todayIso } from '../kit/api/api-format';
import { defineRules, type PersonStep } from '../kit/define/define';
import { judgingPolicyholderAge, policyholderAgeCheck } from '../kit/rules/policyholder-age';
import type { PetType } from './pricing';

export type PetsProgramStep = { petType?: PetType; programId?: number; beginDate?: string; endDate?: string };
export type PetsPetStep = { nickname?: string; birthMonth?: string; vaccinatedOn?: string; photoFace?: FileRef; photoBody?: FileRef };

export type PetsData = {
  program: PetsProgramStep;
  pet: PetsPetStep;
  owner: PersonStep;
};

/** The cover lasts a year from its start, which may not lie in the past. */
function syncPeriod(next: PetsData): EffectResult<PetsData> {
  const { beginDate } = next.program;
  const program = { ...next.program, endDate: isIsoDate(beginDate) ? oneYearFrom(beginDate) : undefined };
  const data = { ...next, program };
  if (isIsoDate(beginDate) && beginDate < todayIso()) return { data, errors: { program: { '/beginDate': 'pets.error.begin_date_past' } } };
  return { data };
}

/** The policyholder's age, said at the birthday as it is typed and whenever the first day of cover moves; the save's refusal of it is said there too (binding.ts). */
export const checkPolicyholderAge = policyholderAgeCheck<PetsData>('owner', (d) => d.owner.birthday, (d) => d.program.beginDate);

export const petsRules = defineRules<PetsData>()({
  onChange: { 'program.beginDate': 'syncPeriod', 'owner.birthday': 'checkPolicyholderAge' },
  guards: {},
  actions: { syncPeriod: judgingPolicyholderAge(syncPeriod, checkPolicyholderAge), checkPolicyholderAge },
});
