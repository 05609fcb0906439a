import { oneYearFrom } from '../kit/api/api-format';
import { defineRenewal, flowPersonOf, readRequest } from '../kit/binding/renewal-kit';
import type { DocumentsData } from './rules';
import type { DocumentsTariff } from './pricing';

/** The same document insured again (its number or plate), for the same owner, a year from the renewal's first day. */
export default defineRenewal<DocumentsData, DocumentsTariff>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    const plate = request.maybeText('gos_number');
    return {
      document: {
        typeId: request.number('document_type_id'),
        ...(plate ? { plate } : { documentNumber: request.text('document_number') }),
        beginDate: renewFrom,
        endDate: oneYearFrom(renewFrom),
      },
      owner: { ...flowPersonOf(request.object('owner')), phone: request.text('phone') },
    };
  },
});
