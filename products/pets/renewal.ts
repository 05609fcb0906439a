import { oneYearFrom } from '../kit/api/api-format';
import { defineRenewal, flowPersonOf, NotRenewable, readRequest } from '../kit/binding/renewal-kit';
import type { PetType, PetsTariff } from './pricing';
import type { PetsData } from './rules';

/**
 * The same pet under the same program again, a year from the renewal's first day, with its owner.
 * Its photos are the visitor's to take anew (the insurer sees the pet as it is now), and its last
 * vaccination is the one they gave, which the pet step judges again.
 */
export default defineRenewal<PetsData, PetsTariff>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    const type = request.maybeText('pet_type');
    const petType: PetType | undefined = type === 'cat' || type === 'dog' ? type : undefined;
    const born = /^([0-9]{2})\.([0-9]{4})$/.exec(request.text('birth_month'));
    if (!petType || !born) throw new NotRenewable('request.pet_type or birth_month is malformed');
    return {
      program: { petType, programId: request.number('program_id'), beginDate: renewFrom, endDate: oneYearFrom(renewFrom) },
      pet: { nickname: request.text('nickname'), birthMonth: `${born[2]}-${born[1]}`, vaccinatedOn: request.date('vaccination_date') },
      owner: { ...flowPersonOf(request), phone: request.text('phone') },
    };
  },
  visitor: ['pet.photoFace', 'pet.photoBody'],
});
