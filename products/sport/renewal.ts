import { oneYearFrom } from '../kit/api/api-format';
import { defineRenewal, flowPersonOf, readRequest } from '../kit/binding/renewal-kit';
import type { SportData } from './rules';
import type { SportTariff } from './pricing';

/** A sportsman's policy again: the same sport, sum and sportsman, from the renewal's first day. */
export default defineRenewal<SportData, SportTariff>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    return {
      sport: { sportTypeId: request.number('sport_type_id'), beginDate: renewFrom, endDate: oneYearFrom(renewFrom) },
      sum: { amount: request.number('insurance_amount') },
      insured: { ...flowPersonOf(request.object('insured')), phone: request.text('phone') },
    };
  },
});
