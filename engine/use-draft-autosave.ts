import { useEffect } from 'react';
import type { FlowDefinition } from './definition';
import { saveDraft } from './draft';
import { stepOf, type FlowActor } from './machine';

/** How long typed changes may wait to be written to the draft. */
const draftIntervalMs = 250;

/**
 * Keeps the flow's draft in `storage`, from which a reload resumes: a move to another step is
 * written at once, typing at most every `draftIntervalMs`, and whatever is not written yet when the
 * page goes away (a reload, a payment provider's page).
 */
export function useDraftAutosave(actor: FlowActor, storage: Storage | null, definition: Pick<FlowDefinition, 'id' | 'version' | 'kind'>): void {
  useEffect(() => {
    if (!storage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let savedStep = stepOf(actor.getSnapshot().value);
    const save = () => {
      clearTimeout(timer);
      timer = undefined;
      saveDraft(storage, definition, actor.getSnapshot());
    };
    const flush = () => {
      if (timer !== undefined) save();
    };
    const subscription = actor.subscribe((snapshot) => {
      const step = stepOf(snapshot.value);
      // Writing storage on every keystroke is a good part of a keystroke's time on a slow phone.
      if (step !== savedStep) {
        savedStep = step;
        save();
      } else if (timer === undefined) timer = setTimeout(save, draftIntervalMs);
    });
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
      flush();
    };
  }, [actor, storage, definition]);
}
