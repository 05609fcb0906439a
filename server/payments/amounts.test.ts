import { describe, expect, test } from 'vitest';
import { decimalSomToTiyin, readTiyin, somToTiyin, tiyinToDecimalSom } from './amounts';

describe('amounts as providers write them', () => {
  test('whole som, tiyin and decimal som convert both ways without losing a tiyin', () => {
    expect(somToTiyin(70_000)).toBe(7_000_000);
    expect(tiyinToDecimalSom(7_000_000)).toBe(70_000);
    expect(tiyinToDecimalSom(7_000_050)).toBe(70_000.5);
    expect(tiyinToDecimalSom(1)).toBe(0.01);
    expect(JSON.stringify({ total_sum: tiyinToDecimalSom(19_999_999_999) })).toBe('{"total_sum":199999999.99}');
    for (const tiyin of [1, 99, 100, 12_345, 7_000_050, 20_000_000_000]) expect(decimalSomToTiyin(tiyinToDecimalSom(tiyin))).toBe(tiyin);
  });

  test('a decimal som answer is read to the nearest tiyin, as a number or a string', () => {
    expect(decimalSomToTiyin(70_000)).toBe(7_000_000);
    expect(decimalSomToTiyin('70000.00')).toBe(7_000_000);
    expect(decimalSomToTiyin('70000.5')).toBe(7_000_050);
    // A provider summing in floating point: 70000.1 + 0.2.
    expect(decimalSomToTiyin(70_000.1 + 0.2)).toBe(7_000_030);
    expect(decimalSomToTiyin(0.1 + 0.2)).toBe(30);
    expect(decimalSomToTiyin('70000.004')).toBe(7_000_000);
    expect(decimalSomToTiyin('70000.005')).toBe(7_000_001);
  });

  test('anything else is no amount', () => {
    for (const value of [-1, Number.NaN, Number.POSITIVE_INFINITY, '1e5', '70 000', '70000,00', '-5', '', ' 1', null, undefined, {}, [70_000], true, 1e300]) {
      expect(decimalSomToTiyin(value), String(value)).toBeNull();
    }
  });

  test('tiyin answers are whole and not negative', () => {
    expect(readTiyin(7_000_000)).toBe(7_000_000);
    expect(readTiyin('7000000')).toBe(7_000_000);
    for (const value of [70_000.5, -1, '7000000.0', '1e6', null, 2 ** 60]) expect(readTiyin(value), String(value)).toBeNull();
  });
});
