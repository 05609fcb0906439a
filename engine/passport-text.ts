/**
 * A passport as shown: the series' letters apart from the number (`AA 1234567`, a foreigner's
 * `FRA 1234567`). The page's field and the policy's PDF both write it so, as they write a plate
 * (plate-text.ts), so a buyer reads on paper what they typed.
 */
export function displayPassport(value: string, seriesLength = 2): string {
  // The space follows the series' letters, also when one is missing (`A 1234567`, not `A1 234567`).
  const series = Math.min(seriesLength, /^[A-Z]*/.exec(value)?.[0].length ?? 0);
  return value.length > series && series > 0 ? `${value.slice(0, series)} ${value.slice(series)}` : value;
}

/**
 * A passport a policy names: a series of 2 or 3 letters and 7 digits as the field shows it; a
 * foreigner's number of another shape (`C01X00T47`) as printed in it, with no series to set apart.
 */
export function policyPassport(passport: string): string {
  return /^[A-Z]{2,3}[0-9]{7}$/.test(passport) ? displayPassport(passport, 3) : passport;
}
