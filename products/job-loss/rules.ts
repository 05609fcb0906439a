import type { EffectResult, FileRef } from '../../engine/definition';
import { isIsoDate, oneYearFrom, todayIso } from '../kit/api/api-format';
import { defineRules, type CompanyDetails, type PersonStep } from '../kit/define/define';
import { judgingPolicyholderAge, policyholderAgeCheck } from '../kit/rules/policyholder-age';

/** The employer as the tax registry gives it (`/osgor_neo/inn`), shown read-only. */
export type Employer = Partial<CompanyDetails> & { companyName?: string };

export type JobStep = Employer & {
  salary?: number;
  jobTitle?: string;
  inn?: string;
  regionId?: number;
  months: number;
  beginDate?: string;
  endDate?: string;
};
export type DocumentsStep = { workBook?: FileRef; salaryCertificate?: FileRef };

export type JobLossData = {
  job: JobStep;
  personal: PersonStep;
  documents: DocumentsStep;
};

const employerFields = ['companyName', 'mfo', 'bank', 'director', 'account', 'oked', 'address'] as const;

/** Another tax number is another employer: what the registry said of the last one goes. */
function forgetEmployer(next: JobLossData): EffectResult<JobLossData> {
  const job = { ...next.job };
  for (const field of employerFields) delete job[field];
  return { data: { ...next, job } };
}

/** The cover lasts a year from its start, which may not lie in the past. */
function syncPeriod(next: JobLossData): EffectResult<JobLossData> {
  const { beginDate } = next.job;
  const data = { ...next, job: { ...next.job, endDate: isIsoDate(beginDate) ? oneYearFrom(beginDate) : undefined } };
  if (isIsoDate(beginDate) && beginDate < todayIso()) return { data, errors: { job: { '/beginDate': 'job-loss.error.begin_date_past' } } };
  return { data };
}

/** The policyholder's age, said at the birthday as it is typed and whenever the first day of cover moves; the save's refusal of it is said there too (binding.ts). */
export const checkPolicyholderAge = policyholderAgeCheck<JobLossData>('personal', (d) => d.personal.birthday, (d) => d.job.beginDate);

export const jobLossRules = defineRules<JobLossData>()({
  onChange: { 'job.inn': 'forgetEmployer', 'job.beginDate': 'syncPeriod', 'personal.birthday': 'checkPolicyholderAge' },
  guards: {},
  actions: { forgetEmployer, syncPeriod: judgingPolicyholderAge(syncPeriod, checkPolicyholderAge), checkPolicyholderAge },
});
