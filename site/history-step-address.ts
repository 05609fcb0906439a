import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { StepAddress } from './product-flow';

/**
 * A flow page's `?step=` kept in the browser's own history, for a page whose scripts bring no router
 * (the flow island, site/flow-main.tsx). Back and forward arrive as `popstate`; the flow's own moves
 * are written with pushState/replaceState and announced to the subscribers here.
 */

const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

const currentSearch = () => window.location.search;

/** Drawn on the server (and while hydrating what it drew): no step in the address yet. */
const serverSearch = () => '';

/** `search` with `step` set, every other parameter (`ad`…) kept. */
function withStep(search: string, stepId: string): string {
  const params = new URLSearchParams(search);
  params.set('step', stepId);
  return `?${params.toString()}`;
}

let newBuildDeployed = false;

/**
 * A new build was deployed since this page loaded: the next step the visitor moves to is loaded as a
 * page, with the new build's scripts (the flow resumes there from its draft, written as it moved).
 */
export function loadNextStepAnew(): void {
  newBuildDeployed = true;
}

/** Writes the step into the address; `afterChange` runs once it is there (e.g. to mend links that carry the query). */
export function writeStep(stepId: string, mode: 'push' | 'replace', afterChange?: () => void): void {
  const address = () => `${window.location.pathname}${withStep(window.location.search, stepId)}${window.location.hash}`;
  if (mode === 'push' && newBuildDeployed) {
    // Not announced: the flow, which has moved on, must not be sent back to the step the address still names.
    window.location.assign(address());
    return;
  }
  const write = () => {
    const url = address();
    if (mode === 'push') window.history.pushState(window.history.state, '', url);
    else window.history.replaceState(window.history.state, '', url);
    afterChange?.();
  };
  if (mode === 'push' || new URLSearchParams(window.location.search).has('step')) {
    write();
    for (const listener of listeners) listener();
    return;
  }
  // Recording the step a flow opened on (the address had none) changes nothing drawn: the flow shows
  // it already. Written in the effects that follow hydration, React would find the address changed
  // since it drew and redraw the whole flow at once, hydrating what it had not yet: one long task on
  // a phone. So it is written in a task of its own, unannounced (the next redraw reads it), unless
  // the flow has moved on meanwhile.
  setTimeout(() => {
    if (!new URLSearchParams(window.location.search).has('step')) write();
  }, 0);
}

/**
 * The address that opens the flow of the page at `pathname` on `stepId`, with the live query (`ad`
 * and the rest), also while hydrating: the link is not drawn, only handed to payment providers.
 */
export function stepHrefAt(pathname: string, stepId: string): string {
  return `${pathname}${withStep(typeof window === 'undefined' ? '' : window.location.search, stepId)}`;
}

/**
 * The step address of the page at `pathname`, read from and written to the browser's history.
 * `afterChange` runs whenever the address changed: written by the flow, or moved by the browser's
 * back and forward (what carries the query, such as the page's language links, then names the step shown).
 */
export function useHistoryStepAddress(pathname: string, afterChange?: () => void): StepAddress {
  const search = useSyncExternalStore(subscribe, currentSearch, serverSearch);
  useEffect(() => {
    if (!afterChange) return;
    window.addEventListener('popstate', afterChange);
    return () => window.removeEventListener('popstate', afterChange);
  }, [afterChange]);
  const step = new URLSearchParams(search).get('step');
  const onStepChange = useCallback((stepId: string, mode: 'push' | 'replace') => writeStep(stepId, mode, afterChange), [afterChange]);
  const stepHref = useCallback((stepId: string) => stepHrefAt(pathname, stepId), [pathname]);
  return useMemo(() => ({ step, onStepChange, stepHref }), [step, onStepChange, stepHref]);
}
