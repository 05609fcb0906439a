import type { Price, ProductBinding } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { personLookup, policyNumberAnswer, required, saleBinding, passportFields } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import type { ProductManifest } from '../kit/define/define';
import type { SaveRequest } from './api.generated';
import type { HomeProgram, HomeTariffs } from './pricing';
import { checkPolicyholderAge, type HomeData } from './rules';

/** The save request for flow data and the premium the visitor was shown. */
export function homeSaveRequest(data: HomeData, price: Price): Omit<SaveRequest, 'return_url'> {
  return {
    program_id: required(data.program.programId, 'programId'),
    house_type: data.address.houseType,
    region_id: required(data.address.regionId, 'regionId'),
    address: required(data.address.address, 'address').trim(),
    begin_date: isoToDmy(required(data.address.beginDate, 'beginDate'), '.'),
    applicant: { ...passportFields(data.applicant), phone: phoneDigits(required(data.applicant.phone, 'phone')) },
    amount: price.total,
  };
}

/**
 * The binding of home and its variants: the program table is the tariff (requirements §9), so nothing is
 * fetched; the applicant is looked up by passport and birthday; save and check go to the product's own calls.
 */
export function homeBinding(calls: ProductManifest['calls'], programs: readonly HomeProgram[]): ProductBinding<HomeData, HomeTariffs> {
  return saleBinding<HomeData, HomeTariffs>({
    calls,
    load: async () => ({ programs: [...programs] }),
    // The applicant's name comes from the registry (the server also insures only registered people).
    lookups: [personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'applicant' })],
    saveRequest: homeSaveRequest,
    // Loaded only when a flow is renewed: no part of the flow page.
    renewal: () => import('./renewal').then((module) => module.default),
    // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
    refusedFields: { '/applicant/birthday': policyholderAgeRefusal(checkPolicyholderAge) },
    policy: policyNumberAnswer,
  });
}
