import { groupDigits, oneYearFrom } from '../kit/api/api-format';
import { homeRegions } from '../home/regions';
import { clientOf, coverStartInWindow, registeredParty, requestDate, requireOfAge, SaleRefusal, type ProductSale, type RegistryCompany, type SaleContext } from '../kit/sale/sale';
import type { SaveRequest } from './api.generated';
import { jobLossTariff, monthlyBenefit, quoteJobLoss, type JobLossTariff } from './pricing';

/** The request's copy of the employer's details, by the registry's field each must equal. */
const employerFields = [
  ['company_name', 'short_name'],
  ['company_director', 'director'],
  ['company_address', 'address'],
  ['company_oked', 'oked'],
  ['company_mfo', 'mfo'],
  ['company_bank', 'bank'],
  ['company_account', 'account'],
] as const satisfies readonly (readonly [keyof SaveRequest, keyof RegistryCompany])[];

/**
 * The cover a job-loss save buys: the salary (capped) paid for the chosen months after an
 * involuntary loss of the job, for a year from the begin date, priced from exactly that. The employer
 * is the tax registry's (422 `wrong_inn` at the INN for one it lacks or knows without a short name),
 * and the details sent must be the registry's (422 naming the one that differs); the insured must be
 * in the person registry.
 */
async function quote(request: SaveRequest, context: SaleContext<JobLossTariff>) {
  const begin = requestDate(request.begin_date, '/begin_date');
  coverStartInWindow(begin, context.today, '/begin_date');
  const company = await context.registries.company(request.inn);
  if (!company?.short_name) throw new SaleRefusal(422, 'wrong_inn', '/inn');
  for (const [field, registry] of employerFields) {
    const sent = request[field];
    if (sent !== undefined && sent !== company[registry]) throw new SaleRefusal(422, `${field}: not what the tax registry has for INN ${request.inn}`, `/${field}`);
  }
  const region = homeRegions[request.region_id];
  if (!region) throw new SaleRefusal(422, `region_id: ${request.region_id} is not a region`, '/region_id');
  const { person: insured, pinfl } = await registeredParty(request, '', context, { field: '/passport_number', message: 'passport_number: the insured is not in the person registry' });
  requireOfAge(insured.birthday, begin, '/birthday');
  const price = quoteJobLoss(request.salary, request.benefit_months, context.tariffs);
  if (!price) throw new SaleRefusal(422, 'salary: outside the salaries the tariff insures', '/salary');
  const benefit = monthlyBenefit(request.salary, context.tariffs);
  return {
    price,
    terms: {
      holder: insured.name,
      insured: [insured],
      beginDate: begin,
      endDate: oneYearFrom(begin),
      sumInsured: benefit * request.benefit_months,
      currency: 'UZS' as const,
      programName: `${groupDigits(benefit)} soʻm × ${request.benefit_months} oy / мес.`,
      subject: `${company.short_name} (STIR ${company.inn}), ${request.job_title}; ${region.uz} / ${region.ru}`,
      ...clientOf(request.phone, [pinfl]),
    },
  };
}

const sale: ProductSale<SaveRequest, JobLossTariff> = {
  schemas: { save: 'job-loss/save.request' },
  tariffs: jobLossTariff,
  quote,
  amount: (request) => request.amount,
  amountField: '/amount',
  policy: {
    series: 'JOB',
    title: { uz: 'Ishdan ayrilish xavfini sugʻurtalash', ru: 'Страхование на случай потери работы', en: 'Job loss insurance' },
    subjectLabel: { uz: 'Ish joyi', ru: 'Место работы' },
  },
};

export default sale;
