import { oneYearFrom } from '../kit/api/api-format';
import { defineRenewal, flowPersonOf, readRequest } from '../kit/binding/renewal-kit';
import type { JobLossData } from './rules';
import type { JobLossTariff } from './pricing';

/**
 * The same job (employer, salary, region, months of benefit) and person insured again, a year from
 * the renewal's first day. The work book and the salary certificate are the visitor's to give anew:
 * a certificate speaks of the months before the new cover.
 */
export default defineRenewal<JobLossData, JobLossTariff>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    const company = (name: string) => request.maybeText(`company_${name}`);
    const details = { director: company('director'), address: company('address'), oked: company('oked'), mfo: company('mfo'), bank: company('bank'), account: company('account') };
    return {
      job: {
        salary: request.number('salary'),
        jobTitle: request.text('job_title'),
        inn: request.text('inn'),
        companyName: request.text('company_name'),
        ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined)),
        regionId: request.number('region_id'),
        months: request.number('benefit_months'),
        beginDate: renewFrom,
        endDate: oneYearFrom(renewFrom),
      },
      personal: { ...flowPersonOf(request), phone: request.text('phone') },
    };
  },
  visitor: ['documents.workBook', 'documents.salaryCertificate'],
});
