import type { ApiPort, Price } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { envelopeFailure, genericErrorId, ProductBindingFailure } from '../kit/binding/binding-failure';
import { call, personLookup, policyNumberAnswer, required, saleBinding, requestPerson } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import type { SaveRequest, TypeResponse } from './api.generated';
import type { SportTariff } from './pricing';
import manifest from './product';
import { checkPolicyholderAge, type SportData } from './rules';

/** The save request: the sport, the sum, the start, the insured sportsman and the premium shown. */
export function sportSaveRequest(data: SportData, price: Price): Omit<SaveRequest, 'return_url'> {
  return {
    sport_type_id: required(data.sport.sportTypeId, 'sportTypeId'),
    insurance_amount: data.sum.amount,
    begin_date: isoToDmy(required(data.sport.beginDate, 'beginDate'), '.'),
    insured: requestPerson(data.insured),
    phone: phoneDigits(required(data.insured.phone, 'phone')),
    amount: price.total,
  };
}

async function load(api: ApiPort): Promise<SportTariff> {
  const envelope = await call(() => api.get<TypeResponse>(manifest.calls.types));
  if (!envelope.result) throw envelopeFailure(envelope, genericErrorId);
  const types = envelope.response;
  if (!Array.isArray(types) || types.length === 0) throw new ProductBindingFailure(genericErrorId, { detail: `${manifest.calls.types}: no sport types` });
  return { types: types.map((t) => ({ id: t.id, name: t.name, limit: t.limit })) };
}

export const sportBinding = saleBinding<SportData, SportTariff>({
  calls: manifest.calls,
  load,
  lookups: [personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'insured', withPinfl: true })],
  saveRequest: sportSaveRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
  refusedFields: { '/insured/birthday': policyholderAgeRefusal(checkPolicyholderAge) },
  policy: policyNumberAnswer,
  checkAnswer: manifest.checkAnswer,
});
