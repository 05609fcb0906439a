/**
 * How a visitor fills flow data into a flow's step forms: per step, the inputs to type, tick and
 * choose (by the ids rjsf gives them and the widgets the uiSchemas name), skipping fields the show
 * rules hide and fields a lookup or a preset locked. The purchase plans and the claim plans are
 * written with it, so a browser test fills a claim as it fills a purchase.
 */
import type { CatalogOption, FlowData, MachineRules, StepDefinition } from '../../engine/definition';
import { hiddenPaths, isHiddenPath, lockedPaths, presetPaths } from '../../engine/visibility';
import { isoToDmy } from '../../products/kit/api/api-format';

/** One thing the visitor does on a step. `label` is a message id the catalogs translate. */
export type FormAction =
  | { kind: 'fill'; id: string; value: string }
  | { kind: 'check'; id: string; checked: boolean }
  | { kind: 'choose'; id: string }
  | { kind: 'select'; id: string; index: number }
  /** A combobox: the option's name typed (a message id, or a catalogue's own name), then the option of that value chosen. */
  | { kind: 'combo'; id: string; label: string; value: string }
  | { kind: 'selectValue'; id: string; value: string }
  /** A file of tests/fixtures handed to a file field (the sample's FileRef names it). */
  | { kind: 'upload'; id: string; file: string }
  | { kind: 'checkLabel'; within: string; label: string }
  | { kind: 'addRow'; id: string }
  | { kind: 'press'; id: string };

type Schema = { type?: string; enum?: unknown[]; properties?: Record<string, Schema>; items?: Schema; format?: string; minItems?: number };
type Ui = Record<string, unknown>;

const asRecord = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? value : {}) as Record<string, unknown>;

function orderedKeys(schema: Schema, ui: Ui): string[] {
  const keys = Object.keys(schema.properties ?? {});
  const order = Array.isArray(ui['ui:order']) ? (ui['ui:order'] as string[]) : [];
  const listed = order.filter((k) => k !== '*' && keys.includes(k));
  return [...listed, ...keys.filter((k) => !listed.includes(k))];
}

interface Context {
  step: string;
  hidden: string[];
  /** Read-only fields (a lookup filled them): nothing to type there. */
  locked: string[];
  options: Record<string, CatalogOption[]>;
  initial: unknown;
}

function leafActions(id: string, schema: Schema, ui: Ui, value: unknown, context: Context): FormAction[] {
  const uiOptions = asRecord(ui['ui:options']);
  const widget = typeof ui['ui:widget'] === 'string' ? ui['ui:widget'] : schema.type === 'boolean' ? 'checkbox' : schema.enum ? 'select' : 'text';
  if (widget === 'hidden' || ui['ui:readonly'] === true) return [];
  const list = typeof uiOptions.optionsFrom === 'string' ? context.options[uiOptions.optionsFrom] : undefined;
  const indexOf = (v: unknown) => (list ? list.findIndex((o) => o.value === v) : (schema.enum ?? []).indexOf(v));
  switch (widget) {
    case 'checkbox':
      return [{ kind: 'check', id, checked: value === true }];
    // A pressed button (the "edit" escape of a registry's answer) is off until pressed.
    case 'toggle-button':
      return value === true ? [{ kind: 'press', id }] : [];
    case 'date':
      return [{ kind: 'fill', id, value: isoToDmy(String(value), '.') }];
    case 'month': {
      const [year = '', month = ''] = String(value).split('-');
      return [{ kind: 'selectValue', id, value: month }, { kind: 'selectValue', id: `${id}-year`, value: year }];
    }
    case 'phone':
      return [{ kind: 'fill', id, value: String(value).replace(/^998/, '') }];
    case 'select':
      return [{ kind: 'select', id, index: indexOf(value) + 1 }];
    case 'combobox':
      return [{ kind: 'combo', id, label: list?.find((o) => o.value === value)?.label ?? String(value), value: String(value) }];
    case 'radio':
    case 'program-cards':
      return [{ kind: 'choose', id: `${id}-${indexOf(value)}` }];
    case 'country-multiselect':
      return (Array.isArray(value) ? value : []).map((v) => ({
        kind: 'checkLabel' as const,
        within: `${id}__list`,
        label: list?.find((o) => o.value === v)?.label ?? String(v),
      }));
    default:
      return [{ kind: 'fill', id, value: String(value) }];
  }
}

function fieldActions(path: (string | number)[], schema: Schema, ui: Ui, value: unknown, context: Context): FormAction[] {
  const id = ['flow-' + context.step, ...path].join('_');
  if (path.length > 0 && isHiddenPath(`/${path.join('/')}`, context.hidden)) return [];
  if (path.length > 0 && isHiddenPath(`/${path.join('/')}`, context.locked)) return [];
  // A file field holds a FileRef, whose name is the sample file to upload.
  if (ui['ui:field'] === 'file') return [{ kind: 'upload', id, file: `tests/fixtures/${String(asRecord(value).name)}` }];
  if (schema.type === 'object' && schema.properties) {
    const object = asRecord(value);
    return orderedKeys(schema, ui).flatMap((key) =>
      object[key] === undefined ? [] : fieldActions([...path, key], schema.properties?.[key] ?? {}, asRecord(ui[key]), object[key], context));
  }
  if (schema.type === 'array' && schema.items?.type === 'object') {
    const rows = Array.isArray(value) ? value : [];
    let initialRows: unknown = context.initial;
    for (const segment of path) initialRows = asRecord(initialRows)[segment];
    // The form draws at least `minItems` rows from the start (rjsf fills a short list up to it).
    const present = Math.max(Array.isArray(initialRows) ? initialRows.length : 0, schema.minItems ?? 0);
    const adds: FormAction[] = Array.from({ length: Math.max(0, rows.length - present) }, () => ({ kind: 'addRow', id: `${id}__add` }));
    return [...adds, ...rows.flatMap((row, i) => fieldActions([...path, i], schema.items ?? {}, asRecord(ui.items), row, context))];
  }
  return leafActions(id, schema, ui, value, context);
}

/** The form steps' actions that fill `data` into a flow declared by these steps, rules and initial data. */
export function formStepActions(
  flow: { steps: StepDefinition[]; machine: MachineRules<FlowData, never>; initialData: FlowData; preset?: Partial<Record<string, Record<string, unknown>>> },
  data: FlowData,
  options: Record<string, CatalogOption[]>,
): Record<string, FormAction[]> {
  const steps: Record<string, FormAction[]> = {};
  for (const step of flow.steps.filter((s) => (s.component ?? 'form') === 'form')) {
    const context: Context = {
      step: step.id,
      hidden: hiddenPaths(flow.machine, step.id, data),
      locked: [...presetPaths(flow.preset, step.id), ...lockedPaths(flow.machine, step.id, data)],
      options,
      initial: flow.initialData[step.id],
    };
    steps[step.id] = fieldActions([], step.schema as Schema, asRecord(step.uiSchema), data[step.id], context);
  }
  return steps;
}
