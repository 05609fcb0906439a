import type { MiniCascoTariff } from '../kit/cars/mini-casco-programs';
import { miniCascoTariff } from '../kit/cars/mini-casco-programs';
import type { ReferencesResponse } from './api.generated';

/**
 * OSAGO's reference data: the tariff, the benefit discounts, the extras, the mini-casco programs and
 * the models not sold online (the `/osago-neo/references` answer, so its shape is declared once, in
 * schemas/api/osago/references.response.json). README.md beside this file gives the source of every
 * figure and marks those the team chose where the public sources say "not found" (docs/insurance-facts.md §1).
 */
export type OsagoReference = ReferencesResponse;

/** The 2026 tariff's annual premiums by territory and vehicle type (docs/insurance-facts.md §1). */
const rates: OsagoReference['rates'] = [
  // Cabinet of Ministers resolution No. 458 of 23.07.2025, from 1 January 2026: passenger cars and trucks.
  { territory: 'tashkent', vehicleType: 1, limited: 192_000, unlimited: 384_000 },
  { territory: 'tashkent', vehicleType: 6, limited: 336_000, unlimited: 672_000 },
  { territory: 'regions', vehicleType: 1, limited: 160_000, unlimited: 320_000 },
  { territory: 'regions', vehicleType: 6, limited: 280_000, unlimited: 560_000 },
  // Not found for 2026 — chosen: buses as trucks (the old rates of the two were equal) ...
  { territory: 'tashkent', vehicleType: 9, limited: 336_000, unlimited: 672_000 },
  { territory: 'regions', vehicleType: 9, limited: 280_000, unlimited: 560_000 },
  // ... and motorcycles, trams and tractors at 0.4 of a car (the old 0.04 % against 0.1 %).
  { territory: 'tashkent', vehicleType: 15, limited: 76_800, unlimited: 153_600 },
  { territory: 'regions', vehicleType: 15, limited: 64_000, unlimited: 128_000 },
];

/** The sandbox reference the server seeds (row `osago`; the mini-casco programs are the shared table's). */
export const sandboxOsagoReference: OsagoReference = {
  sumInsured: 80_000_000,
  rates,
  periods: [
    { id: 1, months: 12, factor: 1 },
    // Seen at NEO, Apex and EuroAsia: 384 000 × 0.7 = 268 800.
    { id: 2, months: 6, factor: 0.7 },
  ],
  // Requirements §9 "OSAGO extras".
  extras: { accident: 10_000, gas: 10_000, plate: 30_000 },
  // Not found: the percentages. Chosen: half the premium for every category of the 2008 rules' list.
  benefits: [2, 3, 4, 5, 6, 7, 8, 9].map((id) => ({ id, percent: 50 })),
  // Not found: the insurer's list. Chosen: supercars its underwriters insure only in person.
  restrictedModels: ['lamborghini urus', 'lamborghini huracan', 'ferrari roma', 'ferrari sf90', 'mclaren 720s', 'rolls-royce cullinan', 'bentley bentayga'],
  miniCasco: miniCascoTariff.seed as MiniCascoTariff,
};

/** The "from" price of the product card: a passenger car's six months with named drivers outside Tashkent. */
export const lowestPassengerPremium = Math.round(Math.min(
  ...rates.filter((r) => r.vehicleType === 1).map((r) => r.limited),
) * Math.min(...sandboxOsagoReference.periods.map((p) => p.factor)));
