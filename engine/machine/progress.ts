import type { FieldErrors, FieldMessage, StepDefinition } from '../definition';
import type { StepsProgress } from './types';

/** The first step active, every other inactive, none completed. */
export function initialSteps(steps: StepDefinition[]): StepsProgress {
  return Object.fromEntries(steps.map((s, i) => [s.id, { status: i === 0 ? 'active' : 'inactive', completed: false }]));
}

/** Next (requirements §4): the left step completed, the skipped ones closed, the next one active. */
export function advanced(steps: StepsProgress, move: { from: string; to: string; skipped: string[] }): StepsProgress {
  const next = { ...steps, [move.from]: { status: 'active' as const, completed: true } };
  for (const id of move.skipped) next[id] = { status: 'inactive', completed: false };
  next[move.to] = { status: 'active', completed: next[move.to]?.completed ?? false };
  return next;
}

/** Back (requirements §4): the left step deactivated, the previous one reopened as not completed. */
export function retreated(steps: StepsProgress, move: { from: string; to: string; skipped: string[] }): StepsProgress {
  const next = { ...steps, [move.from]: { status: 'inactive' as const, completed: false } };
  for (const id of move.skipped) next[id] = { status: 'inactive', completed: false };
  next[move.to] = { status: 'active', completed: false };
  return next;
}

export function withoutKey<T>(record: Record<string, T>, key: string): Record<string, T> {
  const copy = { ...record };
  delete copy[key];
  return copy;
}

export function setFieldError(errors: FieldErrors, step: string, path: string, message: FieldMessage): FieldErrors {
  return { ...errors, [step]: { ...errors[step], [path]: message } };
}

export function clearFieldError(errors: FieldErrors, step: string, path: string): FieldErrors {
  const forStep = errors[step];
  if (!forStep || !(path in forStep)) return errors;
  return { ...errors, [step]: withoutKey(forStep, path) };
}
