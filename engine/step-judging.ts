import type { I18n } from '@lingui/core';
import type { FormValidation, RJSFSchema, RJSFValidationError, UiSchema } from '@rjsf/utils';
import type { FieldErrors, FlowData, LookupBinding, MachineRules, StepDefinition } from './definition';
import { createTransformErrors, withoutUnfillableRequired } from './error-messages';
import type { JudgingKit } from './judging-kit';
import type { FlowActor } from './machine';
import type { TypedChanges } from './widgets/deferred-change';

/*
 * Judging a step form at its Next and after: what waits before it is judged, the messages of its
 * errors, which fields the visitor has been asked for yet, and the field brought into view. No step
 * is judged before its first Next, so this loads with that Next (or when the page is idle), not with
 * the page; what it needs of the flow's own modules comes in the kit (engine/judging-kit.ts says why).
 */

/** The running flow as a step form's judging reads it: its registry lookups, live. */
export interface FlowReader {
  actor: FlowActor;
  lookups: readonly LookupBinding<never>[];
  rules: Pick<MachineRules<FlowData>, 'lock' | 'guards'>;
}

/** What a step form is judged on, as it stands. */
export interface FormView {
  step: StepDefinition;
  /** The step's ui schema with its rules applied (`withRuledFields`). */
  uiSchema: UiSchema | undefined;
  /** Pointers of the fields the show rules hide. */
  hidden: readonly string[];
  i18n: I18n;
  /** Half-typed dates by field id. */
  dateDrafts: ReadonlyMap<string, string>;
  fieldId: (path: string[]) => string;
  /** The flow's messages on the step's fields (and dates outside their bounds). */
  shownErrors: FieldErrors[string] | undefined;
  flow: FlowReader;
}

/** What a step form keeps of its judging from one Next to the next. */
export interface Judgement {
  /**
   * Once Next was refused, the form validates as the visitor types (rjsf's live validation); the
   * fields then shown or named are those it may call empty. Null until then, and during a submit.
   */
  judged: Set<string> | null;
  /**
   * What the registry had left for the visitor to type when Next was last pressed: a field it leaves
   * empty after that (a licence the registry has none of, for a driver typed since) is asked, and not
   * called empty before the next Next.
   */
  askedAtNext: Set<string>;
  /** A Next is waiting for typed keys or registry answers. */
  waiting: boolean;
}

const isEmpty = (value: unknown) => value === undefined || value === null || value === '';

/** Judging a step, on the kit of the flow's own helpers. */
export function stepJudging(kit: JudgingKit) {
  const { pathSegments, valueAt, errorPointer, registryPaths, allLookupJobs, rowPath, stepFields, dateProblems, unprintableProblems } = kit;
  const now = (flow: FlowReader) => flow.actor.getSnapshot().context;

  /** Runs `action` once the lookups under way have answered and their answers are in the form, and answers true; false when none is under way. */
  function afterLookups(flow: FlowReader, action: () => void): boolean {
    const looking = (snapshot: { context: { pending: object } }) => Object.keys(snapshot.context.pending).length > 0;
    if (!looking(flow.actor.getSnapshot())) return false;
    const subscription = flow.actor.subscribe((snapshot) => {
      if (looking(snapshot)) return;
      subscription.unsubscribe();
      // Once the answers are drawn into the form, which rjsf's submit reads.
      setTimeout(action, 0);
    });
    return true;
  }

  /**
   * Pointers of the fields of `step` that a lookup's answer left empty for the visitor to type (a
   * driving licence the registry has none of), and that are empty still.
   */
  function leftToVisitor(flow: FlowReader, step: string): string[] {
    const { lookupAnswers, data } = now(flow);
    const found: string[] = [];
    for (const [rowKey, answer] of Object.entries(lookupAnswers)) {
      const [index, row] = rowKey.split(':');
      const lookup = flow.lookups[Number(index)];
      if (!lookup || lookup.step !== step) continue;
      const base = rowPath(lookup.rows, row === 'self' ? null : Number(row));
      const object = valueAt(data[step], base);
      for (const [field, value] of Object.entries(answer)) {
        if (isEmpty(value) && isEmpty(valueAt(object, `/${field}`))) found.push(`${base}/${field}`);
      }
    }
    return found;
  }

  /**
   * Pointers of the fields of `step` a registry fills (a lock rule's) in a row that waits for the
   * registry: its inputs not complete yet, or asked and not answered. They are not the visitor's to
   * fill yet.
   */
  function awaitingRegistry(flow: FlowReader, step: string): string[] {
    const context = now(flow);
    const asked = new Set(Object.values(context.pending).map((job) => job.rowKey));
    const rows = allLookupJobs(flow.lookups, context.data)
      .filter((job) => flow.lookups[job.lookup]?.step === step && (job.key === null || asked.has(job.rowKey)))
      .map((job) => rowPath(flow.lookups[job.lookup]?.rows, job.row));
    if (rows.length === 0) return [];
    return registryPaths(flow.rules, step, context.data).filter((path) => rows.some((row) => path.startsWith(`${row}/`)));
  }

  /** rjsf's `transformErrors` for the form: the errors the visitor is told, in the page's language. */
  function formErrors(view: FormView, judgement: Judgement, errors: RJSFValidationError[]): RJSFValidationError[] {
    const { step, uiSchema, i18n, dateDrafts, fieldId, shownErrors, flow } = view;
    const askedNow = new Set(leftToVisitor(flow, step.id));
    const awaiting = new Set(awaitingRegistry(flow, step.id));
    // A date typed but not yet a date is said by its own message (`dateProblems`), not also as missing.
    const typedDate = (error: RJSFValidationError) => error.name === 'required' && Boolean(dateDrafts.get(fieldId(pathSegments(errorPointer(error)))));
    // A field with the flow's own message (a Cyrillic name it emptied: "use Latin letters") has that
    // message alone, not also "fill in this field" or the same words again from the schema.
    const saidByFlow = (error: RJSFValidationError) => shownErrors?.[errorPointer(error)] !== undefined;
    // A field that appeared after a refused Next (a show rule, an added row), that a registry is to
    // fill and has not answered for yet, or that the registry left to type since, is not yet called empty.
    const notYetAsked = (error: RJSFValidationError) => {
      if (error.name !== 'required') return false;
      const pointer = errorPointer(error);
      return (judgement.judged !== null && !judgement.judged.has(pointer)) || awaiting.has(pointer) || (askedNow.has(pointer) && !judgement.askedAtNext.has(pointer));
    };
    const shown = errors.filter((error) => !typedDate(error) && !saidByFlow(error) && !notYetAsked(error));
    const saidElsewhere = shownErrors !== undefined && Object.keys(shownErrors).length > 0;
    return createTransformErrors(i18n, kit)(withoutUnfillableRequired(shown, uiSchema, saidElsewhere, kit), uiSchema, step.schema);
  }

  /** rjsf's `customValidate` for the form: dates that are no dates or out of bounds, text a policy cannot print. */
  function formProblems(view: FormView, data: unknown, errors: FormValidation): FormValidation {
    const { step, hidden, i18n, dateDrafts, fieldId, shownErrors } = view;
    const fields = stepFields(step.schema as RJSFSchema, step.uiSchema, data, hidden);
    for (const problem of dateProblems(fields, { drafts: dateDrafts, idOf: fieldId })) {
      // A date outside its bounds is among the shown errors (from the flow's data, which the form's
      // catches up with before any submit): said here too, it showed twice while the flow caught up.
      if (shownErrors?.[problem.path] || problem.messageId === 'engine.error.date-min' || problem.messageId === 'engine.error.date-max') continue;
      addErrorAt(errors, problem.path, i18n._(problem.messageId, { date: problem.date }));
    }
    for (const { path, char } of unprintableProblems(fields)) addErrorAt(errors, path, i18n._('engine.error.unprintable', { char }));
    return errors;
  }

  /** Next was refused: the fields shown or named now are those the form may call empty as the visitor types. */
  function refused(view: FormView, judgement: Judgement, formData: unknown, errors: RJSFValidationError[]) {
    const shown = stepFields(view.step.schema as RJSFSchema, view.step.uiSchema, formData, view.hidden);
    judgement.judged = new Set([...shown.map((field) => field.pointer), ...errors.map(errorPointer)]);
  }

  /**
   * Next pressed (its submit about to reach rjsf, which reads its own data): `wait` while a typed key
   * is still on its way into the form, or a registry lookup it started (the names, a licence), the
   * submit then made again; `stop` when what the registry answered meanwhile left a field for the
   * visitor to type (a licence it has none of), which is shown and asked rather than refused;
   * else `go`, and every shown field is judged.
   */
  function atNext(view: FormView, judgement: Judgement, form: HTMLFormElement, typedChanges: TypedChanges, again: () => void): 'wait' | 'stop' | 'go' {
    const { flow, step, fieldId } = view;
    if (typedChanges.afterTyping(again) || afterLookups(flow, again)) {
      if (!judgement.waiting) judgement.askedAtNext = new Set(leftToVisitor(flow, step.id));
      judgement.waiting = true;
      return 'wait';
    }
    const waited = judgement.waiting;
    judgement.waiting = false;
    const newlyAsked = waited ? leftToVisitor(flow, step.id).filter((pointer) => !judgement.askedAtNext.has(pointer)) : [];
    if (showFirstField(form, fieldId, newlyAsked)) return 'stop';
    judgement.askedAtNext = new Set(leftToVisitor(flow, step.id));
    judgement.judged = null;
    return 'go';
  }

  /**
   * Focus on the first field in error as the visitor reads the step, top to bottom: rjsf names the
   * validator's first error, which a rule's message on a field above may follow, so the first control
   * drawn invalid wins (rjsf calls this once the errors are drawn). The whole field comes into view:
   * its label and message (a choice's "choose one" sits above its options), not only the control,
   * which the browser scrolls to the screen's edge, under the sticky price bar or away from what it
   * refers to.
   */
  function focusFieldInError(form: HTMLFormElement | null, fieldId: (path: string[]) => string, error: RJSFValidationError) {
    const invalid = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const drawnInvalid = invalid?.matches('[role="radiogroup"]') ? invalid.querySelector('input') : invalid;
    // A widget that does not mark itself invalid is still found by rjsf's name for it.
    const control = firstInDocument([drawnInvalid, fieldControl(form, fieldId(pathSegments(errorPointer(error))))]);
    if (control) showField(control);
  }

  /** Shows and focuses the first in the page of the fields at `pointers`; false when the form draws none of them. */
  function showFirstField(form: HTMLFormElement | null, fieldId: (path: string[]) => string, pointers: readonly string[]): boolean {
    const control = firstInDocument(pointers.map((pointer) => fieldControl(form, fieldId(pathSegments(pointer)))));
    if (control) showField(control);
    return control !== undefined;
  }

  return { formErrors, formProblems, refused, atNext, focusFieldInError, showFirstField };
}

export type StepJudging = ReturnType<typeof stepJudging>;

/** Adds `message` at `path` of rjsf's error handler, creating the nodes an absent value has none for. */
function addErrorAt(errors: FormValidation, path: string, message: string) {
  let node = errors as unknown as Record<string, unknown>;
  for (const segment of path.split('/').filter(Boolean)) {
    if (typeof node[segment] !== 'object' || node[segment] === null) {
      const created: { __errors: string[]; addError: (m: string) => void } = {
        __errors: [],
        addError(m: string) {
          this.__errors.push(m);
        },
      };
      node[segment] = created;
    }
    node = node[segment] as Record<string, unknown>;
  }
  (node as unknown as FormValidation).addError(message);
}

/** The element of `elements` that comes first in the page. */
function firstInDocument(elements: readonly (Element | null | undefined)[]): HTMLElement | undefined {
  return elements
    .filter((element) => element instanceof HTMLElement)
    .reduce<HTMLElement | undefined>((first, next) => (first && !(first.compareDocumentPosition(next) & Node.DOCUMENT_POSITION_PRECEDING) ? first : next), undefined);
}

/** The control rjsf draws for the field of element id `id` (a radio group's first option). */
function fieldControl(form: HTMLFormElement | null, id: string): HTMLElement | null {
  const named = form?.elements.namedItem(id);
  const control = (named instanceof RadioNodeList ? named[0] : named) ?? form?.querySelector(`input[id^="${id}"], button[id^="${id}"]`);
  return control instanceof HTMLElement ? control : null;
}

/** Focuses `control` with its whole field in view: its label and message, not only the control at the screen's edge. */
function showField(control: HTMLElement) {
  const field = control.closest<HTMLElement>('[data-field]') ?? control;
  const { top } = field.getBoundingClientRect();
  if (top < 0 || top > window.innerHeight / 2) field.scrollIntoView?.({ block: 'start' });
  control.focus({ preventScroll: true });
}
