import { startTransition, useCallback, useEffect, useRef, useState, useTransition, type ComponentType } from 'react';

/**
 * The step form's typed changes on their way into the form, all in the transition of one
 * `TypedChangesGate`, so the form can tell whether any is still on its way: Next, Enter and Back
 * wait for them (`afterTyping`) and never act on less than the screen shows.
 */
export class TypedChanges {
  // React's own transition until the gate is there, which alone can tell when one is over.
  private startChange: ((change: () => void) => void) | null = null;
  private pending = false;
  private waiting: (() => void)[] = [];
  private checks = new Set<() => void>();

  /** Hands a typed change to the form, in the gate's transition. */
  start(change: () => void): void {
    if (!this.startChange) return startTransition(change);
    this.pending = true;
    this.startChange(change);
  }

  /** Runs `action` once every typed change is in the form and answers true; false, without running it, when none is on its way. */
  afterTyping(action: () => void): boolean {
    if (!this.pending) return false;
    this.waiting.push(action);
    return true;
  }

  /**
   * `check` runs each time the typed changes are in: a widget whose key the form does not hold
   * hands it in again. The flow's data (a lookup's answer) reaches the form as a whole and
   * urgently; arriving while a key is still in its transition, it can leave the form without that
   * key, or report the key without the answer (engine/flow-runner.test.tsx has the case). Handed
   * in again, the key is reported with the form's whole data, the answer included.
   */
  watch(check: () => void): () => void {
    this.checks.add(check);
    return () => this.checks.delete(check);
  }

  /** The gate's transition and whether it is pending; once it is not, what waited runs. */
  connect(start: (change: () => void) => void, pending: boolean): void {
    this.startChange = start;
    this.pending = pending;
    if (pending) return;
    for (const check of this.checks) check();
    // A key handed in again: what waits, waits for it too.
    if (this.pending) return;
    const waiting = this.waiting;
    this.waiting = [];
    for (const action of waiting) action();
  }
}

/** Owns the transition of a form's typed changes: rendered beside the form, it alone redraws when that starts and ends. */
export function TypedChangesGate({ changes }: { changes: TypedChanges }) {
  const [pending, start] = useTransition();
  // After the commit that took the changes in, so what waited reads the form's new data.
  useEffect(() => changes.connect(start, pending), [changes, start, pending]);
  return null;
}

/** What a text-like widget gets from rjsf and hands back (WidgetProps and BaseInputTemplateProps alike). */
interface ChangingProps {
  value?: unknown;
  onChange: (value: unknown, ...rest: never[]) => void;
  registry: { formContext?: unknown };
}

/**
 * A text-like widget whose keystroke draws only itself. rjsf answers every change by drawing the
 * whole step's form again (with five tourists or drivers, longer than a frame on a phone), so the
 * typed value is shown at once from the widget's own state and handed to the form in a transition,
 * which React draws after the frame and drops for the next key's; rjsf queues its changes as
 * updaters made for this. The widget shows the form's value again as soon as that moves: to the
 * typed value when the transition commits, or elsewhere when the flow corrects it (a Cyrillic name
 * emptied, a lookup's answer).
 */
export function withDeferredChange<P extends ChangingProps>(Widget: ComponentType<P>): ComponentType<P> {
  function DeferredChange(props: P) {
    const { onChange, value } = props;
    const typedChanges = (props.registry.formContext as { typedChanges?: TypedChanges } | undefined)?.typedChanges;
    // What was typed over which value of the form's: shown until the form's value moves.
    const [typed, setTyped] = useState<{ value: unknown; over: unknown; rest: never[] } | null>(null);
    if (typed !== null && (typed.over !== value || typed.value === value)) setTyped(null);
    const shown = typed !== null && typed.over === value ? typed.value : value;
    // The latest render's props and key, for a change made before the next render and for the check.
    const latest = useRef({ onChange, value, typed, typedChanges });
    useEffect(() => {
      latest.current = { onChange, value, typed, typedChanges };
    });
    const handOver = useCallback((next: unknown, rest: never[]) => {
      const { onChange: report, typedChanges: changes } = latest.current;
      const change = () => report(next, ...rest);
      if (changes) changes.start(change);
      else startTransition(change);
    }, []);
    const change = useCallback(
      (next: unknown, ...rest: never[]) => {
        setTyped({ value: next, over: latest.current.value, rest });
        handOver(next, rest);
      },
      [handOver],
    );
    // Every typed change is in, yet the form still holds what this key was typed over: it was lost,
    // and is handed in again; lost twice, the field shows what the form holds rather than what it lacks.
    const handedAgain = useRef<unknown>(null);
    useEffect(
      () =>
        typedChanges?.watch(() => {
          const { typed: key, value: stored } = latest.current;
          if (key === null || key.over !== stored || key.value === stored) return;
          if (handedAgain.current === key) return setTyped(null);
          handedAgain.current = key;
          handOver(key.value, key.rest);
        }),
      [typedChanges, handOver],
    );
    return <Widget {...props} value={shown} onChange={change} />;
  }
  DeferredChange.displayName = `Deferred(${Widget.displayName ?? Widget.name})`;
  return DeferredChange;
}
