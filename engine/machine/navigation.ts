import { and, not } from 'xstate';
import type { FlowTransition, Move, StepsProgress } from './types';

/** The id of the machine's root state; step states are `#flow.<stepId>`. */
export const FLOW_ID = 'flow';

export type MoveTransition = FlowTransition & {
  target: string;
  actions: { type: 'advance' | 'retreat'; params: Move }[];
};

type FlowGuardConfig = NonNullable<FlowTransition['guard']>;

const passedOver = (step: string) => ({ type: 'passOver' as const, params: { step } });
/** Every one of `guards`, each typed by the flow's guards (XState's `and` types a list of fixed length only). */
const allOf = (guards: FlowGuardConfig[]) => and(guards as never) as FlowGuardConfig;

/**
 * Guarded candidates for leaving step `index` of `ids` in `direction`: the nearest step that may not
 * be passed over (`passable`: those a skip or show rule may remove), each candidate guarded by "the
 * steps before it are passed over and it is not". The download step is reached only by a confirmed
 * payment, never by moving.
 */
export function moves(ids: readonly string[], passable: ReadonlySet<string>, index: number, direction: 1 | -1, downloadStep: string | null): MoveTransition[] {
  const from = ids[index] as string;
  const result: MoveTransition[] = [];
  const skippedBefore: string[] = [];
  for (let j = index + direction; j >= 0 && j < ids.length; j += direction) {
    const to = ids[j] as string;
    if (to === downloadStep) break;
    const mayPass = passable.has(to);
    const conditions: FlowGuardConfig[] = [...skippedBefore.map(passedOver), ...(mayPass ? [not(passedOver(to))] : [])];
    const transition: MoveTransition = {
      target: `#${FLOW_ID}.${to}`,
      actions: [{ type: direction === 1 ? 'advance' : 'retreat', params: { from, to, skipped: [...skippedBefore] } }],
    };
    if (conditions.length === 1) transition.guard = conditions[0];
    else if (conditions.length > 1) transition.guard = allOf(conditions);
    result.push(transition);
    if (!mayPass) break;
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
