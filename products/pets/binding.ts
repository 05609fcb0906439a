import type { FileRef, Price, ProductBinding, StepCall } from '../../engine/definition';
import { isIsoDate, isoToDmy, phoneDigits, todayIso } from '../kit/api/api-format';
import { ProductBindingFailure, requireFields } from '../kit/binding/binding-failure';
import { call, personLookup, policyNumberAnswer, required, saleBinding, requestPerson } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import type { ProgramsResponse, SaveRequest } from './api.generated';
import { ageProblem, vaccinationProblem, type PetsTariff } from './pricing';
import manifest from './product';
import { checkPolicyholderAge, type PetsData } from './rules';

/** The programs call's answer as the flow prices with it. */
export function tariffFromAnswer(answer: ProgramsResponse): PetsTariff {
  return {
    programs: answer.programs.map((p) => ({ id: p.id, name: p.name, sumInsured: p.sum_insured, premiums: { cat: p.premiums.cat, dog: p.premiums.dog } })),
    seniorFromYears: answer.senior_from_years,
    seniorFactor: answer.senior_factor,
    minAgeMonths: answer.min_age_months,
    maxAgeYears: answer.max_age_years,
    vaccinationValidMonths: answer.vaccination_valid_months,
  };
}

/** What the save request carries: the documented fields, and the two photos as the flow keeps them (the kit sends them as parts). */
export type PetsSaveRequest = Omit<SaveRequest, 'return_url' | 'photo_1' | 'photo_2'> & { photo_1: FileRef; photo_2: FileRef };

const file = (value: FileRef | undefined, what: string): FileRef => required(value?.id ? value : undefined, what);

/** The multipart save request for flow data and the premium the visitor was shown. */
export function petsSaveRequest(data: PetsData, price: Price): PetsSaveRequest {
  const { program, pet, owner } = data;
  const [year, month] = required(pet.birthMonth, 'birthMonth').split('-');
  return {
    program_id: required(program.programId, 'programId'),
    pet_type: required(program.petType, 'petType'),
    nickname: required(pet.nickname, 'nickname').trim(),
    birth_month: `${month}.${year}`,
    vaccination_date: isoToDmy(required(pet.vaccinatedOn, 'vaccinatedOn'), '.'),
    begin_date: isoToDmy(required(program.beginDate, 'beginDate'), '.'),
    ...requestPerson(owner),
    phone: phoneDigits(required(owner.phone, 'phone')),
    amount: price.total,
    photo_1: file(pet.photoFace, 'photoFace'),
    photo_2: file(pet.photoBody, 'photoBody'),
  };
}

/**
 * On leaving the pet's step: a pet the tariff insures (its age when the cover starts) with a rabies
 * vaccination young enough — the same rules the server holds the save to, with the catalog's limits,
 * said at the field before the visitor goes on.
 */
const checkPet: StepCall<PetsData, PetsTariff> = async (_api, data, tariff) => {
  const { birthMonth, vaccinatedOn } = data.pet;
  const beginDate = isIsoDate(data.program.beginDate) ? data.program.beginDate : todayIso();
  const age = birthMonth ? ageProblem(birthMonth, beginDate, tariff) : null;
  if (age) throw new ProductBindingFailure(`pets.error.${age}`, { field: { step: 'pet', path: '/birthMonth' } });
  const vaccination = isIsoDate(vaccinatedOn) ? vaccinationProblem(vaccinatedOn, todayIso(), beginDate, tariff) : null;
  if (vaccination) throw new ProductBindingFailure(`pets.error.vaccination_${vaccination}`, { field: { step: 'pet', path: '/vaccinatedOn' } });
  return {};
};

const sale = saleBinding<PetsData, PetsTariff>({
  calls: manifest.calls,
  load: async (api) => {
    const envelope = await call(() => api.get<ProgramsResponse>(manifest.calls.programs));
    return tariffFromAnswer(requireFields<ProgramsResponse>(envelope.response, ['programs', 'senior_from_years', 'senior_factor'], manifest.calls.programs));
  },
  lookups: [personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'owner', withPinfl: true })],
  saveRequest: petsSaveRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
  refusedFields: { '/birthday': policyholderAgeRefusal(checkPolicyholderAge) },
  policy: policyNumberAnswer,
  // Requirements §8: the pet check's codes are reversed relative to sport's (0 paid, 1 not paid, 2 network error).
  checkAnswer: 'pets',
});

export const petsBinding: ProductBinding<PetsData, PetsTariff> = { ...sale, calls: { checkPet } };
