import { oneYearFrom } from '../kit/api/api-format';
import { defineRenewal, flowPersonOf, readRequest } from '../kit/binding/renewal-kit';
import type { AccidentData } from './rules';
import type { AccidentTariff } from './pricing';

/** An accident policy again: the same sum and insured persons, a year from the renewal's first day. */
export default defineRenewal<AccidentData, AccidentTariff>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    return {
      period: { beginDate: renewFrom, endDate: oneYearFrom(renewFrom) },
      sum: { amount: request.number('insurance_amount') },
      insureds: { persons: request.list('insureds').map((person) => flowPersonOf(person)), phone: request.text('phone') },
    };
  },
});
