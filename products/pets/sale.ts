import { oneYearFrom } from '../kit/api/api-format';
import { clientOf, coverStartInWindow, policyText, registeredParty, requestDate, requireOfAge, SaleRefusal, type ProductSale, type SaleContext } from '../kit/sale/sale';
import type { ProgramsResponse, SaveRequest } from './api.generated';
import { ageProblem, petsTariff, quotePet, vaccinationProblem, type PetsTariff } from './pricing';
import manifest from './product';

const ageRefusals = {
  born_later: 'the pet is born after its cover would start',
  too_young: 'the pet is younger than the tariff insures',
  too_old: 'the pet is older than the tariff insures',
} as const;

/** The programs call's answer: the tariff as stored. */
export function programsAnswer(tariff: PetsTariff): ProgramsResponse {
  return {
    programs: tariff.programs.map((p) => ({ id: p.id, name: p.name, sum_insured: p.sumInsured, premiums: { ...p.premiums } })),
    senior_from_years: tariff.seniorFromYears,
    senior_factor: tariff.seniorFactor,
    min_age_months: tariff.minAgeMonths,
    max_age_years: tariff.maxAgeYears,
    vaccination_valid_months: tariff.vaccinationValidMonths,
  };
}

/**
 * The cover a pet save buys: the program for the pet's kind, from the begin date for a year, the
 * pet's age at that start (its birth month) pricing it; refused with 422 naming the field for a
 * program not sold, a pet too young or too old, a vaccination older than the tariff allows, an owner
 * the person registry does not know.
 */
async function quote(request: SaveRequest, context: SaleContext<PetsTariff>) {
  const tariff = context.tariffs;
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, context.today, '/begin_date');
  const program = tariff.programs.find((p) => p.id === request.program_id);
  if (!program) throw new SaleRefusal(422, `program_id: program ${request.program_id} is not sold`, '/program_id');
  const [month, year] = request.birth_month.split('.');
  const birthMonth = `${year}-${month}`;
  const age = ageProblem(birthMonth, begin, tariff);
  if (age) throw new SaleRefusal(422, `birth_month: ${ageRefusals[age]}`, '/birth_month');
  const vaccinated = requestDate(request.vaccination_date, '/vaccination_date');
  const vaccination = vaccinationProblem(vaccinated, context.today, begin, tariff);
  if (vaccination === 'future') throw new SaleRefusal(400, 'body/vaccination_date is after today', '/vaccination_date');
  if (vaccination === 'old') throw new SaleRefusal(422, `vaccination_date: older than ${tariff.vaccinationValidMonths} months`, '/vaccination_date');
  const { person: owner, pinfl } = await registeredParty(request, '', context, { field: '/passport_number', message: 'passport_number: the owner is not in the person registry' });
  requireOfAge(owner.birthday, begin, '/birthday');
  const price = quotePet({ programId: program.id, petType: request.pet_type, birthMonth, beginDate: begin }, tariff);
  if (!price) throw new SaleRefusal(422, `program_id: program ${program.id} cannot be priced`, '/program_id');
  return {
    price,
    terms: {
      holder: owner.name,
      // The owner's interest in the pet is what is insured.
      insured: [owner],
      beginDate: begin,
      endDate: oneYearFrom(begin),
      sumInsured: program.sumInsured,
      currency: 'UZS' as const,
      programName: context.words(`pets.program.${program.id}`) ?? program.name,
      subject: `${policyText(context, `pets.pet_type.${request.pet_type}`)} «${request.nickname}», ${request.birth_month}`,
      ...clientOf(request.phone, [pinfl]),
    },
  };
}

const sale: ProductSale<SaveRequest, PetsTariff> = {
  schemas: { save: 'pets/save.request' },
  tariffs: petsTariff,
  quote,
  amount: (request) => request.amount,
  amountField: '/amount',
  calls: [
    { method: 'GET', path: manifest.calls.programs, summary: 'Pet programs with their premiums for cats and dogs, and the rules of age and vaccination', response: 'pets/programs.response', answer: (_body, context) => programsAnswer(context.tariffs) },
  ],
  policy: {
    series: 'PET',
    title: { uz: 'Uy hayvonlarini sugʻurtalash', ru: 'Страхование домашних животных', en: 'Pet insurance' },
    subjectLabel: { uz: 'Hayvon', ru: 'Животное' },
  },
};

export default sale;
