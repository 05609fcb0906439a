/** A passport of Uzbekistan as the person registry keys it: 2 Latin letters (the series), then 7 digits. */
export const citizenPassportShape = /^([A-Z]{2})([0-9]{7})$/;

/** A foreigner's passport as printed, where no one format holds (`C01X00T47`, `721234567`): 5 to 15 Latin letters and digits. */
export const foreignPassportShape = /^[A-Z0-9]{5,15}$/;
