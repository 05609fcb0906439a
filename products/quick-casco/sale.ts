import { displayPlate } from '../../engine/plate-text';
import { oneYearFrom } from '../kit/api/api-format';
import { earliestCoverStart } from '../kit/cars/program-start';
import { clientOf, notTooFarAhead, passportOf, registeredParty, requestDate, requireOfAge, SaleRefusal, type InsuredPerson, type ProductSale, type SaleContext, type SaleQuote } from '../kit/sale/sale';
import type { SaveRequest } from './api.generated';
import { quickCascoTariff, quoteQuickCasco, type QuickCascoTariff } from './pricing';
import manifest from './product';

type Context = SaleContext<QuickCascoTariff>;

/**
 * The applicant the policy names: a citizen of the person registry (by a 2-letter passport), or a
 * foreigner by a 3-letter passport series (requirements §5) and the names they give, which no registry
 * here can check. HTTP 400 for a series of the other length or a foreigner without names; 422 for
 * a citizen the registry does not know.
 */
async function applicantOf(applicant: SaveRequest['applicant'], context: Context): Promise<{ person: InsuredPerson; pinfl?: string }> {
  const birthday = requestDate(applicant.birthday, '/applicant/birthday');
  if (applicant.foreign) {
    if (applicant.passport_seria.length !== 3) throw new SaleRefusal(400, 'body/applicant/passport_seria: a foreign passport\'s series has 3 letters', '/applicant/passport_seria');
    if (!applicant.first_name?.trim()) throw new SaleRefusal(400, 'body/applicant/first_name is required for a foreigner', '/applicant/first_name');
    if (!applicant.last_name?.trim()) throw new SaleRefusal(400, 'body/applicant/last_name is required for a foreigner', '/applicant/last_name');
    return { person: { name: `${applicant.first_name.trim()} ${applicant.last_name.trim()}`, passport: passportOf(applicant), birthday } };
  }
  if (applicant.passport_seria.length !== 2) throw new SaleRefusal(400, 'body/applicant/passport_seria: a citizen\'s passport series has 2 letters', '/applicant/passport_seria');
  return registeredParty(applicant, '/applicant', context, { field: '/applicant', message: 'applicant not found in the person registry' });
}

/**
 * The cover a save buys: the program of the table for a year from its first day (tomorrow or
 * later), for a car of the vehicle registry whose owner is a person (a legal entity's: 422
 * for_only_individuals, requirements §5), bought by an applicant 18 or older on the first day.
 */
async function quote(request: SaveRequest, context: Context): Promise<SaleQuote> {
  const begin = requestDate(request.begin_date, '/begin_date');
  if (begin < earliestCoverStart(context.today)) throw new SaleRefusal(400, 'body/begin_date must be tomorrow or later', '/begin_date');
  notTooFarAhead(begin, context.today, '/begin_date');
  const program = context.tariffs.programs.find((p) => p.id === request.program_id);
  const price = quoteQuickCasco(request.program_id, context.tariffs);
  if (!program || !price) throw new SaleRefusal(422, `body/program_id: program ${request.program_id} is not sold`, '/program_id');
  const vehicle = await context.registries.vehicle({ plate: request.gos_number, techSeria: request.tech_sery, techNumber: request.tech_number });
  if (!vehicle) throw new SaleRefusal(422, 'body/gos_number: no vehicle of this plate and tech passport in the registry', '/gos_number');
  if (vehicle.owner.kind === 'company') throw new SaleRefusal(422, 'body/gos_number: for_only_individuals, the registry names a legal-entity owner', '/gos_number');
  const { person: applicant, pinfl } = await applicantOf(request.applicant, context);
  requireOfAge(applicant.birthday, begin, '/applicant/birthday');
  return {
    price,
    terms: {
      holder: applicant.name,
      insured: [applicant],
      beginDate: begin,
      endDate: oneYearFrom(begin),
      sumInsured: program.sumInsured,
      currency: 'UZS',
      programName: `${context.words(`quick-casco.program.${program.id}`) ?? program.name}, 12 oy / мес.`,
      subject: `${vehicle.model}, ${displayPlate(vehicle.plate)}, ${vehicle.issueYear}; egasi / владелец: ${vehicle.owner.name}`,
      plate: vehicle.plate,
      ...clientOf(request.phone, [pinfl]),
    },
  };
}

const sale: ProductSale<SaveRequest, QuickCascoTariff> = {
  schemas: { save: 'quick-casco/save.request' },
  tariffs: quickCascoTariff,
  quote,
  amount: (request) => request.amount,
  amountField: '/amount',
  calls: [
    {
      method: 'GET',
      path: manifest.calls.programs,
      summary: 'Quick casco programs: premium a year, cover and the risks each covers',
      response: 'quick-casco/programs.response',
      answer: (_body, context) => context.tariffs,
    },
  ],
  policy: {
    series: 'TKS',
    title: { uz: 'Tez KASKO — avtomobilni ixtiyoriy sugʻurtalash', ru: 'Быстрое КАСКО — добровольное страхование автомобиля', en: 'Quick casco: voluntary car insurance' },
    subjectLabel: { uz: 'Transport vositasi', ru: 'Транспортное средство' },
  },
};

export default sale;
