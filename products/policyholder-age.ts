import type { EffectResult, FieldErrors, FlowData, MessageId } from '../engine/definition';
import { ageOn, isIsoDate, todayIso } from './api-format';

/** From this age a person may take out and pay for a policy (on its first day of cover). */
export const policyholderAge = 18;

/**
 * A field effect for a step whose person holds the policy: at their birthday (`at` of `step`: the
 * step's `/birthday`, or a row's when a list's first person holds it), that they are under 18 on
 * the first day of cover (`beginDateOf`; today while none is chosen, or one chosen on a later step),
 * as the server refuses the save — said where it was typed, not as a refused save steps later, in
 * `message` (the engine's own unless the product words it). A birthday after today has the date
 * field's own message.
 */
export function policyholderAgeCheck<D extends FlowData>(
  step: string,
  birthdayOf: (data: D) => string | undefined,
  beginDateOf: (data: D) => string | undefined,
  message: MessageId = 'engine.error.policyholder_age',
  at = '/birthday',
) {
  return (next: D): EffectResult<D> => {
    const birthday = birthdayOf(next);
    const today = todayIso();
    if (!isIsoDate(birthday) || birthday > today) return { data: next };
    const begin = beginDateOf(next);
    const firstDay = isIsoDate(begin) && begin > today ? begin : today;
    if (ageOn(birthday, firstDay) >= policyholderAge) return { data: next };
    const errors: FieldErrors = { [step]: { [at]: message } };
    return { data: next, errors };
  };
}
