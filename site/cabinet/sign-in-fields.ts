/* What the cabinet's forms accept before asking the server, which checks the same again. */

/** An Uzbek mobile number as the server takes it: 998, the operator code and seven digits. */
export const mobilePhone = /^998(33|50|55|77|88|90|91|93|94|95|97|98|99|20)\d{7}$/;

/** A birthday typed as digits, shown `DD.MM.YYYY` as it grows. */
export function typedDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean).join('.');
}

/** Whether a `DD.MM.YYYY` text is a real day. */
export function validDate(text: string): boolean {
  const match = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900;
}
