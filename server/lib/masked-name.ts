/**
 * A person's name as the shop shows it to whoever holds a number of theirs (a policy's QR code, an
 * order number typed at a Paynet terminal): the first name's initial and the surname, enough to
 * recognise one's own, and no more.
 */
export function maskedName(name: string): string {
  const [first, ...rest] = name.split(' ');
  return [first ? `${first[0]}.` : '', ...rest].join(' ').trim();
}
