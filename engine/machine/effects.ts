import type { FieldErrors, FieldMessage, FlowData, MachineRules } from '../definition';
import { deepEqual, valueAt } from '../paths';
import { clearFieldError, setFieldError } from './progress';

/**
 * The flow data and field messages after the visitor changed a step's object: a value that changed
 * loses its message, and each changed top-level field runs its named field effect (`onChange`) with
 * the flow's catalog, whose messages are then placed.
 */
export function changedStep<D extends FlowData, C>(
  rules: MachineRules<D, C>,
  previous: FlowData,
  fieldErrors: FieldErrors,
  step: string,
  next: Record<string, unknown>,
  catalog: C,
): { data: FlowData; fieldErrors: FieldErrors } {
  const before = previous[step] ?? {};
  let data: FlowData = { ...previous, [step]: next };
  let errors = fieldErrors;
  for (const path of Object.keys(errors[step] ?? {})) {
    if (!deepEqual(valueAt(before, path), valueAt(next, path))) errors = clearFieldError(errors, step, path);
  }
  const raised: [string, string, FieldMessage][] = [];
  for (const field of new Set([...Object.keys(before), ...Object.keys(next)])) {
    if (deepEqual(before[field], next[field])) continue;
    const actionName = rules.onChange?.[`${step}.${field}`];
    const action = actionName ? rules.actions[actionName] : undefined;
    if (!action) continue;
    const result = action(data as D, previous as D, catalog);
    data = result.data;
    for (const [errorStep, messages] of Object.entries(result.withdrawn ?? {})) {
      for (const [path, id] of Object.entries(messages)) {
        const standing = errors[errorStep]?.[path];
        if (standing !== undefined && (typeof standing === 'string' ? standing : standing.id) === id) errors = clearFieldError(errors, errorStep, path);
      }
    }
    for (const [errorStep, messages] of Object.entries(result.errors ?? {})) {
      for (const [path, id] of Object.entries(messages)) raised.push([errorStep, path, id]);
    }
  }
  // A value an effect rewrote (a car's value computed anew) loses its message too.
  const after = data[step] ?? {};
  for (const path of Object.keys(errors[step] ?? {})) {
    if (!deepEqual(valueAt(next, path), valueAt(after, path))) errors = clearFieldError(errors, step, path);
  }
  for (const [errorStep, path, id] of raised) errors = setFieldError(errors, errorStep, path, id);
  return { data, fieldErrors: errors };
}
