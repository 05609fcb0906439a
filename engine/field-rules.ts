import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { isRecord } from './is-record';
import { isHiddenPath } from './visibility';
import { firstUnprintable } from './printable-text';
import { displayDate, resolveDateBound } from './widgets/normalise';

/** A date problem the schema cannot express: half-typed text, or a bound relative to today. */
export interface DateProblem {
  /** Pointer inside the step object (`/persons/0/birthday`). */
  path: string;
  messageId: 'engine.error.date-incomplete' | 'engine.error.date-invalid' | 'engine.error.date-min' | 'engine.error.date-max';
  /** The bound, shown `DD.MM.YYYY`. */
  date?: string;
}

interface Leaf {
  path: string[];
  schema: RJSFSchema;
  ui: UiSchema | undefined;
}

/** Every leaf field of a step (what is neither object nor array) with its uiSchema, as concrete paths over `formData`. */
function leafFields(schema: RJSFSchema, ui: UiSchema | undefined, data: unknown, path: string[], out: Leaf[]) {
  if (schema.type === 'object' && isRecord(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (!isRecord(child)) continue;
      const childUi = isRecord(ui?.[name]) ? (ui?.[name] as UiSchema) : undefined;
      leafFields(child as RJSFSchema, childUi, isRecord(data) ? data[name] : undefined, [...path, name], out);
    }
    return;
  }
  if (schema.type === 'array' && isRecord(schema.items) && Array.isArray(data)) {
    const itemsUi = isRecord(ui?.items) ? (ui?.items as UiSchema) : undefined;
    data.forEach((row, i) => leafFields(schema.items as RJSFSchema, itemsUi, row, [...path, String(i)], out));
    return;
  }
  out.push({ path, schema, ui });
}

/** A shown field of a step's data: its path, pointer, schema, uiSchema and value. */
export type StepField = Leaf & { pointer: string; value: unknown };

/** The shown leaf fields of a step, each with its pointer and value: walked once per validation, read by each rule below. */
export function stepFields(schema: RJSFSchema, uiSchema: UiSchema | undefined, formData: unknown, hidden: readonly string[]): StepField[] {
  const leaves: Leaf[] = [];
  leafFields(schema, uiSchema, formData, [], leaves);
  return leaves
    .map((leaf) => {
      let value: unknown = formData;
      for (const segment of leaf.path) value = isRecord(value) || Array.isArray(value) ? (value as Record<string, unknown>)[segment] : undefined;
      return { ...leaf, pointer: `/${leaf.path.join('/')}`, value };
    })
    .filter((leaf) => !isHiddenPath(leaf.pointer, hidden));
}

/** Whether a step has a date field bounded relative to today or a day (`ui:options` `min`/`max`), anywhere in its uiSchema. */
export function hasBoundedDate(ui: unknown): boolean {
  if (!isRecord(ui)) return false;
  const options = ui['ui:options'];
  if (ui['ui:widget'] === 'date' && isRecord(options) && (options.min !== undefined || options.max !== undefined)) return true;
  return Object.entries(ui).some(([key, child]) => !key.startsWith('ui:') && hasBoundedDate(child));
}

/**
 * Text fields holding a character a policy cannot print (an emoji), each with the first such
 * character. A field with a pattern of its own says in its own words what it takes.
 */
export function unprintableProblems(fields: readonly StepField[]): { path: string; char: string }[] {
  return fields.flatMap(({ pointer, value, schema: field }) => {
    const char = typeof value === 'string' && field.pattern === undefined ? firstUnprintable(value) : undefined;
    return char === undefined ? [] : [{ path: pointer, char }];
  });
}

/**
 * The date problems of a step's shown fields (`stepFields`): fields whose text is typed but not a complete date (`drafts`
 * holds the text by widget id, `idOf` turns a path into that id) and dates outside their
 * `ui:options` `min`/`max` (`'today'`, `'today+<days>'` or ISO).
 */
export function dateProblems(
  fields: readonly StepField[],
  options: { drafts: ReadonlyMap<string, string>; idOf: (path: string[]) => string; today?: Date },
): DateProblem[] {
  const problems: DateProblem[] = [];
  for (const field of fields) {
    if (field.ui?.['ui:widget'] !== 'date') continue;
    const { pointer, value } = field;
    const bounds = isRecord(field.ui['ui:options']) ? field.ui['ui:options'] : {};
    if (typeof value !== 'string' || value === '') {
      const draft = options.drafts.get(options.idOf(field.path));
      // Typed whole (`31.02.2027`) but no day of the calendar: asking for the full date would puzzle.
      if (draft) problems.push({ path: pointer, messageId: /^\d{2}\.\d{2}\.\d{4}$/.test(draft) ? 'engine.error.date-invalid' : 'engine.error.date-incomplete' });
      continue;
    }
    const min = resolveDateBound(bounds.min, options.today);
    const max = resolveDateBound(bounds.max, options.today);
    if (min && value < min) problems.push({ path: pointer, messageId: 'engine.error.date-min', date: displayDate(min) });
    else if (max && value > max) problems.push({ path: pointer, messageId: 'engine.error.date-max', date: displayDate(max) });
  }
  return problems;
}
