import { loadStepValidator } from './step-validators';
import { loadMessageArea } from './message-areas';
import { loadWidgetsFor } from './theme';

/**
 * What a form step needs before it can draw: the on-demand widgets it names, its validator and the
 * message areas only it shows. A
 * flow page loads its first step's with the page and the others' when it is idle; a step reached
 * before that waits for its own (`stepParts`, the same promise for every render, so a component
 * may suspend on it).
 */
type Step = { schema?: object; uiSchema?: unknown; messageAreas?: readonly string[] };

/** A load as React's `use` reads it at once once settled. */
type Load = Promise<void> & { status?: 'pending' | 'fulfilled' | 'rejected' };

const loading = new WeakMap<Step, Load>();

function start(step: Step, keep: boolean): Load {
  const loaded: Load = Promise.all([loadWidgetsFor([step]), loadStepValidator(step.schema), ...(step.messageAreas ?? []).map(loadMessageArea)]).then(() => {
    Object.assign(loaded, { status: 'fulfilled', value: undefined });
  });
  loading.set(step, loaded);
  // Marked here, not only by React: a failure no render saw yet is handled (no unhandled rejection),
  // and `use` throws it at once instead of suspending again.
  loaded.catch((reason: unknown) => {
    Object.assign(loaded, { status: 'rejected', reason });
    if (!keep && loading.get(step) === loaded) loading.delete(step);
  });
  return loaded;
}

/**
 * The step's parts as a render waits for them (`use`): the same promise for the step ever after.
 * A failed load stays failed, so its error reaches the nearest error boundary (and the page's chunk
 * guard) instead of the step asking again on every render and spinning for ever, until the step
 * is tried again (`retryStepParts`).
 */
export function stepParts(step: Step): Promise<void> {
  return loading.get(step) ?? start(step, true);
}

/**
 * Loads the step's parts ahead of the step (with the page, when it is idle), once, and anew after
 * a failed load. A failure is this caller's to handle: the step reached later loads them anew.
 */
export function loadStepParts(step: Step): Promise<void> {
  const load = loading.get(step);
  return load && load.status !== 'rejected' ? load : start(step, false);
}

/** The step is tried again: a failed load of its parts is forgotten, so the next render loads them anew. */
export function retryStepParts(step: Step): void {
  if (loading.get(step)?.status === 'rejected') loading.delete(step);
}
