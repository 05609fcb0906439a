/**
 * Home insurance premium: a fixed premium per program (requirements §9 "Home programs"). The table is
 * tariff data served by the server with the catalog; this function only looks it up.
 */

export interface HomeProgram {
  id: number;
  name: string;
  premium: number;
  sumInsured: number;
}

export interface HomeTariffs {
  programs: HomeProgram[];
}

/** The six programs of requirements §9, used to seed the tariff table and to check it. */
export const homePrograms: readonly HomeProgram[] = [
  { id: 1, name: 'Mini', premium: 70_000, sumInsured: 56_000_000 },
  { id: 2, name: 'Standart', premium: 140_000, sumInsured: 115_000_000 },
  { id: 3, name: 'Optima', premium: 320_000, sumInsured: 280_000_000 },
  { id: 4, name: 'Maxi', premium: 500_000, sumInsured: 450_000_000 },
  { id: 5, name: 'Deluxe', premium: 840_000, sumInsured: 840_000_000 },
  { id: 6, name: 'Exclusive', premium: 1_100_000, sumInsured: 1_120_000_000 },
];

/** Premium of a program, or null for an unknown program id. */
export function quoteHome(programId: number, tariffs: HomeTariffs): { total: number; lines: { label: string; amount: number }[] } | null {
  const program = tariffs.programs.find((p) => p.id === programId);
  if (!program) return null;
  return { total: program.premium, lines: [{ label: 'home.price.premium', amount: program.premium }] };
}
