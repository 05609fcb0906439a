/**
 * The fields a step draws read-only (`ui:readonly`) are the flow's: a field effect or a lookup sets
 * them (an end of cover from its start, a person's names from the registry), never the visitor. A
 * form reporting its data from before the flow's last answer reached it (a key typed while the
 * answer waited for the keys before it, `useHeldWhileTyping`) would otherwise take them away, and the
 * page would show them empty.
 */

import { isRecord } from '../is-record';

/** A read-only field's path in its step object: property names, `[]` for every row of a list. */
export type OwnedPath = readonly string[];

/** The paths a step's ui schema draws read-only: its own fields, an object's, a list's rows'. */
export function readOnlyPaths(uiSchema: unknown, prefix: OwnedPath = []): OwnedPath[] {
  if (!isRecord(uiSchema)) return [];
  const paths: OwnedPath[] = [];
  for (const [key, ui] of Object.entries(uiSchema)) {
    if (key.startsWith('ui:') || !isRecord(ui)) continue;
    if (key === 'items') {
      paths.push(...readOnlyPaths(ui, [...prefix, '[]']));
      continue;
    }
    if (ui['ui:readonly'] === true) paths.push([...prefix, key]);
    else paths.push(...readOnlyPaths(ui, [...prefix, key]));
  }
  return paths;
}

/**
 * `reported` with the flow's value at `path` from `current`. Rows are matched by position only while
 * the report has as many as the flow: a row added or removed is the visitor's change, and the
 * remaining rows carry their own values.
 */
function withFlowValue(reported: unknown, current: unknown, path: OwnedPath): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return reported;
  if (head === '[]') {
    if (!Array.isArray(reported) || !Array.isArray(current) || reported.length !== current.length) return reported;
    return reported.map((row, i) => withFlowValue(row, current[i], rest));
  }
  if (!isRecord(reported)) return reported;
  const flowValue = isRecord(current) ? current[head] : undefined;
  if (rest.length === 0) {
    if (flowValue === reported[head]) return reported;
    const kept = { ...reported };
    if (flowValue === undefined) delete kept[head];
    else kept[head] = flowValue;
    return kept;
  }
  if (reported[head] === undefined) return reported;
  const inner = withFlowValue(reported[head], flowValue, rest);
  return inner === reported[head] ? reported : { ...reported, [head]: inner };
}

/** What a form reported of its step, with the flow's values in place at the step's read-only paths. */
export function withFlowOwned(reported: Record<string, unknown>, current: Record<string, unknown>, paths: readonly OwnedPath[]): Record<string, unknown> {
  let kept: unknown = reported;
  for (const path of paths) kept = withFlowValue(kept, current, path);
  return kept as Record<string, unknown>;
}
