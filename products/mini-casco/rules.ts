import type { EffectResult } from '../../engine/definition';
import { addDays, isIsoDate, todayIso } from '../api-format';
import { defineRules } from '../define';
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
export type MiniCascoApplicant = {
  passport?: string;
  birthday?: string;
  firstName?: string;
  lastName?: string;
  pinfl?: string;
  phone?: string;
};

export type MiniCascoData = {
  program: MiniCascoProgramStep;
  car: MiniCascoCar;
  applicant: MiniCascoApplicant;
};

/** The earliest first day of cover: tomorrow (a car is not covered the day it is insured online, unseen). */
export const earliestBegin = (today: string = todayIso()): string => addDays(today, 1);

/** A program chosen without a first day gets the earliest, which the visitor may move. */
function defaultBeginDate(next: MiniCascoData): EffectResult<MiniCascoData> {
  if (next.program.programId === undefined || isIsoDate(next.program.beginDate)) return { data: next };
  return { data: { ...next, program: { ...next.program, beginDate: earliestBegin() } } };
}

/** The first day is tomorrow at the earliest. */
function checkBeginDate(next: MiniCascoData): EffectResult<MiniCascoData> {
  const { beginDate } = next.program;
  if (!isIsoDate(beginDate) || beginDate >= earliestBegin()) return { data: next };
  return { data: next, errors: { program: { '/beginDate': 'mini-casco.error.begin_date' } } };
}

/** Mini-casco's rules; monthly casco shares them. */
export const miniCascoRules = defineRules<MiniCascoData>()({
  onChange: { 'program.programId': 'defaultBeginDate', 'program.beginDate': 'checkBeginDate' },
  guards: {},
  actions: { defaultBeginDate, checkBeginDate },
});
