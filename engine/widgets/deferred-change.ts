import { useCallback, useEffect, useRef, useState, useTransition } from 'react';
import type { FlowFormContext, PendingChanges } from '../ui';

/** Hands every change still on its way to the form as an urgent update, so that what the form submits next is what its fields show. */
export function flushPendingChanges(pending: PendingChanges): void {
  for (const flush of [...pending.values()]) flush();
  pending.clear();
}

/**
 * What a typed field shows, and how it hands a change to its form. A change of one field makes
 * rjsf derive the whole step's defaults, validate it and draw every field again, and the flow then
 * stores the data: on a phone, with five tourists or drivers in a step, longer than a frame. So the
 * field shows the change itself at once and hands it to the form in a transition (React draws the
 * frame with the typed letter first and the form's redraw after it, in slices a next key can cut).
 * The change is the form's as soon as the transition commits; until then a submit of the step takes
 * it first (`pendingChanges` in the form's context, handed over by the step's form before it submits).
 * While a change is on its way the field shows what was typed, even when the flow sets data meanwhile
 * (a lookup answering, a rule): the typed change is applied after it. Once nothing is on its way the
 * field shows the form's value, so a rule that rewrites the typed text (a Cyrillic letter cleared) is
 * seen as soon as the form has it.
 */
export function useDeferredChange<V>(id: string, value: V, onChange: (value: V) => void, formContext: unknown): [V, (value: V) => void] {
  const pending = (formContext as Partial<FlowFormContext> | undefined)?.pendingChanges;
  const [isPending, startTransition] = useTransition();
  const [typed, setTyped] = useState<{ value: V } | null>(null);
  const latest = useRef(value);
  // A lookup's answer while the visitor types must not take back the keys still on their way.
  const settled = typed !== null && !isPending;
  if (settled) setTyped(null);
  const change = useCallback(
    (next: V) => {
      latest.current = next;
      setTyped({ value: next });
      pending?.set(id, () => onChange(latest.current));
      startTransition(() => onChange(next));
    },
    [id, onChange, pending],
  );
  useEffect(() => {
    if (!isPending) pending?.delete(id);
  }, [isPending, pending, id]);
  useEffect(() => () => void pending?.delete(id), [pending, id]);
  return [typed !== null && !settled ? typed.value : value, change];
}
