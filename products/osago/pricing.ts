import type { Price, PriceLine } from '../../engine/definition';
import type { VehicleTypeId } from '../kit/sale/sale';
import type { DriversOption, OsagoData } from './rules';
import type { OsagoReference } from './tariff';

/**
 * The OSAGO premium, shared by the page (live price), the calculator call and the save (the server's
 * price): the 2026 tariff's annual premium for the territory, vehicle type and drivers, times the
 * period's factor, less the owner's benefit, plus the extras. Pure; README.md has the figures.
 */

export type Territory = 'tashkent' | 'regions';

/**
 * The tariff's territory of a plate: Tashkent city and region are plate codes 01–19 (the registry's
 * `use_territory_region`, docs/insurance-facts.md §4); every other code is "other regions".
 */
export function territoryOf(plate: string): Territory | null {
  const code = /^([0-9]{2})/.exec(plate)?.[1];
  if (code === undefined) return null;
  const n = Number(code);
  return n >= 1 && n <= 19 ? 'tashkent' : 'regions';
}

export interface OsagoQuoteInput {
  territory: Territory;
  vehicleType: VehicleTypeId;
  drivers: DriversOption;
  period: 1 | 2;
  /** The benefit category (`discountId`), 1 for none. */
  benefit: number;
  /** A legal entity cannot take the accident extra (requirements §5): it is priced only for persons. */
  accident: boolean;
  gas: boolean;
  plate: boolean;
  /** The mini-casco program bought with the policy, or null. */
  miniCasco: 1 | 2 | 3 | null;
}

/** The price of an OSAGO policy, its lines adding up to the total; null when the tariff has no rate or period for it. */
export function quoteOsago(input: OsagoQuoteInput, reference: OsagoReference): Price | null {
  const rate = reference.rates.find((r) => r.territory === input.territory && r.vehicleType === input.vehicleType);
  const period = reference.periods.find((p) => p.id === input.period);
  if (!rate || !period) return null;
  const premium = Math.round((input.drivers === 1 ? rate.unlimited : rate.limited) * period.factor);
  const lines: PriceLine[] = [{ label: 'osago.price.premium', amount: premium }];
  const percent = input.benefit > 1 ? reference.benefits.find((b) => b.id === input.benefit)?.percent ?? 0 : 0;
  if (percent > 0) lines.push({ label: 'osago.price.benefit', amount: -Math.round((premium * percent) / 100) });
  if (input.accident) lines.push({ label: 'osago.price.accident', amount: reference.extras.accident });
  if (input.gas) lines.push({ label: 'osago.price.gas', amount: reference.extras.gas });
  if (input.plate) lines.push({ label: 'osago.price.plate_cover', amount: reference.extras.plate });
  if (input.miniCasco !== null) {
    const program = reference.miniCasco.programs.find((p) => p.id === input.miniCasco);
    if (!program) return null;
    lines.push({ label: 'osago.price.mini_casco', amount: program.premium });
  }
  return { total: lines.reduce((sum, line) => sum + line.amount, 0), lines };
}

/** Flow data as the quote's input; null until the registry has named the vehicle. */
export function osagoQuoteInput(data: OsagoData): OsagoQuoteInput | null {
  const { car, policy } = data;
  const territory = car.plate ? territoryOf(car.plate) : null;
  if (car.found !== true || territory === null || car.vehicleType === undefined) return null;
  const legal = car.legalEntity === true;
  return {
    territory,
    vehicleType: car.vehicleType,
    drivers: policy.drivers,
    period: policy.period,
    benefit: legal ? 1 : (policy.benefit ?? 1),
    accident: !legal && policy.accident,
    gas: policy.gas,
    plate: policy.plateCover,
    miniCasco: policy.miniCasco ? (policy.miniCascoProgram ?? null) : null,
  };
}

/** The live price of a flow: from the car step on (the tariff's defaults until the policy step is answered). */
export function osagoPrice(data: OsagoData, reference: OsagoReference): Price | null {
  const input = osagoQuoteInput(data);
  if (!input || (data.policy.miniCasco && input.miniCasco === null)) return null;
  return quoteOsago(input, reference);
}
