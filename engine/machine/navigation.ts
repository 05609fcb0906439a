import { and, not } from 'xstate';
import type { StepsProgress } from './types';

/** The id of the machine's root state; step states are `#flow.<stepId>`. */
export const FLOW_ID = 'flow';

export interface Move {
  from: string;
  to: string;
  skipped: string[];
}

export type MoveTransition = {
  target: string;
  guard?: ReturnType<typeof and> | ReturnType<typeof not> | string;
  actions: { type: 'advance' | 'retreat'; params: Move }[];
};

/**
 * Guarded candidates for leaving step `index` of `ids` in `direction`: the nearest step no skip
 * rule removes, each candidate guarded by "the steps before it are skipped and it is not". The
 * download step is reached only by a confirmed payment, never by moving.
 */
export function moves(ids: readonly string[], skip: Readonly<Record<string, string>>, index: number, direction: 1 | -1, downloadStep: string | null): MoveTransition[] {
  const from = ids[index] as string;
  const result: MoveTransition[] = [];
  const skippedBefore: string[] = [];
  for (let j = index + direction; j >= 0 && j < ids.length; j += direction) {
    const to = ids[j] as string;
    if (to === downloadStep) break;
    const skipGuard = skip[to];
    const conditions = [...skippedBefore.map((id) => skip[id] as string), ...(skipGuard ? [not(skipGuard)] : [])];
    const transition: MoveTransition = {
      target: `#${FLOW_ID}.${to}`,
      actions: [{ type: direction === 1 ? 'advance' : 'retreat', params: { from, to, skipped: [...skippedBefore] } }],
    };
    if (conditions.length === 1) transition.guard = conditions[0];
    else if (conditions.length > 1) transition.guard = and(conditions as Parameters<typeof and>[0]);
    result.push(transition);
    if (!skipGuard) break;
    skippedBefore.push(to);
  }
  return result;
}

/**
 * Browser back/forward (`step.goto`): back to any open step; forward only over completed (or
 * skipped) steps, as pressing Next would have required.
 */
export function mayGoto(ids: readonly string[], steps: StepsProgress, isSkipped: (step: string) => boolean, from: string, to: string): boolean {
  if (steps[to]?.status !== 'active' || isSkipped(to)) return false;
  const fromIndex = ids.indexOf(from);
  const toIndex = ids.indexOf(to);
  if (toIndex < fromIndex) return true;
  return ids.slice(fromIndex, toIndex).every((id) => isSkipped(id) || steps[id]?.completed === true);
}
