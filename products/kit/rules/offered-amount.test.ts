import { describe, expect, it } from 'vitest';
import accident from '../../accident/definition';
import { accidentTariff } from '../../accident/pricing';
import { isOfferedAmount } from './offered-amount';
import sport from '../../sport/definition';
import { sandboxSportTariff } from '../../sport/pricing';

describe('offered amounts', () => {
  it('takes the schema\'s minimum, maximum and step', () => {
    const bounds = { minimum: 1_000_000, maximum: 50_000_000, multipleOf: 500_000 };
    expect(isOfferedAmount(5_000_000, bounds)).toBe(true);
    expect(isOfferedAmount(50_000_000, bounds)).toBe(true);
    expect(isOfferedAmount(999_999_999, bounds)).toBe(false);
    expect(isOfferedAmount(5_100_000, bounds)).toBe(false);
    expect(isOfferedAmount(500_000, bounds)).toBe(false);
    expect(isOfferedAmount(undefined, bounds)).toBe(false);
    expect(isOfferedAmount(1.5, {})).toBe(false);
  });

  it('a flow shows no total for a sum that cannot be bought', () => {
    const sportData = { ...sport.initialData, sport: { sportTypeId: 1 } };
    expect(sport.pricing(sportData, sandboxSportTariff)?.total).toBe(75_000);
    expect(sport.pricing({ ...sportData, sum: { amount: 999_999_999 } }, sandboxSportTariff)).toBeNull();
    expect(sport.pricing({ ...sportData, sum: { amount: 150_050_000 } }, sandboxSportTariff)).toBeNull();
    expect(accident.pricing(accident.initialData, accidentTariff)?.total).toBe(5_000);
    expect(accident.pricing({ ...accident.initialData, sum: { amount: 150_050_000 } }, accidentTariff)).toBeNull();
  });
});
