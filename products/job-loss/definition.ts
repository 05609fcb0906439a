import type { ProductDefinition, RJSFSchema, UiSchema } from '../../engine/definition';
import { groupDigits } from '../kit/api/api-format';
import { isOfferedAmount } from '../kit/rules/offered-amount';
import { periodText, personName } from '../kit/text/summary';
import jobSchema from '../../schemas/products/job-loss/job.json';
import jobUi from '../../schemas/products/job-loss/job.ui.json';
import personalSchema from '../../schemas/products/job-loss/personal.json';
import personalUi from '../../schemas/products/job-loss/personal.ui.json';
import documentsSchema from '../../schemas/products/job-loss/documents.json';
import documentsUi from '../../schemas/products/job-loss/documents.ui.json';
import { jobLossBinding } from './binding';
import { monthlyBenefit, quoteJobLoss, type JobLossTariff } from './pricing';
import manifest from './product';
import { jobLossRules, type JobLossData } from './rules';

/** Job-loss insurance (requirements §2): job details, personal data, documents, payment, the policy. */
const jobLoss: ProductDefinition<JobLossData, JobLossTariff> = {
  id: manifest.id,
  version: 1,
  title: manifest.title,
  steps: [
    { id: 'job', title: 'job-loss.step.job', description: 'job-loss.step.job.help', schema: jobSchema as RJSFSchema, uiSchema: jobUi as UiSchema },
    { id: 'personal', title: 'job-loss.step.personal', schema: personalSchema as RJSFSchema, uiSchema: personalUi as UiSchema },
    { id: 'documents', title: 'job-loss.step.documents', description: 'job-loss.step.documents.help', schema: documentsSchema as RJSFSchema, uiSchema: documentsUi as UiSchema, submit: 'save' },
    { id: 'payment', title: 'job-loss.step.payment', component: 'payment' },
    { id: 'download', title: 'job-loss.step.download', component: 'download', hidden: true },
  ],
  applicant: { person: '/personal', phone: '/personal/phone' },
  initialData: { job: { months: 3 }, personal: {}, documents: {} },
  machine: jobLossRules,
  pricing: (data, tariff) => (isOfferedAmount(data.job.salary, jobSchema.properties.salary) ? quoteJobLoss(data.job.salary, data.job.months, tariff) : null),
  binding: jobLossBinding,
  summary: (data, tariff) => [
    { label: 'job-loss.field.company_name', value: data.job.companyName ?? '' },
    { label: 'job-loss.field.job_title', value: data.job.jobTitle ?? '' },
    ...(data.job.salary === undefined ? [] : [{ label: 'job-loss.summary.benefit', value: { message: 'job-loss.summary.benefit.value', values: { amount: groupDigits(monthlyBenefit(data.job.salary, tariff)), months: data.job.months } } }]),
    ...(data.job.regionId === undefined ? [] : [{ label: 'job-loss.field.region', value: { message: `home.region.${data.job.regionId}` } }]),
    { label: 'job-loss.summary.documents', value: [data.documents.workBook?.name ?? '', data.documents.salaryCertificate?.name ?? ''].filter(Boolean) },
    { label: 'engine.summary.period', value: periodText(data.job.beginDate, data.job.endDate) },
    { label: 'engine.summary.holder', value: personName(data.personal) },
  ],
};

export default jobLoss;
