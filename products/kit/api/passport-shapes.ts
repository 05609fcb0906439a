/** A passport of Uzbekistan as the person registry keys it: 2 Latin letters (the series), then 7 digits. */
export const citizenPassportShape = /^([A-Z]{2})([0-9]{7})$/;

/**
 * A person of flow data with the one passport field of their citizenship: a foreigner keeps no
 * passport of Uzbekistan's (`passport`), a citizen no foreign one (`foreignPassport`).
 */
export function passportOfCitizenship<P extends { foreign?: boolean; passport?: string; foreignPassport?: string }>(person: P): P {
  const copy = { ...person };
  if (copy.foreign) delete copy.passport;
  else delete copy.foreignPassport;
  return copy;
}

/** A foreigner's passport as printed, where no one format holds (`C01X00T47`, `721234567`): 5 to 15 Latin letters and digits. */
export const foreignPassportShape = /^[A-Z0-9]{5,15}$/;

/** A person as `/sayt/*` save requests name them: passport series and number, `DD.MM.YYYY` birthday, optional PINFL. */
export interface RequestPerson {
  passport_seria: string;
  passport_number: string;
  birthday: string;
  pinfl?: string;
}
