import { startTransition, useCallback, useEffect, useReducer, useRef, useState, useTransition, type ComponentType } from 'react';

/**
 * The step form's typed changes on their way into the form, all in the transition of one
 * `TypedChangesGate`, so the form can tell whether any is still on its way: Next, Enter and Back
 * wait for them (`afterTyping`) and never act on less than the screen shows, and the flow's own
 * changes wait for them before they reach the form (`useHeldWhileTyping`).
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

  /** Whether a typed change is on its way into the form. */
  get typing(): boolean {
    return this.pending;
  }

  /** Runs `action` once every typed change is in the form and answers true; false, without running it, when none is on its way. */
  afterTyping(action: () => void): boolean {
    if (!this.pending) return false;
    this.waiting.push(action);
    return true;
  }

  /** `check` runs each time the typed changes are in, before what waited for them. */
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
    const waiting = this.waiting;
    this.waiting = [];
    for (const action of waiting) action();
  }
}

/**
 * `value` as it stood when no typed change was on its way into the form; once they are in, the
 * latest `value` again. The form is drawn from what this holds: rjsf takes a typed key in as an
 * updater of its state in the key's transition, and a prop drawn while that transition is pending
 * (the flow's data with a lookup's answer, a price, a field's message) makes rjsf set its state
 * from the props urgently. React then applies the key's updater and, after it, that urgent state,
 * which has no key: the key is lost from the form, and its report carries the step as it stood
 * before the answer. Held until the keys are in, the flow's changes reach a form that holds them.
 * What is held is the very element drawn before, so React does not draw the form again meanwhile.
 */
export function useHeldWhileTyping<T>(changes: TypedChanges, value: T): T {
  const held = useRef(value);
  const latest = useRef(value);
  const [, redraw] = useReducer((count: number) => count + 1, 0);
  latest.current = value;
  if (!changes.typing) held.current = value;
  useEffect(
    () =>
      changes.watch(() => {
        if (held.current !== latest.current) redraw();
      }),
    [changes],
  );
  return held.current;
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
    const [typed, setTyped] = useState<{ value: unknown; over: unknown } | null>(null);
    if (typed !== null && (typed.over !== value || typed.value === value)) setTyped(null);
    const shown = typed !== null && typed.over === value ? typed.value : value;
    // The latest render's props, for a change made before the next render.
    const latest = useRef({ onChange, value, typedChanges });
    useEffect(() => {
      latest.current = { onChange, value, typedChanges };
    });
    const change = useCallback((next: unknown, ...rest: never[]) => {
      const { onChange: report, value: over, typedChanges: changes } = latest.current;
      setTyped({ value: next, over });
      const handOver = () => report(next, ...rest);
      if (changes) changes.start(handOver);
      else startTransition(handOver);
    }, []);
    return <Widget {...props} value={shown} onChange={change} />;
  }
  DeferredChange.displayName = `Deferred(${Widget.displayName ?? Widget.name})`;
  return DeferredChange;
}
