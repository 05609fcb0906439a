import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** What a state names: a guard or an action, by its name or as `{ type, params }`; an inline function names nothing. */
const nameOf = (named: unknown): string | null => {
  if (typeof named === 'string') return named;
  if (typeof named === 'object' && named !== null && 'type' in named && typeof named.type === 'string') return named.type;
  return null;
};

/** The guard names a transition's guard uses, also inside `and` and `not` (which keep their guards as `guards`). */
const guardNames = (guard: unknown): string[] => {
  if (typeof guard === 'function') return 'guards' in guard && Array.isArray(guard.guards) ? guard.guards.flatMap(guardNames) : [];
  const name = nameOf(guard);
  return name === null ? [] : [name];
};

/**
 * Each guard, action and actor a machine's states name that its implementations lack, with where
 * (`flow.car.idle on step.next: action "clearEror"`). XState passes over an action it does not know,
 * and finds a guard missing only when a transition asks it, so this walks every state. The flow
 * machine's own states are typed against what it implements (`FlowStateConfig`); this is what
 * catches a name that reaches a machine past its types.
 */
export function unimplementedNames(machine: Pick<AnyStateMachine, 'root' | 'implementations'>): string[] {
  const { guards, actions, actors } = machine.implementations;
  const problems: string[] = [];
  const checkActions = (where: string, list: readonly unknown[]) => {
    for (const name of list.map(nameOf)) if (name !== null && !(name in actions)) problems.push(`${where}: action "${name}"`);
  };
  const visit = (node: AnyStateNode) => {
    checkActions(`${node.id} entry`, node.entry);
    checkActions(`${node.id} exit`, node.exit);
    for (const { src } of node.invoke) if (typeof src === 'string' && !(src in actors)) problems.push(`${node.id}: actor "${src}"`);
    for (const transition of [...[...node.transitions.values()].flat(), ...(node.always ?? [])]) {
      const where = transition.eventType ? `${node.id} on ${transition.eventType}` : `${node.id} always`;
      for (const name of guardNames(transition.guard)) if (!(name in guards)) problems.push(`${where}: guard "${name}"`);
      checkActions(where, transition.actions);
    }
    for (const child of Object.values(node.states)) visit(child);
  };
  visit(machine.root);
  return problems;
}
