import type { ApiPort, Price } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { envelopeFailure, genericErrorId, ProductBindingFailure } from '../kit/binding/binding-failure';
import { call, personLookup, policyNumberAnswer, required, saleBinding, requestPerson } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import type { SaveRequest, TypeResponse } from './api.generated';
import { stateNumberTypeId, type DocumentsTariff } from './pricing';
import manifest from './product';
import { checkPolicyholderAge, type DocumentsData } from './rules';

/** The save request: the document (by its plate for type 38, by its number otherwise), the start, the owner and the premium shown. */
export function documentsSaveRequest(data: DocumentsData, price: Price): Omit<SaveRequest, 'return_url'> {
  const typeId = required(data.document.typeId, 'typeId');
  return {
    document_type_id: typeId,
    ...(typeId === stateNumberTypeId
      ? { gos_number: required(data.document.plate, 'plate') }
      : { document_number: required(data.document.documentNumber, 'documentNumber') }),
    begin_date: isoToDmy(required(data.document.beginDate, 'beginDate'), '.'),
    owner: requestPerson(data.owner),
    phone: phoneDigits(required(data.owner.phone, 'phone')),
    amount: price.total,
  };
}

/** The type answer as the flow keeps it: the state number (type 38) apart from the paper documents. */
export function tariffFrom(answer: TypeResponse): DocumentsTariff {
  const types = answer.map((t) => ({ id: t.id, name: t.name, premium: t.premium, sumInsured: t.sum_insured }));
  return { documents: types.filter((t) => t.id !== stateNumberTypeId), stateNumber: types.find((t) => t.id === stateNumberTypeId) ?? null };
}

async function load(api: ApiPort): Promise<DocumentsTariff> {
  const envelope = await call(() => api.get<TypeResponse>(manifest.calls.types));
  if (!envelope.result) throw envelopeFailure(envelope, genericErrorId);
  if (!Array.isArray(envelope.response) || envelope.response.length === 0) {
    throw new ProductBindingFailure(genericErrorId, { detail: `${manifest.calls.types}: no document types` });
  }
  return tariffFrom(envelope.response);
}

export const documentsBinding = saleBinding<DocumentsData, DocumentsTariff>({
  calls: manifest.calls,
  load,
  lookups: [personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'owner', withPinfl: true })],
  saveRequest: documentsSaveRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
  refusedFields: { '/owner/birthday': policyholderAgeRefusal(checkPolicyholderAge) },
  policy: policyNumberAnswer,
  checkAnswer: manifest.checkAnswer,
});
