import type { EffectResult, FieldErrors, FlowData } from '../engine/definition';
import { ageOn, isIsoDate, todayIso } from './api-format';
import { applicantAge } from './program-start';

/**
 * A field effect for a step whose person holds the policy: at their birthday (`/birthday` of `step`),
 * that they are under 18 on the first day of cover (`beginDateOf`; today while none is chosen, or
 * one chosen on a later step), as the server refuses the save — said where it was typed, not as a
 * refused save steps later. A birthday after today has the date field's own message.
 */
export function policyholderAgeCheck<D extends FlowData>(step: string, birthdayOf: (data: D) => string | undefined, beginDateOf: (data: D) => string | undefined) {
  return (next: D): EffectResult<D> => {
    const birthday = birthdayOf(next);
    const today = todayIso();
    if (!isIsoDate(birthday) || birthday > today) return { data: next };
    const begin = beginDateOf(next);
    const firstDay = isIsoDate(begin) && begin > today ? begin : today;
    if (ageOn(birthday, firstDay) >= applicantAge) return { data: next };
    const errors: FieldErrors = { [step]: { '/birthday': 'engine.error.policyholder_age' } };
    return { data: next, errors };
  };
}
