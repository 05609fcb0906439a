import { describe, expect, it } from 'vitest';
import { displayPassport } from '../passport-text';
import { displayDate, displayMaskedPhone, normaliseDocument, normalisePlate, maskDate, parseDisplayDate, displayPhone, normaliseCode, normalisePassport, normalisePhone, parseAmount, readPhone, resolveDateBound, typedDate } from './normalise';
import { displayPlate } from '../plate-text';
import { regionName } from '../ui';

describe('widget normalisers', () => {
  it('passport: uppercased series then digits', () => {
    expect(normalisePassport('aa 1234567')).toBe('AA1234567');
    expect(normalisePassport('aa12345678')).toBe('AA1234567');
    expect(normalisePassport('a')).toBe('A');
    // A series a letter short, or none: what was typed stays, for the message to say what is missing.
    expect(normalisePassport('A1234567')).toBe('A1234567');
    expect(normalisePassport('1234')).toBe('1234');
    expect(normalisePassport('abc1234567', 3)).toBe('ABC1234567');
    expect(displayPassport('AA1234567')).toBe('AA 1234567');
    expect(displayPassport('A1234567')).toBe('A 1234567');
    expect(displayPassport('1234')).toBe('1234');
    expect(displayPassport('AAF0390422', 3)).toBe('AAF 0390422');
    // A Russian keyboard's look-alike capitals are the Latin letters the document carries.
    expect(normalisePassport('аа1234567')).toBe('AA1234567');
    expect(normalisePassport('ААF 0390422', 3)).toBe('AAF0390422');
  });

  it('document: a number of no fixed shape as printed, Latin capitals and digits, cut at its longest', () => {
    expect(normaliseDocument('c01 x00-t47', 15)).toBe('C01X00T47');
    expect(normaliseDocument('72 1234567', 15)).toBe('721234567');
    expect(normaliseDocument('Н 1234 5678', 15)).toBe('H12345678');
    expect(normaliseDocument('AB12345678901234567', 15)).toBe('AB1234567890123');
  });

  it('plate: Latin capitals and digits without spaces, shown as the plate prints them', () => {
    expect(normalisePlate('01 a 123 bc')).toBe('01A123BC');
    expect(normalisePlate('01 А 123 ВС')).toBe('01A123BC');
    expect(normalisePlate('01-123-abc')).toBe('01123ABC');
    expect(normalisePlate('01M1234567')).toBe('01M123456');
    expect(displayPlate('01A123BC')).toBe('01 A 123 BC');
    expect(displayPlate('01123ABC')).toBe('01 123 ABC');
    expect(displayPlate('01A1')).toBe('01 A 1');
    expect(displayPlate('0')).toBe('0');
  });

  it('phone: stored without plus or spaces, shown grouped', () => {
    expect(normalisePhone('+998 90 123 45 67')).toBe('998901234567');
    expect(normalisePhone('90 123 45 67 89')).toBe('998901234567');
    expect(normalisePhone('+998 ')).toBe('');
    expect(normalisePhone('998901234567')).toBe('998901234567');
    expect(normalisePhone('99 890 76 54')).toBe('998998907654');
  });

  it('phone typed key by key as it is shown keeps the country code out of the local number', () => {
    const typed = '+998 90 765 43 21';
    let shown = '';
    for (const key of typed) {
      const { stored, typingCountryCode } = readPhone(shown + key);
      shown = stored ? displayPhone(stored) : typingCountryCode ? shown + key : '';
    }
    expect(shown).toBe('+998 90 765 43 21');
    expect(readPhone(shown).stored).toBe('998907654321');
    expect(readPhone('+99')).toEqual({ stored: '', typingCountryCode: true });
    // 998 typed after the +998 the field shows, as a whole number.
    let again = '';
    for (const key of '998907654321') {
      const { stored } = readPhone(again + key);
      again = stored ? displayPhone(stored) : '';
    }
    expect(readPhone(again).stored).toBe('998907654321');
    expect(displayPhone('998901234567')).toBe('+998 90 123 45 67');
    expect(displayPhone('99890')).toBe('+998 90');
  });

  it('a phone a provider masked, shown as the site shows phones; another shape as given', () => {
    expect(displayMaskedPhone('99890*****66')).toBe('+998\u00a090\u00a0***\u00a0**\u00a066');
    expect(displayMaskedPhone('998901234567')).toBe('+998\u00a090\u00a0123\u00a045\u00a067');
    expect(displayMaskedPhone('+998 90 *** ** 66')).toBe('+998 90 *** ** 66');
    expect(displayMaskedPhone('')).toBe('');
  });

  it('code, amount, dates and regions', () => {
    expect(normaliseCode('12a3456789')).toBe('123456');
    expect(parseAmount("1 234 567 so'm")).toBe(1234567);
    expect(parseAmount('')).toBeUndefined();
    expect(resolveDateBound('today', new Date(2030, 0, 2, 12))).toBe('2030-01-02');
    expect(resolveDateBound('today+90', new Date(2030, 0, 2, 12))).toBe('2030-04-02');
    expect(resolveDateBound('today+1', new Date(2030, 11, 31, 12))).toBe('2031-01-01');
    expect(resolveDateBound('today-1', new Date(2030, 0, 2, 12))).toBeUndefined();
    expect(resolveDateBound('2024-05-01')).toBe('2024-05-01');
    expect(resolveDateBound('soon')).toBeUndefined();
    expect(regionName('DE', 'en')).toBe('Germany');
    expect(regionName('DE', 'ru')).toBe('Германия');
    expect(regionName('Germany', 'en')).toBeNull();
  });

  it('dates: a digit typed into a complete date starts a new one, anything else changes nothing', () => {
    // The flow set tomorrow; the visitor, in the field, types their own first day.
    expect(typedDate('29.11.2026', '29.11.20260')).toBe('0');
    expect(typedDate('29.11.2026', '29.11.202605')).toBe('05');
    // Tapped in the middle of it: the same.
    expect(typedDate('29.11.2026', '295.11.2026')).toBe('5');
    expect(typedDate('29.11.2026', '29.11.2026.')).toBeNull();
    // Selected and typed over, or edited while incomplete: masked as always.
    expect(typedDate('29.11.2026', '0')).toBe('0');
    expect(typedDate('29.11.20', '29.11.205')).toBe('29.11.205');
    expect(typedDate('29.11.2026', '29.11.202')).toBe('29.11.202');
  });

  it('dates: typed DD.MM.YYYY, stored ISO only when complete and real', () => {
    expect(maskDate('1505')).toBe('15.05');
    expect(maskDate('15.05.19901')).toBe('15.05.1990');
    expect(maskDate('ab')).toBe('');
    expect(parseDisplayDate('15.05.1990')).toBe('1990-05-15');
    expect(parseDisplayDate('1990-05-15')).toBe('1990-05-15');
    expect(parseDisplayDate('15.05.199')).toBeNull();
    expect(parseDisplayDate('31.02.2030')).toBeNull();
    expect(parseDisplayDate('01.13.2030')).toBeNull();
    expect(displayDate('2030-07-01')).toBe('01.07.2030');
    expect(displayDate(undefined)).toBe('');
  });
});
