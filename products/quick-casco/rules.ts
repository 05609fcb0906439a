import type { EffectResult } from '../../engine/definition';
import { defineRules, type PersonStep } from '../kit/define/define';
import { programStartActions } from '../kit/cars/program-start';

/** The program step: the program and the first day of cover (tomorrow or later). */
export type QuickCascoProgramStep = { programId?: number; beginDate?: string };

/** The car step: plate and tech passport typed; model, year and owner from the vehicle registry. */
export type QuickCascoCar = {
  /** Stored `01A123BC`. */
  plate?: string;
  /** Series and number in one string (`AAF0390422`). */
  techPassport?: string;
  model?: string;
  issueYear?: number;
  ownerName?: string;
};

/**
 * The applicant: a citizen (passport of 2 letters and 7 digits; the person registry fills the names
 * and PINFL) or a foreigner (requirements §5: a passport series of 3 letters; names typed in Latin).
 */
export type QuickCascoApplicant = PersonStep & {
  foreign: boolean;
  /** A foreigner's passport: series of 3 letters and 7 digits in one string (`FRA1234567`). */
  foreignPassport?: string;
};

export type QuickCascoData = {
  program: QuickCascoProgramStep;
  car: QuickCascoCar;
  applicant: QuickCascoApplicant;
};

/**
 * A change of citizenship starts the names over: a citizen's come from the registry (looked up
 * again for the passport), a foreigner types theirs; neither keeps the other's, nor the PINFL.
 */
function switchCitizenship(next: QuickCascoData): EffectResult<QuickCascoData> {
  const { firstName: _first, lastName: _last, pinfl: _pinfl, ...kept } = next.applicant;
  return { data: { ...next, applicant: kept } };
}

const isForeigner = (data: QuickCascoData) => data.applicant.foreign === true;

/** The first day's effects and the applicant's age (`checkApplicantAge`, whose refusal by the save binding.ts places at the birthday too). */
export const programStart = programStartActions<QuickCascoData>('quick-casco.error.begin_date', 'quick-casco.error.applicant_age');

/** Quick casco's rules: the first day (as mini-casco's), and the applicant a citizen or a foreigner. */
export const quickCascoRules = defineRules<QuickCascoData>()({
  onChange: { 'program.programId': 'defaultBeginDate', 'program.beginDate': 'checkBeginDate', 'applicant.birthday': 'checkApplicantAge', 'applicant.foreign': 'switchCitizenship' },
  // A citizen gives the 2-letter passport the registry knows; a foreigner the 3-letter one (requirements §5).
  show: { 'applicant.passport': 'citizen', 'applicant.foreignPassport': 'foreigner' },
  // A citizen's names are the registry's; a foreigner types them.
  lock: { 'applicant.firstName': 'citizen', 'applicant.lastName': 'citizen' },
  guards: { citizen: (data) => !isForeigner(data), foreigner: isForeigner },
  actions: { ...programStart, switchCitizenship },
});
