import type { Price } from '../../engine/definition';
import type { MiniCascoProgram, MiniCascoTariff } from '../kit/cars/mini-casco-programs';

/** Terms sold: a year (mini-casco) or a month (monthly casco, README.md "Monthly casco"). */
export type MiniCascoMonths = 1 | 12;

/**
 * A program's premium for a term: the year's premium × months ÷ 12, rounded up to whole UZS, so a
 * year is the table's premium itself and twelve months bought one by one never cost less than the
 * year (Premium: 110 000 a year, 9 167 a month).
 */
export function termPremium(program: Pick<MiniCascoProgram, 'premium'>, months: MiniCascoMonths): number {
  return Math.ceil((program.premium * months) / 12);
}

/** The price of a program for a term, or null for a program the table does not sell. Page and server price with it. */
export function quoteMiniCasco(programId: number | undefined, months: MiniCascoMonths, tariff: MiniCascoTariff): Price | null {
  const program = tariff.programs.find((p) => p.id === programId);
  if (!program) return null;
  const total = termPremium(program, months);
  return { total, lines: [{ label: months === 12 ? 'mini-casco.price.year' : 'mini-casco.price.month', amount: total }] };
}
