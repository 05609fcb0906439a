import type { Price } from '../../engine/definition';
import type { ProgramsResponse } from './api.generated';

/** Quick casco's programs (the `/sayt/tez-kasko/programs` answer, so the shape is declared once, in its schema). */
export type QuickCascoTariff = ProgramsResponse;

/**
 * The sandbox's programs (README.md "Programs"): a fixed cover for a year, priced at NEO's casco
 * rates of the cover (docs/insurance-facts.md §6: Basic 1 %, Comfort 1.5 %, Premium 2.5 % of the car's value),
 * each program adding risks to the one before. Seeded as the `tariffs` row `quick-casco`.
 */
export const quickCascoTariff: QuickCascoTariff = {
  programs: [
    { id: 1, name: 'Start', premium: 300_000, sumInsured: 30_000_000, risks: ['accident'] },
    { id: 2, name: 'Optimal', premium: 900_000, sumInsured: 60_000_000, risks: ['accident', 'fire', 'nature', 'third-parties'] },
    { id: 3, name: 'Maximum', premium: 2_500_000, sumInsured: 100_000_000, risks: ['accident', 'fire', 'nature', 'third-parties', 'theft'] },
  ],
};

/** The premium of a program for its year of cover, or null for a program the table does not sell. Page and server price with it. */
export function quoteQuickCasco(programId: number | undefined, tariff: QuickCascoTariff): Price | null {
  const program = tariff.programs.find((p) => p.id === programId);
  return program ? { total: program.premium, lines: [{ label: 'quick-casco.price.premium', amount: program.premium }] } : null;
}
