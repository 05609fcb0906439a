import type { HomeProgram } from '../home/pricing';

/** Requirements §9 "Premium home": the premium is the price, as for home. */
export const premiumHomePrograms: readonly HomeProgram[] = [
  { id: 1, name: 'Comfort', premium: 2_500_000, sumInsured: 1_000_000_000 },
  { id: 2, name: 'Lux', premium: 5_500_000, sumInsured: 2_500_000_000 },
  { id: 3, name: 'Prestige', premium: 10_000_000, sumInsured: 5_000_000_000 },
  { id: 4, name: 'VIP', premium: 18_000_000, sumInsured: 10_000_000_000 },
];
