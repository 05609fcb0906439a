import type { EffectResult } from '../../engine/definition';
import { isIsoDate, todayIso } from '../kit/api/api-format';
import { defineRules, type PersonStep } from '../kit/define/define';
import { judgingPolicyholderAge, policyholderAgeCheck } from '../kit/rules/policyholder-age';
import { coverEnd } from './period';
import type { OsgopCategory, OsgopMonths } from './pricing';

export type OsgopData = {
  car: {
    plate?: string;
    techPassport?: string;
    category?: OsgopCategory;
    passengerSeats?: number;
    model?: string;
    issueYear?: number;
    owner?: string;
    edit?: boolean;
    ownerInn?: string;
  };
  holder: PersonStep & {
    kind: 'company' | 'person';
    inn?: string;
    companyName?: string;
  };
  policy: { months: OsgopMonths; beginDate?: string; endDate?: string };
};

/** The cover ends the day before the same date `months` on; it may not start in the past. */
function syncPeriod(next: OsgopData): EffectResult<OsgopData> {
  const { beginDate, months } = next.policy;
  const policy = { ...next.policy, endDate: isIsoDate(beginDate) ? coverEnd(beginDate, months) : undefined };
  const data = { ...next, policy };
  if (isIsoDate(beginDate) && beginDate < todayIso()) return { data, errors: { policy: { '/beginDate': 'osgop.error.begin_date_past' } } };
  return { data };
}

/**
 * A company's vehicle is most often insured by that company: its INN and name (the vehicle registry's
 * owner) become the carrier's, unless the visitor named one. The name comes with the INN because the
 * company lookup runs on the visitor's own change of the INN: without it the carrier step opened with
 * an INN and an empty name nobody can type.
 */
function prefillCarrier(next: OsgopData): EffectResult<OsgopData> {
  const { ownerInn, owner } = next.car;
  if (!ownerInn || next.holder.kind !== 'company' || next.holder.inn) return { data: next };
  return { data: { ...next, holder: { ...next.holder, inn: ownerInn, ...(owner ? { companyName: owner } : {}) } } };
}

/** The policyholder's age, said at the birthday as it is typed and whenever the first day of cover moves; the save's refusal of it is said there too (binding.ts). */
export const checkPolicyholderAge = policyholderAgeCheck<OsgopData>('holder', (d) => d.holder.birthday, (d) => d.policy.beginDate);

export const osgopRules = defineRules<OsgopData>()({
  onChange: { 'car.ownerInn': 'prefillCarrier', 'policy.beginDate': 'syncPeriod', 'policy.months': 'syncPeriod', 'holder.birthday': 'checkPolicyholderAge' },
  show: {
    'holder.inn': 'isCompany',
    'holder.companyName': 'isCompany',
    'holder.passport': 'isPerson',
    'holder.birthday': 'isPerson',
    'holder.firstName': 'isPerson',
    'holder.lastName': 'isPerson',
  },
  // Registry-filled vehicle texts the visitor may correct (the policy prints them); seats and category never (they set the price).
  lock: { 'car.model': 'vehicleLocked', 'car.issueYear': 'vehicleLocked', 'car.owner': 'vehicleLocked' },
  guards: {
    isCompany: (data) => data.holder.kind === 'company',
    isPerson: (data) => data.holder.kind === 'person',
    // What the registry answered stays as it said until the visitor asks to correct it.
    vehicleLocked: (data) => data.car.edit !== true,
  },
  actions: { prefillCarrier, syncPeriod: judgingPolicyholderAge(syncPeriod, checkPolicyholderAge), checkPolicyholderAge },
});
