import type { Action, EffectResult, FlowData, MessageId } from '../../../engine/definition';
import { ageOn, isIsoDate, todayIso } from '../api/api-format';
import type { RefusedField } from '../binding/binding-kit';

/** From this age a person may take out and pay for a policy (on its first day of cover). */
export const policyholderAge = 18;

/** A field effect judging the policyholder's age, with where it says it and what (`policyholderAgeCheck`). */
export type PolicyholderAgeCheck<D extends FlowData> = ((next: D) => EffectResult<D>) & {
  /** The birthday's step and path in it, where the message stands. */
  readonly field: { step: string; path: string };
  readonly message: MessageId;
  /** The first day of cover the age is judged on (today while none is chosen, or one chosen later). */
  readonly firstDayOf: (data: D) => string;
};

/**
 * A field effect for a step whose person holds the policy: at their birthday (`at` of `step`: the
 * step's `/birthday`, or a row's when a list's first person holds it), that they are under 18 on
 * the first day of cover (`beginDateOf`; today while none is chosen, or one chosen on a later step),
 * as the server refuses the save — said where it was typed, not as a refused save steps later, in
 * `message` (the engine's own unless the product words it). A birthday after today has the date
 * field's own message. Of age, it takes its message back: it is judged again when the first day
 * moves (`judgingPolicyholderAge`), after the birthday was typed.
 */
export function policyholderAgeCheck<D extends FlowData>(
  step: string,
  birthdayOf: (data: D) => string | undefined,
  beginDateOf: (data: D) => string | undefined,
  message: MessageId = 'engine.error.policyholder_age',
  at = '/birthday',
): PolicyholderAgeCheck<D> {
  const firstDayOf = (data: D): string => {
    const today = todayIso();
    const begin = beginDateOf(data);
    return isIsoDate(begin) && begin > today ? begin : today;
  };
  const said = () => ({ [step]: { [at]: message } });
  const check = (next: D): EffectResult<D> => {
    const birthday = birthdayOf(next);
    const underAge = isIsoDate(birthday) && birthday <= todayIso() && ageOn(birthday, firstDayOf(next)) < policyholderAge;
    return underAge ? { data: next, errors: said() } : { data: next, withdrawn: said() };
  };
  return Object.assign(check, { field: { step, path: at }, message, firstDayOf });
}

/**
 * `effect` of a field that moves the first day of cover (the begin date), then the policyholder's
 * age judged again on the day it leaves: moved earlier after the birthday was typed, a minor is
 * told at their birthday, not by a refused save; moved later, an adult's message goes.
 */
export function judgingPolicyholderAge<D extends FlowData, C>(effect: Action<D, C>, check: PolicyholderAgeCheck<D>): Action<D, C> {
  return (next, previous, catalog) => {
    const done = effect(next, previous, catalog);
    const judged = check(done.data);
    const errors = merged(done.errors, judged.errors);
    const withdrawn = merged(done.withdrawn, judged.withdrawn);
    return { data: judged.data, ...(errors ? { errors } : {}), ...(withdrawn ? { withdrawn } : {}) };
  };
}

/** Two effects' messages by step, or undefined when neither has any. */
function merged<M>(a: Record<string, Record<string, M>> | undefined, b: Record<string, Record<string, M>> | undefined): Record<string, Record<string, M>> | undefined {
  if (!a || !b) return a ?? b;
  const all = { ...a };
  for (const [step, messages] of Object.entries(b)) all[step] = { ...all[step], ...messages };
  return all;
}

/**
 * Where a save the server refused for the policyholder's age is said (its 422 names the request's
 * birthday, `response.field`): at the birthday, in the page's own words.
 */
export function policyholderAgeRefusal<D extends FlowData>(check: PolicyholderAgeCheck<D>): RefusedField {
  return { status: 422, message: check.message, field: check.field };
}
