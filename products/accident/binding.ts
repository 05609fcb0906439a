import type { Price } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { personLookup, policyNumberAnswer, requestPerson, required, saleBinding } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import type { SaveRequest } from './api.generated';
import { accidentTariff, type AccidentTariff } from './pricing';
import manifest from './product';
import { checkPolicyholderAge, type AccidentData } from './rules';

/** The save request: the first insured person is the owner (policyholder). */
export function accidentSaveRequest(data: AccidentData, price: Price): Omit<SaveRequest, 'return_url'> {
  const insureds = data.insureds.persons.map((person) => requestPerson(person));
  return {
    begin_date: isoToDmy(required(data.period.beginDate, 'beginDate'), '.'),
    insurance_amount: data.sum.amount,
    phone: phoneDigits(required(data.insureds.phone, 'phone')),
    owner: required(insureds[0], 'owner'),
    insureds,
    amount: price.total,
  };
}

export const accidentBinding = saleBinding<AccidentData, AccidentTariff>({
  calls: manifest.calls,
  // The tariff is the rate of requirements §9: nothing to fetch.
  load: async () => ({ ...accidentTariff }),
  lookups: [personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'insureds', rows: 'persons', withPinfl: true })],
  saveRequest: accidentSaveRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
  refusedFields: { '/owner/birthday': policyholderAgeRefusal(checkPolicyholderAge) },
  policy: policyNumberAnswer,
});
