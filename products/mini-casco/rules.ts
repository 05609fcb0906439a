import { defineRules, type PersonStep } from '../kit/define/define';
import { programStartActions } from '../kit/cars/program-start';
import type { MiniCascoMonths } from './pricing';

/** The program step: the program, the term (fixed by the product: 12 months, or 1 for monthly casco) and the first day. */
export type MiniCascoProgramStep = {
  programId?: number;
  months: MiniCascoMonths;
  /** ISO, tomorrow or later. */
  beginDate?: string;
};

/** The car step: plate and tech passport typed; model and year from the insurer's car check. */
export type MiniCascoCar = {
  /** Stored `01A123BC`. */
  plate?: string;
  /** Series and number in one string (`AAF0390422`). */
  techPassport?: string;
  model?: string;
  issueYear?: number;
};

/** The applicant: a person of the registry (names and PINFL filled by the person lookup), and a phone. */
export type MiniCascoApplicant = PersonStep;

export type MiniCascoData = {
  program: MiniCascoProgramStep;
  car: MiniCascoCar;
  applicant: MiniCascoApplicant;
};

/** The first day's effects and the applicant's age (`checkApplicantAge`, whose refusal by the save binding.ts places at the birthday too). */
export const programStart = programStartActions<MiniCascoData>('mini-casco.error.begin_date', 'mini-casco.error.applicant_age');

/** Mini-casco's rules, monthly casco's too: the first day is tomorrow at the earliest, and set to it when a program is chosen. */
export const miniCascoRules = defineRules<MiniCascoData>()({
  onChange: { 'program.programId': 'defaultBeginDate', 'program.beginDate': 'checkBeginDate', 'applicant.birthday': 'checkApplicantAge' },
  guards: {},
  actions: programStart,
});
