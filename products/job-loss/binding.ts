import type { FileRef, Price } from '../../engine/definition';
import { isoToDmy, phoneDigits } from '../kit/api/api-format';
import { companyLookup, personLookup, policyNumberAnswer, required, saleBinding, requestPerson } from '../kit/binding/binding-kit';
import { policyholderAgeRefusal } from '../kit/rules/policyholder-age';
import type { SaveRequest } from './api.generated';
import { jobLossTariff, type JobLossTariff } from './pricing';
import manifest from './product';
import { checkPolicyholderAge, type JobLossData } from './rules';

/** What the save request carries: the documented fields, and the two documents as the flow keeps them (the kit sends them as parts). */
export type JobLossSaveRequest = Omit<SaveRequest, 'return_url' | 'work_book' | 'salary_certificate'> & { work_book: FileRef; salary_certificate: FileRef };

const file = (value: FileRef | undefined, what: string): FileRef => required(value?.id ? value : undefined, what);

/** The multipart save request for flow data and the premium the visitor was shown. */
export function jobLossSaveRequest(data: JobLossData, price: Price): JobLossSaveRequest {
  const { job, personal, documents } = data;
  return {
    salary: required(job.salary, 'salary'),
    job_title: required(job.jobTitle, 'jobTitle').trim(),
    inn: required(job.inn, 'inn'),
    company_name: required(job.companyName, 'companyName'),
    ...(job.director ? { company_director: job.director } : {}),
    ...(job.address ? { company_address: job.address } : {}),
    ...(job.oked ? { company_oked: job.oked } : {}),
    ...(job.mfo ? { company_mfo: job.mfo } : {}),
    ...(job.bank ? { company_bank: job.bank } : {}),
    ...(job.account ? { company_account: job.account } : {}),
    region_id: required(job.regionId, 'regionId'),
    benefit_months: job.months as SaveRequest['benefit_months'],
    begin_date: isoToDmy(required(job.beginDate, 'beginDate'), '.'),
    ...requestPerson(personal),
    phone: phoneDigits(required(personal.phone, 'phone')),
    amount: price.total,
    work_book: file(documents.workBook, 'workBook'),
    salary_certificate: file(documents.salaryCertificate, 'salaryCertificate'),
  };
}

export const jobLossBinding = saleBinding<JobLossData, JobLossTariff>({
  calls: manifest.calls,
  // The tariff is the insurer's rule (README.md): nothing to fetch.
  load: async () => structuredClone(jobLossTariff),
  lookups: [
    // The employer by its tax number: the short name and the details the policy names (requirements §3, §5: wrong_inn without a short name).
    companyLookup({
      call: '/osgor_neo/inn',
      step: 'job',
      merge: (_job, { name, ...details }) => ({ companyName: name, ...details }),
    }),
    personLookup({ call: '/sayt/getPerson', dateSeparator: '.', step: 'personal', withPinfl: true }),
  ],
  saveRequest: jobLossSaveRequest,
  // Loaded only when a flow is renewed: no part of the flow page.
  renewal: () => import('./renewal').then((module) => module.default),
  // The server judges the policyholder's age as the page does: its refusal is said where the page says it.
  refusedFields: { '/birthday': policyholderAgeRefusal(checkPolicyholderAge) },
  policy: policyNumberAnswer,
});
