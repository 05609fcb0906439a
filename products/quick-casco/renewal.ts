import { defineRenewal, flowPersonOf, readRequest } from '../kit/binding/renewal-kit';
import type { QuickCascoApplicant, QuickCascoData } from './rules';
import type { QuickCascoTariff } from './pricing';

/** The same car under the same program again, from the renewal's first day, for the same applicant (a foreigner's names as they were typed). */
export default defineRenewal<QuickCascoData, QuickCascoTariff>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    const person = request.object('applicant');
    const phone = request.text('phone');
    const applicant: QuickCascoApplicant = person.flag('foreign')
      ? {
        foreign: true,
        foreignPassport: `${person.text('passport_seria')}${person.text('passport_number')}`,
        birthday: person.date('birthday'),
        firstName: person.text('first_name'),
        lastName: person.text('last_name'),
        phone,
      }
      : { foreign: false, ...flowPersonOf(person), phone };
    return {
      program: { programId: request.number('program_id'), beginDate: renewFrom },
      car: { plate: request.text('gos_number'), techPassport: `${request.text('tech_sery')}${request.text('tech_number')}` },
      applicant,
    };
  },
});
