import type { ApiPort, Price } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { envelopeFailure, genericErrorId, requireFields } from '../kit/binding/binding-failure';
import { call, personLookup, policyNumberAnswer, required, saleBinding, requestPerson } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import type { SaveRequest, TarifsResponse } from './api.generated';
import type { TravelUzbTariff } from './pricing';
import manifest from './product';
import { checkPolicyholderAge, type TravelUzbData, type TravelUzbTourist } from './rules';

/** A tourist as the save names them: a citizen by the registry's passport, a foreigner by their passport's number as printed, whole. */
function tourist(row: TravelUzbTourist): SaveRequest['tourists'][number] {
  const names = { name: required(row.firstName, 'tourist firstName'), lastname: required(row.lastName, 'tourist lastName') };
  if (!row.foreign) return { ...names, ...requestPerson(row), foreign_type: 0 };
  return {
    ...names,
    passport_number: required(row.foreignPassport, 'tourist foreign passport'),
    birthday: isoToDmy(required(row.birthday, 'tourist birthday'), '.'),
    foreign_type: 1,
    country: required(row.country, 'tourist country'),
  };
}

/**
 * The save request: the period as dates and as days, the program, the applicant and the tourists,
 * and the total shown. The server prices this very cover again (premium × tourists × days).
 */
export function travelUzbSaveRequest(data: TravelUzbData, price: Price): Omit<SaveRequest, 'return_url'> {
  return {
    begin_date: isoToDmy(required(data.trip.beginDate, 'beginDate'), '.'),
    end_date: isoToDmy(required(data.trip.endDate, 'endDate'), '.'),
    days: required(data.trip.days, 'days'),
    tarif_id: required(data.trip.programId, 'programId'),
    amount: price.total,
    phone: phoneDigits(required(data.applicant.phone, 'phone')),
    applicant: requestPerson(data.applicant),
    tourists: data.tourists.tourists.map(tourist),
  };
}

/** The tarifs answer as the flow keeps it. */
export function tariffFrom(answer: TarifsResponse): TravelUzbTariff {
  return { programs: answer.tarifs.map((p) => ({ id: p.id, name: p.name, premium: p.premium, liability: p.liability })), countries: answer.countries };
}

async function load(api: ApiPort): Promise<TravelUzbTariff> {
  const envelope = await call(() => api.get<TarifsResponse>(manifest.calls.tariffs));
  if (!envelope.result) throw envelopeFailure(envelope, genericErrorId);
  return tariffFrom(requireFields<TarifsResponse>(envelope.response, ['tarifs', 'countries'], manifest.calls.tariffs));
}

/** Requirements §8: a save the server refuses with HTTP 500 or 422 says `alert-modal-text` in the error dialog. */
const alertModal = { message: 'alert-modal-text', modal: true };

export const travelUzbBinding = saleBinding<TravelUzbData, TravelUzbTariff>({
  calls: manifest.calls,
  load,
  lookups: [
    personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'applicant', withPinfl: true }),
    // Each citizen's row is looked up as it is typed; a foreigner is not in the Uzbek registry.
    personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'tourists', rows: 'tourists', withPinfl: true }),
  ],
  saveRequest: travelUzbSaveRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  saveStatuses: { codes: { 500: alertModal, 422: alertModal } },
  // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
  refusedFields: { '/applicant/birthday': policyholderAgeRefusal(checkPolicyholderAge) },
  policy: policyNumberAnswer,
});
