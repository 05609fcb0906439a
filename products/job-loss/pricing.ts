import type { Price } from '../../engine/definition';

/**
 * The job-loss tariff (README.md): after an involuntary loss of the job, the policy pays a monthly
 * benefit — the insured's salary, at most `benefitCap` — for the chosen number of months; the sum
 * insured is that benefit times the months, and the yearly premium a share of it.
 */
export interface JobLossTariff {
  /** Premium as a percentage of the sum insured. */
  ratePercent: number;
  /** The largest monthly benefit, UZS. */
  benefitCap: number;
  /** Months the benefit may be paid: the choices of cover. */
  months: readonly number[];
  /** The salaries insured, UZS a month. */
  minSalary: number;
  maxSalary: number;
}

export const jobLossTariff: JobLossTariff = {
  ratePercent: 2,
  benefitCap: 10_000_000,
  months: [3, 6],
  minSalary: 1_000_000,
  maxSalary: 100_000_000,
};

/** The monthly benefit of a salary: the salary, at most the cap. */
export const monthlyBenefit = (salary: number, tariff: JobLossTariff): number => Math.min(salary, tariff.benefitCap);

/**
 * The yearly premium of a cover: salary (capped) × months × rate, in whole UZS; null for a salary or
 * a number of months the tariff does not insure.
 */
export function quoteJobLoss(salary: number, months: number, tariff: JobLossTariff): Price | null {
  if (!Number.isInteger(salary) || salary < tariff.minSalary || salary > tariff.maxSalary || !tariff.months.includes(months)) return null;
  const sumInsured = monthlyBenefit(salary, tariff) * months;
  const total = Math.round((sumInsured * tariff.ratePercent) / 100);
  return { total, lines: [{ label: 'job-loss.price.premium', amount: total }] };
}

/** The lowest premium: the smallest salary for the fewest months. */
export const fromJobLoss = (tariff: JobLossTariff): number => quoteJobLoss(tariff.minSalary, Math.min(...tariff.months), tariff)?.total ?? 0;
