import { memo, use, useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { deepEquals, type CustomValidator, type ErrorSchema, type RJSFSchema, type RJSFValidationError, type UiSchema, type ValidatorType } from '@rjsf/utils';
import type { FieldErrors, FlowData, FlowDefinition, MessageId, Price, StepDefinition } from './definition';
import type { FileSupport } from './files/on-demand';
import type { UploadTracker } from './files/upload-tracker';
import { dateProblems, hasBoundedDate, stepFields } from './field-rules';
import { judgingKit } from './judging-kit';
import type { FlowActor, FlowError } from './machine';
import { createTranslateString, fieldErrorsToErrorSchema } from './messages';
import { fieldPathOfId, type FieldPath } from './paths';
import { PriceAmount } from './price-box';
import { Spinner } from './spinner';
import type { FlowReader, FormView, Judgement, StepJudging } from './step-judging';
import { stepParts } from './step-parts';
import { stepValidator } from './step-validators';
import { theme } from './theme';
import { primaryButtonClass, secondaryButtonClass, type FlowFormContext } from './ui';
import { withoutHiddenErrors, withRuledFields } from './visibility';
import { TypedChanges, TypedChangesGate, useHeldWhileTyping } from './widgets/deferred-change';

/*
 * The current step's form: rjsf with the engine's theme, its Back and Next, and how the step is
 * judged when the visitor presses Next (what waits, what is asked yet, which field is shown).
 */

let judging: StepJudging | null = null;
/** Fetches what judges a step (its messages, what is asked yet, the field to show): with the first Next, or earlier when the page is idle. */
export const loadStepJudging = () => import('./step-judging').then((module) => (judging ??= module.stepJudging(judgingKit)));
/** Judging a step (engine/step-judging.ts): loaded by then, as a step is judged only once its Next made sure it is. */
function judge(): StepJudging {
  if (!judging) throw new Error('StepForm: a step is judged before its judging was loaded');
  return judging;
}

/** A save's upload, tracked for its panel: only in a flow with file fields. */
export interface Uploads {
  tracker: UploadTracker;
  Panel: FileSupport['UploadPanel'];
}

/** The running flow as the step form's judging reads it (`FlowReader`): the same object while the flow is. */
export function useFlowReader<D extends FlowData, C>(actor: FlowActor, definition: Pick<FlowDefinition<D, C>, 'binding' | 'machine'>): FlowReader {
  // The rules erased to the flow's data as the machine holds it: they read the data they are given.
  return useMemo(() => ({ actor, lookups: definition.binding.lookups ?? [], rules: definition.machine as unknown as FlowReader['rules'] }), [actor, definition]);
}

// A `const: true` consent box must be ticked by the visitor, not prefilled by rjsf.
const DEFAULTS_BEHAVIOUR = { constAsDefaults: 'never' } as const;

interface StepFormProps {
  step: StepDefinition;
  validator: ValidatorType | undefined;
  formData: Record<string, unknown> | undefined;
  fieldErrors: FieldErrors[string] | undefined;
  /** The flow's refusal of a field of this step (a step's call, the save): its field is brought into view and focused. */
  refusal: FlowError | null;
  /** The running flow: Next waits for its registry lookups; what they fill or leave to type is asked in its time. */
  flow: FlowReader;
  /** Shown beside Next on narrow screens, where the price panel sits below the form. */
  price: Price | null;
  /** Pointers of the fields the definition's `show` rules hide right now. */
  hidden: string[];
  /** Pointers of the fields the definition's `lock` rules make read-only right now. */
  locked: string[];
  loading: boolean;
  canGoBack: boolean;
  /** What Next says instead (the step that files a claim); `engine.next` by default. */
  nextLabel?: MessageId;
  formContext: FlowFormContext;
  /** The uploads of the step's save, drawn above its buttons (a flow with file fields). */
  uploads: Uploads | null;
  /** With the path of the field the visitor changed, when the report names one. */
  onFieldChange: (step: string, data: Record<string, unknown>, path: FieldPath | null) => void;
  /** Next was refused: the step's failed lookups are asked again. */
  onRefused: (step: string) => void;
  /** Without data: the step as the flow holds it. */
  onNext: (data: Record<string, unknown> | undefined) => void;
  onBack: () => void;
}

/**
 * The step's form once its widgets and validator are there (`stepParts`): at once when they were
 * loaded before, else the step waits for them under the nearest Suspense; when they fail to load,
 * the nearest error boundary says so (`StepBoundary`).
 */
export function ValidatedStepForm(props: Omit<StepFormProps, 'validator'>) {
  use(stepParts(props.step));
  return <StepForm {...props} validator={stepValidator(props.step.schema)} />;
}

/** One rjsf form; memoised because rjsf re-renders the whole tree on every prop change. */
const StepForm = memo(function StepForm(props: StepFormProps) {
  const { step, validator, formData, fieldErrors, price, hidden, locked, loading, canGoBack, uploads, onFieldChange, onRefused, onNext, onBack, nextLabel = 'engine.next' } = props;
  const { i18n } = useLingui();
  const idPrefix = `flow-${step.id}`;
  const formId = `${idPrefix}-form`;
  const form = useRef<Form>(null);
  // What the form keeps of its judging from one Next to the next (`Judgement`).
  const judgement = useRef<Judgement>({ judged: null, askedAtNext: new Set(), waiting: false });
  const [dateDrafts] = useState(() => new Map<string, string>());
  const [typedChanges] = useState(() => new TypedChanges());
  /** The element id rjsf gives the field at `path` (`flow-people_persons_1_birthday`), by which date drafts are kept. */
  const fieldId = useCallback((path: string[]) => [idPrefix, ...path].join('_'), [idPrefix]);
  // What the form last reported: when the flow's data comes back different, the form must show the flow's.
  const reported = useRef<Record<string, unknown> | undefined>(undefined);
  const lastReported = useRef<Record<string, unknown> | undefined>(undefined);
  const correctionCount = useRef(0);
  const corrections = useMemo(() => {
    if (reported.current !== undefined && !deepEquals(reported.current, formData ?? {})) correctionCount.current += 1;
    reported.current = undefined;
    return correctionCount.current;
  }, [formData]);
  const formContext = useMemo<FlowFormContext>(() => ({ ...props.formContext, dateDrafts, typedChanges, corrections }), [props.formContext, dateDrafts, typedChanges, corrections]);
  const uiSchema = useMemo(() => withRuledFields(step.uiSchema as UiSchema | undefined, hidden, locked), [step.uiSchema, hidden, locked]);
  const activeValidator = useMemo(() => (validator ? withoutHiddenErrors(validator, hidden) : undefined), [validator, hidden]);
  const boundedDates = useMemo(() => hasBoundedDate(step.uiSchema), [step.uiSchema]);
  /**
   * The flow's messages, and a date outside its bounds said at once rather than on Next: typed so,
   * or kept in a draft resumed after its day passed (a first day of cover now in the past). A flow's
   * own message on the date says it better; one message per field.
   */
  const shownErrors = useMemo(() => {
    if (!boundedDates) return fieldErrors;
    const fields = stepFields(step.schema as RJSFSchema, step.uiSchema as UiSchema | undefined, formData, hidden);
    const outside = dateProblems(fields, { drafts: new Map(), idOf: fieldId });
    if (outside.length === 0) return fieldErrors;
    const merged: NonNullable<typeof fieldErrors> = { ...fieldErrors };
    for (const { path, messageId, date } of outside) merged[path] ??= { id: messageId, values: { date: date ?? '' } };
    return merged;
  }, [boundedDates, fieldErrors, step.schema, step.uiSchema, formData, hidden, fieldId]);
  const { flow } = props;
  const view = useMemo<FormView>(() => ({ step, uiSchema, hidden, i18n, dateDrafts, fieldId, shownErrors, flow }), [step, uiSchema, hidden, i18n, dateDrafts, fieldId, shownErrors, flow]);
  const customValidate = useCallback<CustomValidator>((data, errors) => judge().formProblems(view, data, errors), [view]);
  const focusFirstError = useCallback((error: RJSFValidationError) => judge().focusFieldInError(document.getElementById(formId) as HTMLFormElement | null, fieldId, error), [formId, fieldId]);
  const { refusal } = props;
  useEffect(() => {
    const field = refusal?.field;
    if (!field) return;
    void loadStepJudging().then((judged) => judged.showFirstField(document.getElementById(formId) as HTMLFormElement | null, fieldId, [field.path]));
  }, [refusal, formId, fieldId]);
  const [submitted, setSubmitted] = useState(false);
  const translateString = useMemo(() => createTranslateString(i18n), [i18n]);
  const extraErrors = useMemo<ErrorSchema | undefined>(() => fieldErrorsToErrorSchema(shownErrors, i18n), [shownErrors, i18n]);
  const transformErrors = useCallback((errors: RJSFValidationError[]) => judge().formErrors(view, judgement.current, errors), [view]);
  const onChange = useCallback(
    (event: IChangeEvent, id?: string) => {
      const data = (event.formData ?? {}) as Record<string, unknown>;
      reported.current = data;
      lastReported.current = data;
      // A report made by a field names it: the flow takes that field's value alone (see `field.changed`).
      onFieldChange(step.id, data, id === undefined ? null : fieldPathOfId(id, idPrefix, step.schema));
    },
    [onFieldChange, step.id, step.schema, idPrefix],
  );
  const onSubmit = useCallback(
    (event: IChangeEvent) => {
      setSubmitted(true);
      // Rjsf submits its own state, which the flow's answer to the last change (an end date set from
      // the start date, a lookup's answer) may not have reached yet when the submit waited for that
      // change: the form's data holding nothing new, the flow's goes on, not the form's without it.
      const submittedData = (event.formData ?? {}) as Record<string, unknown>;
      onNext(lastReported.current !== undefined && deepEquals(submittedData, lastReported.current) ? undefined : submittedData);
    },
    [onNext],
  );
  const onError = useCallback(
    (errors: RJSFValidationError[]) => {
      judge().refused(view, judgement.current, form.current?.state.formData, errors);
      setSubmitted(true);
      onRefused(step.id);
    },
    [onRefused, step.id, view],
  );
  // Back keeps the step's data: a key still on its way into the form goes with it.
  const back = useCallback(() => {
    if (!typedChanges.afterTyping(onBack)) onBack();
  }, [typedChanges, onBack]);
  // On narrow screens the bar stays at the bottom of the view with the total, so a changed price is seen where the visitor acts.
  // Kept as one element while nothing in it changes: rjsf compares its children with the other props.
  const actionBar = useMemo(
    () => (
      <>
      {uploads && <uploads.Panel tracker={uploads.tracker} form={formId} />}
      <div className="sticky bottom-0 z-10 -mx-3 mt-6 flex items-center justify-between gap-2 border-t border-slate-200 bg-white/95 px-3 py-3 backdrop-blur lg:static lg:mx-0 lg:gap-3 lg:border-0 lg:bg-transparent lg:px-0 lg:py-0 lg:backdrop-blur-none">
        {canGoBack ? (
          <button type="button" className={secondaryButtonClass} onClick={back} disabled={loading}>
            {i18n._('engine.back')}
          </button>
        ) : (
          <span />
        )}
        <span className="ml-auto flex items-center gap-2 lg:gap-3">
          {price && (
            <span aria-live="polite" className="text-right text-sm leading-tight text-slate-700 lg:hidden" data-testid="price-bar">
              <span className="block">{i18n._('engine.price.total')}</span>
              <strong className="block text-base text-slate-900">
                <PriceAmount price={price} />
              </strong>
            </span>
          )}
          <button type="submit" className={primaryButtonClass} disabled={loading} aria-busy={loading}>
            {loading && <Spinner />}
            {i18n._(nextLabel)}
          </button>
        </span>
      </div>
      </>
    ),
    [canGoBack, loading, price, i18n, back, uploads, formId, nextLabel],
  );
  if (!activeValidator || !step.schema) {
    throw new Error(`FlowRunner: step "${step.id}" has no schema, or its schema was not imported through the step-validators plugin`);
  }
  // Rjsf reads its data on submit, in the form's own handler: a Next may wait and be made again, or
  // stop at a field the registry just left to type (`atNext`).
  const beforeSubmit = useCallback(
    (event: FormEvent<HTMLDivElement>) => {
      const formElement = event.target as HTMLFormElement;
      const again = () => formElement.requestSubmit();
      // What judges the step comes first: the first Next may have to fetch it.
      const verdict = judging ? judging.atNext(view, judgement.current, formElement, typedChanges, again) : (void loadStepJudging().then(again), 'wait');
      if (verdict === 'go') return;
      event.preventDefault();
      event.stopPropagation();
    },
    [typedChanges, view],
  );
  const drawn = (
    <Form
      ref={form}
      id={formId}
      schema={step.schema as RJSFSchema}
      uiSchema={uiSchema}
      validator={activeValidator}
      formData={formData}
      formContext={formContext}
      widgets={theme.widgets}
      templates={theme.templates}
      fields={theme.fields}
      onChange={onChange}
      onSubmit={onSubmit}
      onError={onError}
      liveValidate={submitted ? 'onChange' : undefined}
      showErrorList={false}
      noHtml5Validate
      focusOnFirstError={focusFirstError}
      transformErrors={transformErrors}
      customValidate={customValidate}
      translateString={translateString}
      extraErrors={extraErrors}
      extraErrorsBlockSubmit
      idPrefix={idPrefix}
      experimental_defaultFormStateBehavior={DEFAULTS_BEHAVIOUR}
    >
      {actionBar}
    </Form>
  );
  // The flow's changes reach the form once no typed key is on its way into it (`useHeldWhileTyping`).
  const shown = useHeldWhileTyping(typedChanges, drawn);
  return (
    <div onSubmitCapture={beforeSubmit}>
      {shown}
      <TypedChangesGate changes={typedChanges} />
    </div>
  );
});
