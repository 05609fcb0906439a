import type { I18n } from '@lingui/core';
import type { RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { JudgingKit } from './judging-kit';

/*
 * The messages of a step form's validation errors: what the form says when Next is refused, or as
 * the visitor types after that. Loaded with the first Next (engine/step-judging.ts), not with the
 * page; what it needs of the flow's own modules comes in `kit` (engine/judging-kit.ts says why).
 */

type Kit = Pick<JudgingKit, 'formatPrice' | 'pathSegments' | 'errorPointer' | 'uiSchemaAt'>;

/** ajv keywords with a message of their own (`engine.error.<keyword>`); others get `engine.error.invalid`. */
export const ERROR_KEYWORDS = [
  'required', 'pattern', 'format', 'type', 'enum', 'const', 'minItems', 'maxItems', 'minLength', 'maxLength',
  'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'uniqueItems',
] as const;

/** ajv's params with large whole numbers grouped as the page writes amounts (`50 000 000`, not `50000000`). */
function readableParams(params: Record<string, unknown>, { formatPrice }: Kit): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(params).map(([key, value]) => [key, typeof value === 'number' && Number.isInteger(value) && Math.abs(value) >= 10_000 ? formatPrice(value) : value]),
  );
}

/** Widgets that choose among options: an answer missing there is "choose one of the options", not "fill in this field". */
const CHOICE_WIDGETS: ReadonlySet<unknown> = new Set(['select', 'radio', 'program-cards', 'combobox', 'toggle-button']);

/**
 * rjsf `transformErrors` translating through Lingui: an ajv-errors `errorMessage` is a message id
 * (`use_latin_alphabet`), any other keyword maps to `engine.error.<keyword>` with ajv's params.
 */
export function createTransformErrors(i18n: I18n, kit: Kit) {
  const { errorPointer, uiSchemaAt } = kit;
  return (errors: RJSFValidationError[], uiSchema?: UiSchema, schema?: unknown): RJSFValidationError[] => {
    const said = new Set<string>();
    return errors.flatMap((error) => {
      let name = error.name ?? '';
      const ui = uiSchemaAt(uiSchema, errorPointer(error));
      if (name === 'required' && CHOICE_WIDGETS.has(ui?.['ui:widget'])) name = 'enum';
      const node = () => schemaAt(schema, errorPointer(error), kit);
      const shape = SHAPE_KEYWORDS.has(name) ? shapeOf(ui, node()) : AMOUNT_KEYWORDS.has(name) && ui?.['ui:widget'] === 'money' ? amountOf(node(), kit) : null;
      const message = shape
        ? i18n._(shape.id, shape.values)
        : name === 'errorMessage' && error.message
          ? i18n._(error.message)
          : i18n._(
              (ERROR_KEYWORDS as readonly string[]).includes(name) ? `engine.error.${name}` : 'engine.error.invalid',
              readableParams((error.params ?? {}) as Record<string, unknown>, kit),
            );
      // A passport one digit short breaks its length and its pattern: said once.
      const key = `${error.property ?? ''}\u0000${message}`;
      if (said.has(key)) return [];
      said.add(key);
      return [{ ...error, message, stack: message }];
    });
  };
}

/** What a value of a fixed shape breaks when it is mistyped: its length, its pattern. */
const SHAPE_KEYWORDS: ReadonlySet<string> = new Set(['minLength', 'maxLength', 'pattern']);

/**
 * The one message of a widget whose value has a fixed shape (a passport's letters and digits, a
 * phone's nine digits, a plate's letters and digits), which says what to type instead of "at least 9 characters" and "the wrong format".
 */
function shapeOf(ui: UiSchema | undefined, node: Record<string, unknown> | undefined): { id: string; values?: Record<string, unknown> } | null {
  const widget = ui?.['ui:widget'];
  if (widget === 'passport') {
    const letters = Number((ui?.['ui:options'] as { seriesLength?: unknown } | undefined)?.seriesLength ?? 2);
    return { id: 'engine.error.passport', values: { letters, example: letters === 3 ? 'AAF0390422' : 'AA1234567' } };
  }
  if (widget === 'plate') return { id: 'engine.error.plate' };
  if (widget === 'document') return { id: 'engine.error.document', values: { min: node?.minLength ?? 1, max: node?.maxLength ?? 15 } };
  return widget === 'phone' ? { id: 'engine.error.phone' } : null;
}

/** What an amount out of its bounds breaks: its least, its most, its step. */
const AMOUNT_KEYWORDS: ReadonlySet<string> = new Set(['minimum', 'maximum', 'multipleOf']);

/** The schema node of the property at `pointer` (`/persons/0/amount`): a row index steps into `items`. */
function schemaAt(schema: unknown, pointer: string, { pathSegments }: Kit): Record<string, unknown> | undefined {
  let node = schema as Record<string, unknown> | undefined;
  for (const segment of pathSegments(pointer)) {
    const next = /^\d+$/.test(segment) ? node?.items : (node?.properties as Record<string, unknown> | undefined)?.[segment];
    node = typeof next === 'object' && next !== null ? (next as Record<string, unknown>) : undefined;
  }
  return node;
}

/**
 * The one message of an amount typed out of its bounds or between two of its steps (a sum insured):
 * the whole range, and the step, in the page's words (`from 1 000 000 to 50 000 000 UZS, in steps of
 * 500 000`), instead of "at least 1 000 000" and "a multiple of 500 000" one under the other.
 */
function amountOf(property: Record<string, unknown> | undefined, { formatPrice }: Kit): { id: string; values: Record<string, unknown> } | null {
  const { minimum, maximum, multipleOf } = property ?? {};
  if (typeof minimum !== 'number' || typeof maximum !== 'number') return null;
  const values = { minimum: formatPrice(minimum), maximum: formatPrice(maximum) };
  return typeof multipleOf === 'number' && multipleOf > 1 ? { id: 'engine.error.amount_step', values: { ...values, step: formatPrice(multipleOf) } } : { id: 'engine.error.amount', values };
}

/**
 * `errors` without "fill in this field" on the fields the visitor cannot fill (read-only: a lookup's
 * answer, a value worked out from others) while something else on the step says what to do (another
 * error, or `otherErrors`: the flow's own, such as a lookup that found nobody or dates in the wrong
 * order). Alone it stays, so a refused Next is never left unexplained.
 */
export function withoutUnfillableRequired(errors: RJSFValidationError[], uiSchema: UiSchema | undefined, otherErrors: boolean, { errorPointer, uiSchemaAt }: Kit): RJSFValidationError[] {
  const unfillable = (error: RJSFValidationError) => error.name === 'required' && uiSchemaAt(uiSchema, errorPointer(error))?.['ui:readonly'] === true;
  const explained = otherErrors || errors.some((error) => !unfillable(error));
  return explained ? errors.filter((error) => !unfillable(error)) : errors;
}
