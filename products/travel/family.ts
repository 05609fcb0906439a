import { ageOn, isIsoDate } from '../kit/api/api-format';
import type { GetCountryResponse } from './api.generated';

/** From this age a traveller is an adult: may pay, and counts as one of a family's adults. */
export const adultAge = 18;

/** How many adults a family policy covers at most (one at least), beside any number of their children under 18. */
export const familyAdults = 2;

/**
 * The oldest age the tariff prices at no more than the adult rate (64): older travellers cost more
 * than an adult, so a family's adults are at most this old.
 */
export function familyAdultMaxAge(tariffs: GetCountryResponse['tariffs']): number {
  let maxAge = adultAge;
  for (const band of tariffs.ageFactors) {
    if (band.maxAge === null || band.factor > 1) break;
    maxAge = band.maxAge;
  }
  return maxAge;
}

/**
 * The travellers (their indexes) a family policy cannot cover: an adult past the family's age limit,
 * an adult after the first two, or, with no adult among them, every child (a school group is not a
 * family, judged once every birthday is known). The family factor replaces every traveller's age factor and the group discount: without
 * this, ten travellers in their eighties would be insured as 2.5 adults. Ages are taken on `on`, the
 * first day of cover, as the premium takes them; a birthday not yet typed is left out.
 */
export function familyMisfits(birthdays: readonly (string | undefined)[], on: string, tariffs: GetCountryResponse['tariffs']): number[] {
  const maxAge = familyAdultMaxAge(tariffs);
  const misfits: number[] = [];
  const children: number[] = [];
  let adults = 0;
  birthdays.forEach((birthday, index) => {
    if (!isIsoDate(birthday)) return;
    const age = ageOn(birthday, on);
    if (age < adultAge) return void children.push(index);
    adults += 1;
    if (age > maxAge || adults > familyAdults) misfits.push(index);
  });
  // Children alone are judged once every birthday is in: the next one typed may be a parent's.
  return adults > 0 ? misfits : birthdays.every(isIsoDate) ? children : [];
}
