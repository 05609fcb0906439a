import type { SharedTariff } from '../sale/sale';

/**
 * The mini-casco programs (docs/partner-api.md §2 "Mini-casco"; requirements §9 "mini-kasko adds its program price"):
 * one table that OSAGO's mini-casco extra and the mini-casco product (with its monthly variant) sell.
 * It lives in the products' shared kit, not in one product's folder, because several products read it; the server keeps it
 * once, as the `tariffs` row `mini-casco` — the mini-casco product's own row, seeded from `seed` when
 * missing — and hands it to OSAGO's sale, which names it in `ProductSale.shared`, so a price changed
 * there changes every product that sells it.
 */
export interface MiniCascoProgram {
  id: 1 | 2 | 3;
  /** The insurer's name of the program (labels shown are message ids). */
  name: string;
  /** Whole UZS a year. */
  premium: number;
  /** Cover, UZS. */
  sumInsured: number;
}

export interface MiniCascoTariff {
  programs: MiniCascoProgram[];
}

export const miniCascoTariff: SharedTariff<MiniCascoTariff> = {
  key: 'mini-casco',
  seed: {
    programs: [
      { id: 1, name: 'Basic', premium: 60_000, sumInsured: 10_000_000 },
      { id: 2, name: 'Comfort', premium: 90_000, sumInsured: 20_000_000 },
      { id: 3, name: 'Premium', premium: 110_000, sumInsured: 30_000_000 },
    ],
  },
};
