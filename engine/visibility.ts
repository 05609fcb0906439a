import type { ErrorSchema, RJSFValidationError, UiSchema, ValidatorType } from '@rjsf/utils';
import type { FlowData, Guard, MachineRules, StepDefinition } from './definition';
import { isRecord } from './is-record';
import { pathSegments } from './paths';

/**
 * Conditional fields (`MachineRules.show`) and registry-filled fields (`MachineRules.lock`): a key
 * names a field of a step — `step.field`, `step.object.field` or `step.rows[].field` (row level) —
 * and its guard decides whether the field is shown, or read-only. A hidden field is not rendered and
 * none of its validation errors count; a locked field is drawn read-only and still validated.
 */

/** A parsed `show` key: the step, then property names; `[]` after a name walks every row of that array. */
export interface ShowKey {
  step: string;
  segments: { name: string; rows: boolean }[];
}

/** Splits a `show` key; throws when it has no field part or an empty segment. */
export function parseShowKey(key: string): ShowKey {
  const [step, ...rest] = key.split('.');
  if (!step || rest.length === 0 || rest.some((s) => s === '' || s === '[]')) {
    throw new Error(`show rule "${key}" is not "<step>.<field>" or "<step>.<array>[].<field>"`);
  }
  const segments = rest.map((s) => (s.endsWith('[]') ? { name: s.slice(0, -2), rows: true } : { name: s, rows: false }));
  if (segments.at(-1)?.rows) throw new Error(`show rule "${key}" must end on a field, not on rows`);
  return { step, segments };
}

/**
 * Paths of `step`'s fields named by a rule map (`show` or `lock`) whose guard answers `wanted` for
 * `data`. Row rules give the guard the row they stand in. Throws when a rule names an undefined guard.
 */
function pathsWhere<D extends FlowData>(
  rules: Readonly<Record<string, string>> | undefined,
  guards: MachineRules<D>['guards'],
  step: string,
  data: D,
  wanted: boolean,
): string[] {
  const found: string[] = [];
  for (const [key, guardName] of Object.entries(rules ?? {})) {
    const parsed = parseShowKey(key);
    if (parsed.step !== step) continue;
    const guard: Guard<D> | undefined = guards[guardName];
    if (!guard) throw new Error(`rule "${key}" names unknown guard "${guardName}"`);
    const walk = (node: unknown, index: number, path: string, row: Record<string, unknown> | undefined) => {
      const segment = parsed.segments[index];
      if (!segment) {
        if (guard(data, row) === wanted) found.push(path);
        return;
      }
      const here = `${path}/${segment.name}`;
      if (!segment.rows) {
        walk(isRecord(node) ? node[segment.name] : undefined, index + 1, here, row);
        return;
      }
      const rows = isRecord(node) ? node[segment.name] : undefined;
      if (!Array.isArray(rows)) return;
      rows.forEach((value, i) => walk(value, index + 1, `${here}/${i}`, isRecord(value) ? value : {}));
    };
    walk(data[step], 0, '', undefined);
  }
  return found.sort();
}

/**
 * JSON-pointer-like paths (`/holder/citizenship`, `/persons/1/pinfl`) of the fields of `step` that the
 * definition's `show` rules hide for `data`. Row rules give the guard the row they stand in.
 * Throws when a rule names a guard the definition does not define.
 */
export function hiddenPaths<D extends FlowData>(rules: Pick<MachineRules<D>, 'show' | 'guards'>, step: string, data: D): string[] {
  return pathsWhere(rules.show, rules.guards, step, data, false);
}

/**
 * Whether the `show` rules hide every field a form step draws for `data` (OSAGO's drivers for any
 * driver): the step would ask nothing, so the flow passes it over as a skip rule would. A step
 * that draws no field whatever the data (one that only says something) is not such a step.
 */
export function showsNothing<D extends FlowData>(rules: Pick<MachineRules<D>, 'show' | 'guards'>, step: Pick<StepDefinition, 'id' | 'schema' | 'uiSchema'>, data: D): boolean {
  const properties = Object.keys(step.schema?.properties ?? {});
  const hidden = new Set(hiddenPaths(rules, step.id, data));
  const ui = (step.uiSchema ?? {}) as Record<string, { 'ui:widget'?: unknown } | undefined>;
  return properties.some((name) => hidden.has(`/${name}`)) && properties.every((name) => hidden.has(`/${name}`) || ui[name]?.['ui:widget'] === 'hidden');
}

/**
 * Paths of the fields of `step` that the definition's `lock` rules make read-only for `data`: what a
 * registry filled in, until the visitor asks to edit it. Throws on an undefined guard.
 */
export function lockedPaths<D extends FlowData>(rules: Pick<MachineRules<D>, 'lock' | 'guards'>, step: string, data: D): string[] {
  return pathsWhere(rules.lock, rules.guards, step, data, true);
}

/** Paths of every field of `step` a `lock` rule governs, locked for `data` or not: the fields a registry lookup fills. */
export function registryPaths<D extends FlowData>(rules: Pick<MachineRules<D>, 'lock' | 'guards'>, step: string, data: D): string[] {
  return [...pathsWhere(rules.lock, rules.guards, step, data, true), ...pathsWhere(rules.lock, rules.guards, step, data, false)].sort();
}

/** Whether `path` is one of `hidden` or lies inside one of them. */
export function isHiddenPath(path: string, hidden: readonly string[]): boolean {
  return hidden.some((h) => path === h || path.startsWith(`${h}/`));
}

/** What a path of the tree marks: the field is hidden (`show`) or read-only (`lock`). */
type Mark = 'hidden' | 'locked';

interface MarkTree {
  marks: Set<Mark>;
  children: Record<string, MarkTree>;
}

function addPaths(root: MarkTree, paths: readonly string[], mark: Mark): void {
  for (const path of paths) {
    let node = root;
    for (const segment of pathSegments(path)) {
      node.children[segment] ??= { marks: new Set(), children: {} };
      node = node.children[segment];
    }
    node.marks.add(mark);
  }
}

type UiItems = UiSchema | ((item: unknown, index: number) => UiSchema);

function applyTree(ui: UiSchema, tree: MarkTree): UiSchema {
  let next: UiSchema = { ...ui };
  if (tree.marks.has('hidden')) next = { ...next, 'ui:widget': 'hidden' };
  if (tree.marks.has('locked')) next = { ...next, 'ui:readonly': true };
  const rows: Record<number, MarkTree> = {};
  for (const [segment, child] of Object.entries(tree.children)) {
    if (/^\d+$/.test(segment)) rows[Number(segment)] = child;
    else next[segment] = applyTree(isRecord(ui[segment]) ? (ui[segment] as UiSchema) : {}, child);
  }
  if (Object.keys(rows).length > 0) {
    const items = ui.items as UiItems | undefined;
    const itemsAt = (item: unknown, index: number): UiSchema =>
      (typeof items === 'function' ? items(item, index) : isRecord(items) ? (items as UiSchema) : {});
    // rjsf asks for each row's uiSchema by index, so one row can hide or lock what another shows.
    next.items = (item: unknown, index: number) => {
      const row = rows[index];
      return row ? applyTree(itemsAt(item, index), row) : itemsAt(item, index);
    };
  }
  return next;
}

/**
 * `uiSchema` with `ui:widget: 'hidden'` on every hidden path and `ui:readonly: true` on every locked
 * one (rows get a per-index `items`); the very object when neither list names a field.
 */
export function withRuledFields(uiSchema: UiSchema | undefined, hidden: readonly string[], locked: readonly string[]): UiSchema | undefined {
  if (hidden.length === 0 && locked.length === 0) return uiSchema;
  const tree: MarkTree = { marks: new Set(), children: {} };
  addPaths(tree, hidden, 'hidden');
  addPaths(tree, locked, 'locked');
  return applyTree(uiSchema ?? {}, tree);
}

/**
 * The uiSchema node of the field at `pointer` (`/persons/0/firstName`): a row index steps into
 * `items`, which `withRuledFields` turns into rjsf's per-row function when a rule marks rows.
 */
export function uiSchemaAt(uiSchema: UiSchema | undefined, pointer: string): UiSchema | undefined {
  let node: UiSchema | undefined = uiSchema;
  for (const segment of pathSegments(pointer)) {
    if (!node) return undefined;
    const items: unknown = node.items;
    if (!/^\d+$/.test(segment)) node = node[segment] as UiSchema | undefined;
    else if (typeof items === 'function') node = (items as (item: unknown, index: number) => UiSchema)(undefined, Number(segment));
    else node = (Array.isArray(items) ? items[Number(segment)] : items) as UiSchema | undefined;
  }
  return node;
}

/** The pointer of an rjsf validation error: `.persons.0.citizenship` → `/persons/0/citizenship`. */
export function errorPointer(error: RJSFValidationError): string {
  const property = error.property ?? '';
  return property === '.' ? '' : `/${property.replace(/^\./, '').split('.').join('/')}`;
}

function pruneErrorSchema(schema: ErrorSchema, hidden: readonly string[], path = ''): ErrorSchema {
  const copy: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '__errors') {
      copy[key] = value;
      continue;
    }
    const child = `${path}/${key}`;
    if (isHiddenPath(child, hidden)) continue;
    if (!isRecord(value)) {
      copy[key] = value;
      continue;
    }
    // A row left without any error disappears, as if the validator had never named it.
    const pruned = pruneErrorSchema(value as ErrorSchema, hidden, child);
    if (Object.keys(pruned).length > 0) copy[key] = pruned;
  }
  return copy as ErrorSchema;
}

/**
 * A validator answering like `validator` minus every error inside a hidden field, so a field that is
 * required when shown is not required while hidden. The precompiled validator stays the one that runs.
 */
export function withoutHiddenErrors(validator: ValidatorType, hidden: readonly string[]): ValidatorType {
  if (hidden.length === 0) return validator;
  return {
    validateFormData: (...args: Parameters<ValidatorType['validateFormData']>) => {
      const result = validator.validateFormData(...args);
      return {
        ...result,
        errors: result.errors.filter((e) => !isHiddenPath(errorPointer(e), hidden)),
        errorSchema: pruneErrorSchema(result.errorSchema, hidden),
      };
    },
    isValid: (...args: Parameters<ValidatorType['isValid']>) => validator.isValid(...args),
    rawValidation: <Result = unknown>(schema: Parameters<ValidatorType['rawValidation']>[0], formData?: unknown) =>
      validator.rawValidation<Result>(schema, formData),
    reset: validator.reset ? () => validator.reset?.() : undefined,
  };
}

/**
 * What a `show` rule's guard answers for flow data: one answer for a field rule, one per row for a
 * row rule (`step.rows[].field`); no answer while the rows are absent.
 */
export function showRuleAnswers<D extends FlowData>(rules: Pick<MachineRules<D>, 'show' | 'guards'>, key: string, data: D): boolean[] {
  return ruleAnswers(rules.show, rules.guards, key, data);
}

/** What a `lock` rule's guard answers for flow data, as `showRuleAnswers` does for show rules. */
export function lockRuleAnswers<D extends FlowData>(rules: Pick<MachineRules<D>, 'lock' | 'guards'>, key: string, data: D): boolean[] {
  return ruleAnswers(rules.lock, rules.guards, key, data);
}

function ruleAnswers<D extends FlowData>(map: Readonly<Record<string, string>> | undefined, guards: MachineRules<D>['guards'], key: string, data: D): boolean[] {
  const guardName = map?.[key];
  const guard = guardName ? guards[guardName] : undefined;
  if (!guard) return [];
  const [stepId = '', ...segments] = key.split('.');
  const rowsAt = segments.findIndex((segment) => segment.endsWith('[]'));
  if (rowsAt < 0) return [guard(data)];
  let node: unknown = (data as FlowData)[stepId];
  for (const segment of segments.slice(0, rowsAt + 1)) node = isRecord(node) ? node[segment.replace(/\[\]$/, '')] : undefined;
  return Array.isArray(node) ? node.filter(isRecord).map((row) => guard(data, row)) : [];
}

/** Paths of the fields of `step` a variant's preset fixes (drawn read-only, like locked fields). */
export function presetPaths(preset: Readonly<Record<string, Record<string, unknown> | undefined>> | undefined, step: string): string[] {
  return Object.keys(preset?.[step] ?? {}).map((field) => `/${field}`).sort();
}
