import { loadStepValidator } from './step-validators';
import { loadWidgetsFor } from './theme';

/**
 * What a form step needs before it can draw: the on-demand widgets it names and its validator. A
 * flow page loads its first step's with the page and the others' when it is idle; a step reached
 * before that waits for its own (`loadStepParts`, the same promise for every caller, so a component
 * may suspend on it).
 */
type Step = { schema?: object; uiSchema?: unknown };

const loading = new WeakMap<Step, Promise<void>>();

/**
 * Loads the step's widgets and validator, once: the same promise for the step ever after, marked
 * fulfilled as React's `use` reads a promise it may take at once. A failed load is forgotten, so the
 * next call fetches again.
 */
export function loadStepParts(step: Step): Promise<void> {
  let pending = loading.get(step);
  if (!pending) {
    const loaded = Promise.all([loadWidgetsFor([step]), loadStepValidator(step.schema)]).then(() => {
      Object.assign(loaded, { status: 'fulfilled', value: undefined });
    });
    pending = loaded;
    loading.set(step, pending);
    pending.catch(() => loading.delete(step));
  }
  return pending;
}
