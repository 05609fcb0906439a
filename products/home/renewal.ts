import { defineRenewal, flowPersonOf, readRequest } from '../kit/binding/renewal-kit';
import type { HouseType, HomeData } from './rules';
import type { HomeTariffs } from './pricing';

const houseTypes: readonly HouseType[] = ['apartment', 'house'];

/** The same home (its address and kind) under the same program again, from the renewal's first day; home's variants renew alike. */
export default defineRenewal<HomeData, HomeTariffs>({
  data: (body, { renewFrom }) => {
    const request = readRequest(body);
    const applicant = request.object('applicant');
    const { pinfl: _registrys, ...person } = flowPersonOf(applicant);
    const houseType = houseTypes.find((type) => type === request.maybeText('house_type')) ?? 'apartment';
    return {
      program: { programId: request.number('program_id') },
      applicant: { ...person, phone: applicant.text('phone') },
      address: { houseType, regionId: request.number('region_id'), address: request.text('address'), beginDate: renewFrom },
    };
  },
});
