/**
 * Cyrillic capitals that look like Latin ones, as a Russian keyboard types them into a plate or a
 * document series (`А` → `A`): Uzbek plates and documents use the Latin letters only.
 */
const latinLookalikes: Readonly<Record<string, string>> = {
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', Х: 'X', У: 'Y',
};

/** Uppercased, Cyrillic look-alikes made Latin, then only Latin letters and digits kept. */
function latinCaps(raw: string): string {
  return raw.toUpperCase().replace(/[А-Я]/g, (c) => latinLookalikes[c] ?? c).replace(/[^A-Z0-9]/g, '');
}

/** Passport as stored: series letters (uppercased) then up to 7 digits, no spaces (`AA1234567`). */
export function normalisePassport(raw: string, seriesLength = 2): string {
  const chars = latinCaps(raw);
  const series = (chars.match(/^[A-Z]*/)?.[0] ?? '').slice(0, seriesLength);
  // Digits typed after a series one letter short are kept, so the visitor sees what they typed
  // and the message says what is missing, rather than seven digits silently gone.
  const number = chars.slice(series.length).replace(/\D/g, '').slice(0, 7);
  return series + number;
}

/**
 * A vehicle plate as stored (`01A123BC`, a legal entity's `01123ABC`): Latin capitals and digits,
 * no spaces, at most 9 characters (the longest Uzbek format, `01M123456`).
 */
export function normalisePlate(raw: string): string {
  return latinCaps(raw).slice(0, 9);
}

/**
 * A document number as printed, where no one format holds (a foreigner's passport: `C01X00T47`,
 * `721234567`, `N12345678`): Latin capitals and digits, no spaces, at most `maxLength`.
 */
export function normaliseDocument(raw: string, maxLength: number): string {
  return latinCaps(raw).slice(0, maxLength);
}

/**
 * A phone field's text read as the visitor means it: the stored number (`998` + up to 9 local
 * digits, empty while no local digit is known) and whether the text is the `+998` country code
 * still being typed. A text starting with `+` is international, so its `998` is the country code
 * however it is typed key by key; digits alone are the local number, unless there are more than
 * nine of them starting with `998` (a whole number typed or pasted without the plus).
 */
export function readPhone(raw: string): { stored: string; typingCountryCode: boolean } {
  let digits = raw.replace(/\D/g, '');
  if (raw.trimStart().startsWith('+')) {
    if ('998'.startsWith(digits)) return { stored: '', typingCountryCode: true };
    if (digits.startsWith('998')) digits = digits.slice(3);
  }
  // `998` typed again after the country code the field already shows.
  if (digits.length > 9 && digits.startsWith('998')) digits = digits.slice(3);
  const local = digits.slice(0, 9);
  return { stored: local ? `998${local}` : '', typingCountryCode: false };
}

/** Phone as stored: `998` + 9 digits without spaces or plus; empty when no local digit was typed. */
export function normalisePhone(raw: string): string {
  return readPhone(raw).stored;
}

/** Phone as shown: `+998 90 123 45 67` (partial numbers grow group by group). */
export function displayPhone(value: string): string {
  const local = value.startsWith('998') ? value.slice(3) : value;
  const groups = [local.slice(0, 2), local.slice(2, 5), local.slice(5, 7), local.slice(7, 9)].filter(Boolean);
  return ['+998', ...groups].join(' ');
}

/**
 * A phone a payment provider masked (`99890*****66`) as the site shows phones: `+998 90 *** ** 66`,
 * its spaces no-break ones, so a sentence that names it does not break it (`+998 90 ***` over
 * `** 66` on a phone); another shape as given.
 */
export function displayMaskedPhone(value: string): string {
  return /^998[0-9*]{9}$/.test(value) ? displayPhone(value).replace(/ /g, '\u00a0') : value;
}

/** Digits only, at most `length` (confirmation codes). */
export function normaliseCode(raw: string, length = 6): string {
  return raw.replace(/\D/g, '').slice(0, length);
}

/** Whole number from a formatted amount (`1 234 567` → 1234567); undefined when empty. */
export function parseAmount(raw: string): number | undefined {
  const digits = raw.replace(/\D/g, '');
  return digits ? Number(digits) : undefined;
}

/** ISO date (`YYYY-MM-DD`) for `today`, `today+<days>` or an ISO string; anything else gives undefined. */
export function resolveDateBound(bound: unknown, today: Date = new Date()): string | undefined {
  const relative = typeof bound === 'string' ? /^today(?:\+(\d{1,4}))?$/.exec(bound) : null;
  if (relative) {
    const local = new Date(today.getTime() - today.getTimezoneOffset() * 60_000);
    local.setUTCDate(local.getUTCDate() + Number(relative[1] ?? 0));
    return local.toISOString().slice(0, 10);
  }
  return typeof bound === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(bound) ? bound : undefined;
}

/** Date as typed, masked to `DD.MM.YYYY` (digits only, dots added as the visitor types). */
export function maskDate(raw: string): string {
  const digits = raw.replace(/\D/g, '').slice(0, 8);
  const parts = [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4, 8)].filter(Boolean);
  return parts.join('.');
}

/**
 * The text a date field shows after an input, from what it showed and what the input holds now: a
 * digit typed into a complete date, wherever the caret was, starts a new date with it (a first day
 * the flow set to tomorrow, then the visitor tapping the field and typing theirs: the field must not
 * swallow the keys); anything else typed into it changes nothing (null); other input is masked
 * (`maskDate`).
 */
export function typedDate(shown: string, raw: string): string | null {
  if (shown.length < 10 || raw.length <= shown.length) return maskDate(raw);
  let before = 0;
  while (before < shown.length && raw[before] === shown[before]) before += 1;
  let after = 0;
  while (after < shown.length - before && raw[raw.length - 1 - after] === shown[shown.length - 1 - after]) after += 1;
  const typed = raw.slice(before, raw.length - after);
  return /\d/.test(typed) ? maskDate(typed) : null;
}

/** ISO `YYYY-MM-DD` of a complete, real calendar date typed `DD.MM.YYYY` (or pasted ISO); null otherwise. */
export function parseDisplayDate(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  const dmy = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text.trim());
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!year || !month || !day) return null;
  const y = Number(year);
  const date = new Date(Date.UTC(y, Number(month) - 1, Number(day)));
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === Number(month) - 1 && date.getUTCDate() === Number(day);
  return real && y >= 1900 && y <= 2200 ? `${year}-${month}-${day}` : null;
}

/** `YYYY-MM-DD` shown as `DD.MM.YYYY`; anything else shows as empty. */
export function displayDate(iso: unknown): string {
  const match = typeof iso === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso) : null;
  return match ? `${match[3]}.${match[2]}.${match[1]}` : '';
}
