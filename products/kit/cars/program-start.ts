import type { EffectResult, FlowData, MessageId } from '../../../engine/definition';
import { addDays, isIsoDate, todayIso } from '../api/api-format';
import { judgingPolicyholderAge, policyholderAgeCheck } from '../rules/policyholder-age';

/** A program step with a first day of cover (the casco products'). */
export interface ProgramStart {
  programId?: number;
  /** ISO. */
  beginDate?: string;
}

/**
 * The earliest first day of a car cover sold online without an inspection: tomorrow. The car is
 * insured unseen, so the cover never takes in the day it is bought, which may already hold the damage.
 */
export const earliestCoverStart = (today: string = todayIso()): string => addDays(today, 1);

/**
 * The field effects of a `program` step with a first day: a program chosen without a first day gets
 * the earliest (the visitor may move it); a first day before the earliest says `tooEarly`; an
 * applicant under age on the first day (the earliest while none is chosen) says `tooYoung` at the
 * birthday (`policyholderAgeCheck`), when the birthday is typed and again when the first day moves.
 */
export function programStartActions<D extends FlowData & { program: ProgramStart; applicant: { birthday?: string } }>(tooEarly: MessageId, tooYoung: MessageId) {
  const checkApplicantAge = policyholderAgeCheck<D>('applicant', (data) => data.applicant.birthday, (data) => data.program.beginDate ?? earliestCoverStart(), tooYoung);
  const checkBeginDate = (next: D): EffectResult<D> => {
    const { beginDate } = next.program;
    if (!isIsoDate(beginDate) || beginDate >= earliestCoverStart()) return { data: next };
    return { data: next, errors: { program: { '/beginDate': tooEarly } } };
  };
  return {
    defaultBeginDate(next: D): EffectResult<D> {
      if (next.program.programId === undefined || isIsoDate(next.program.beginDate)) return { data: next };
      return { data: { ...next, program: { ...next.program, beginDate: earliestCoverStart() } } };
    },
    checkBeginDate: judgingPolicyholderAge(checkBeginDate, checkApplicantAge),
    checkApplicantAge,
  };
}
