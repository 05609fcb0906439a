import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import { isHiddenPath } from './visibility';
import { displayDate, resolveDateBound } from './widgets/normalise';

/** A date problem the schema cannot express: half-typed text, or a bound relative to today. */
export interface DateProblem {
  /** Pointer inside the step object (`/persons/0/birthday`). */
  path: string;
  messageId: 'engine.error.date-incomplete' | 'engine.error.date-invalid' | 'engine.error.date-min' | 'engine.error.date-max';
  /** The bound, shown `DD.MM.YYYY`. */
  date?: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Every `ui:widget: 'date'` field of a step with its bounds, as concrete pointers over `formData`. */
function dateFields(schema: RJSFSchema, ui: UiSchema | undefined, data: unknown, path: string[], out: { path: string[]; options: Record<string, unknown> }[]) {
  if (schema.type === 'object' && isRecord(schema.properties)) {
    for (const [name, child] of Object.entries(schema.properties)) {
      if (!isRecord(child)) continue;
      const childUi = isRecord(ui?.[name]) ? (ui?.[name] as UiSchema) : undefined;
      dateFields(child as RJSFSchema, childUi, isRecord(data) ? data[name] : undefined, [...path, name], out);
    }
    return;
  }
  if (schema.type === 'array' && isRecord(schema.items) && Array.isArray(data)) {
    const itemsUi = isRecord(ui?.items) ? (ui?.items as UiSchema) : undefined;
    data.forEach((row, i) => dateFields(schema.items as RJSFSchema, itemsUi, row, [...path, String(i)], out));
    return;
  }
  if (ui?.['ui:widget'] === 'date') out.push({ path, options: isRecord(ui['ui:options']) ? ui['ui:options'] : {} });
}

/**
 * The date problems of a step's data: fields whose text is typed but not a complete date (`drafts`
 * holds the text by widget id, `idOf` turns a path into that id) and dates outside their
 * `ui:options` `min`/`max` (`'today'` or ISO). Hidden fields are skipped.
 */
export function dateProblems(
  schema: RJSFSchema,
  uiSchema: UiSchema | undefined,
  formData: unknown,
  options: { hidden: readonly string[]; drafts: ReadonlyMap<string, string>; idOf: (path: string[]) => string; today?: Date },
): DateProblem[] {
  const fields: { path: string[]; options: Record<string, unknown> }[] = [];
  dateFields(schema, uiSchema, formData, [], fields);
  const problems: DateProblem[] = [];
  for (const field of fields) {
    const pointer = `/${field.path.join('/')}`;
    if (isHiddenPath(pointer, options.hidden)) continue;
    let value: unknown = formData;
    for (const segment of field.path) value = isRecord(value) || Array.isArray(value) ? (value as Record<string, unknown>)[segment] : undefined;
    if (typeof value !== 'string' || value === '') {
      const draft = options.drafts.get(options.idOf(field.path));
      // Typed whole (`31.02.2027`) but no day of the calendar: asking for the full date would puzzle.
      if (draft) problems.push({ path: pointer, messageId: /^\d{2}\.\d{2}\.\d{4}$/.test(draft) ? 'engine.error.date-invalid' : 'engine.error.date-incomplete' });
      continue;
    }
    const min = resolveDateBound(field.options.min, options.today);
    const max = resolveDateBound(field.options.max, options.today);
    if (min && value < min) problems.push({ path: pointer, messageId: 'engine.error.date-min', date: displayDate(min) });
    else if (max && value > max) problems.push({ path: pointer, messageId: 'engine.error.date-max', date: displayDate(max) });
  }
  return problems;
}
