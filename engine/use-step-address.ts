import { useEffect, useRef } from 'react';
import { stepOf, type FlowActor } from './machine';

/**
 * Keeps the address's step (`?step=`) and the flow's on one step: browser back and forward arrive
 * as `stepInUrl` and become `step.goto` (a step the flow may not go to has the address put back on
 * its own); the flow's moves are written with `onStepChange`, the first step shown (start or
 * resume) and a correction replacing, the visitor's moves pushing. `step` is the step the flow
 * stands on as rendered.
 *
 * Each side is read as it stands now, not as the render saw it: a goto sent here moves the flow
 * before the render that shows it, and an address written here arrives as `stepInUrl` a render
 * later, so acting on the rendered values sent the two after each other for ever (an address naming
 * another step than the draft's, such as a language chosen after browser back).
 */
export function useStepAddress(actor: FlowActor, step: string | null, stepInUrl: string | null, onStepChange: (stepId: string, how: 'push' | 'replace') => void): void {
  const onStepChangeRef = useRef(onStepChange);
  onStepChangeRef.current = onStepChange;
  /** The step the address holds: as last handed in, or as last written. */
  const addressStep = useRef<string | null>(null);
  const opened = useRef(false);
  useEffect(() => {
    const browserMoved = stepInUrl !== null && stepInUrl !== addressStep.current;
    if (browserMoved) addressStep.current = stepInUrl;
    let current = stepOf(actor.getSnapshot().value);
    if (!current) return;
    const first = !opened.current;
    opened.current = true;
    // An address opened on a step, or moved by the browser: the flow goes there if it may.
    if ((browserMoved || first) && stepInUrl && stepInUrl !== current) {
      actor.send({ type: 'step.goto', step: stepInUrl });
      current = stepOf(actor.getSnapshot().value) ?? current;
    }
    if (current === addressStep.current) return;
    addressStep.current = current;
    onStepChangeRef.current(current, first || browserMoved ? 'replace' : 'push');
  }, [stepInUrl, step, actor]);
}
