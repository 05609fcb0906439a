import { daysBetween } from '../kit/api/api-format';
import { defineRenewal, flowPersonOf, movedEnd, readRequest } from '../kit/binding/renewal-kit';
import type { TravelUzbData, TravelUzbTourist } from './rules';
import type { TravelUzbTariff } from './pricing';

/** The same trip (as many days, the same program) with the same applicant and tourists, from the renewal's first day. */
export default defineRenewal<TravelUzbData, TravelUzbTariff>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    const endDate = movedEnd(request.date('begin_date'), request.date('end_date'), renewFrom);
    const tourists = request.list('tourists').map((row): TravelUzbTourist => {
      const names = { firstName: row.text('name'), lastName: row.text('lastname') };
      if (row.maybeNumber('foreign_type') === 1) {
        return { ...names, foreign: true, foreignPassport: row.text('passport_number'), birthday: row.date('birthday'), country: row.text('country') };
      }
      return { ...names, foreign: false, ...flowPersonOf(row) };
    });
    return {
      trip: { beginDate: renewFrom, endDate, days: daysBetween(renewFrom, endDate), programId: request.number('tarif_id') },
      applicant: { ...flowPersonOf(request.object('applicant')), phone: request.text('phone') },
      tourists: { tourists },
    };
  },
});
