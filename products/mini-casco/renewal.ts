import { defineRenewal, flowPersonOf, readRequest } from '../kit/binding/renewal-kit';
import type { MiniCascoTariff } from '../kit/cars/mini-casco-programs';
import type { MiniCascoMonths } from './pricing';
import type { MiniCascoData } from './rules';

/** The same car under the same program again, from the renewal's first day; monthly casco renews alike (its term is its own). */
export default defineRenewal<MiniCascoData, MiniCascoTariff>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    return {
      program: { programId: request.number('program_id'), months: request.number('months') as MiniCascoMonths, beginDate: renewFrom },
      car: { plate: request.text('gos_number'), techPassport: `${request.text('tech_sery')}${request.text('tech_number')}` },
      applicant: { ...flowPersonOf(request.object('applicant')), phone: request.text('phone') },
    };
  },
});
