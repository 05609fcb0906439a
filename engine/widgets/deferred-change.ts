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
 * it first (`pendingChanges` in the form's context, handed over by the step's form before it submits). Data the flow sets
 * meanwhile (a lookup, a rule's correction) counts as a correction and replaces what was typed, so
 * what the field shows is always what the form holds once nothing is on its way.
 */
export function useDeferredChange<V>(id: string, value: V, onChange: (value: V) => void, formContext: unknown): [V, (value: V) => void] {
  const context = formContext as Partial<FlowFormContext> | undefined;
  const corrections = context?.corrections ?? 0;
  const pending = context?.pendingChanges;
  const [isPending, startTransition] = useTransition();
  const [typed, setTyped] = useState<{ value: V; corrections: number } | null>(null);
  const latest = useRef(value);
  // Once nothing is on its way the form's value is the answer, and after a correction the flow's is.
  const settled = typed !== null && (!isPending || typed.corrections !== corrections);
  if (settled) setTyped(null);
  const change = useCallback(
    (next: V) => {
      latest.current = next;
      setTyped({ value: next, corrections });
      pending?.set(id, () => onChange(latest.current));
      startTransition(() => onChange(next));
    },
    [id, corrections, onChange, pending],
  );
  useEffect(() => {
    if (!isPending) pending?.delete(id);
  }, [isPending, pending, id]);
  useEffect(() => () => void pending?.delete(id), [pending, id]);
  return [typed !== null && !settled ? typed.value : value, change];
}
