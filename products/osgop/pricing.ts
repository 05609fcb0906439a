import type { Price } from '../../engine/definition';

/** OSGOP categories: how the vehicle carries passengers for hire, from its registry type and seats. */
export type OsgopCategory = 'taxi' | 'minibus' | 'bus';

/** Terms a policy may run for, in months (eai.uz: 3 to 12 months). */
export type OsgopMonths = 3 | 6 | 12;

/**
 * The passenger carrier's liability tariff (README.md "Tariff"). The law fixes the sum insured per
 * passenger; the rate is the state's and was not found, so the figures are this shop's documented
 * choice, stored in the `tariffs` table and changed there.
 */
export interface OsgopTariff {
  /** Sum insured per passenger seat, UZS (ZRU-386: 40 mln life and health + 4 mln property). */
  sumPerSeat: number;
  /** Premium per passenger seat for 12 months, UZS, by category. */
  perSeat: Record<OsgopCategory, number>;
  /** A minibus has at most this many passenger seats; more is a bus. */
  minibusMaxSeats: number;
  /** Share of the 12-month premium a shorter term costs, by months. */
  termFactor: Record<`${OsgopMonths}`, number>;
}

export const osgopTariff: OsgopTariff = {
  sumPerSeat: 44_000_000,
  // 0.10 %, 0.08 % and 0.06 % of the sum per seat: a taxi's few seats change hands most often.
  perSeat: { taxi: 44_000, minibus: 35_200, bus: 26_400 },
  minibusMaxSeats: 16,
  // 6 months at 0.7 as OSAGO's seasonal factor (docs/insurance-facts.md §1); 3 months at 0.4, this shop's choice.
  termFactor: { '3': 0.4, '6': 0.7, '12': 1 },
};

/** Registry vehicle type ids OSGOP covers: 1 passenger car (a taxi), 9 bus or minibus. */
export type CarrierVehicleType = 1 | 9;

export const isCarrierVehicleType = (type: number): type is CarrierVehicleType => type === 1 || type === 9;

/** The category of a carrier vehicle with this many passenger seats. */
export function categoryOf(vehicleType: CarrierVehicleType, passengerSeats: number, tariff: OsgopTariff): OsgopCategory {
  if (vehicleType === 1) return 'taxi';
  return passengerSeats <= tariff.minibusMaxSeats ? 'minibus' : 'bus';
}

/** The tech passport counts the driver's seat; the driver is not a passenger. */
export const passengerSeatsOf = (seats: number): number => Math.max(1, seats - 1);

/** The premium of `seats` passenger seats of a category for a term: seats × rate per seat × term factor, whole UZS. */
export function quoteOsgop(category: OsgopCategory, seats: number, months: OsgopMonths, tariff: OsgopTariff): Price {
  const total = Math.round(seats * tariff.perSeat[category] * tariff.termFactor[`${months}`]);
  return { total, lines: [{ label: 'osgop.price.premium', amount: total }] };
}

/** The "from" price: a four-passenger taxi for 3 months, the smallest policy a carrier buys. */
export const fromOsgop = (tariff: OsgopTariff): number => quoteOsgop('taxi', 4, 3, tariff).total;
