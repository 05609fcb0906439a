import { lazy, memo, Suspense, use, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import { deepEquals, type CustomValidator, type ErrorSchema, type FormValidation, type RJSFSchema, type RJSFValidationError, type UiSchema, type ValidatorType } from '@rjsf/utils';
import type { ApiPort, FieldErrors, FlowData, PayLink, Price, ProductDefinition, StepDefinition } from './definition';
import { draftFilesId, loadDraft, saveDraft } from './draft';
import type { FileStore } from './files/file-store';
import { fileSupport, hasFileFields, type FileSupport } from './files/on-demand';
import type { UploadTracker } from './files/upload-tracker';
import { formatPrice } from './format';
import { flowMachineFor, isBusy, isQuoting, standsIn, stepOf, type FlowError, type StepsProgress } from './machine';
import { leftToVisitor, rowsAwaitingRegistry } from './machine/lookups';
import { createTransformErrors, createTranslateString, fieldErrorsToErrorSchema, withoutUnfillableRequired } from './messages';
import { Spinner } from './spinner';
import { dateProblems, hasBoundedDate, stepFields, unprintableProblems } from './field-rules';
import { loadMessageArea } from './message-areas';
import { loadStepParts } from './step-parts';
import { stepValidator } from './step-validators';
import { theme } from './theme';
import { primaryButtonClass, secondaryButtonClass, type FlowFormContext } from './ui';
import { TypedChanges, TypedChangesGate, useHeldWhileTyping } from './widgets/deferred-change';
import { errorPointer, hiddenPaths, lockedPaths, presetPaths, registryPaths, withoutHiddenErrors, withRuledFields } from './visibility';
import { fieldPathOfId, pathSegments, type FieldPath } from './paths';

// What no first step shows loads on its own, after the page: it is not part of a flow page's first load.
const loadPaymentStep = () => Promise.all([import('./steps/payment-step'), loadMessageArea('engine-payment')]).then(([module]) => module);
const loadDownloadStep = () => Promise.all([import('./steps/download-step'), loadMessageArea('engine-payment')]).then(([module]) => module);
const loadErrorModal = () => import('./error-modal');
const loadResetBar = () => import('./reset-bar');
const PaymentStep = lazy(() => loadPaymentStep().then((module) => ({ default: module.PaymentStep })));
const DownloadStep = lazy(() => loadDownloadStep().then((module) => ({ default: module.DownloadStep })));
const ErrorModal = lazy(() => loadErrorModal().then((module) => ({ default: module.ErrorModal })));
const ResetBar = lazy(() => loadResetBar().then((module) => ({ default: module.ResetBar })));

/** What fetches each part of a flow that loads after its first step (the payment and download steps, the error dialog, the reset bar), e.g. when the page is idle. */
export const flowPartLoaders: readonly (() => Promise<unknown>)[] = [loadPaymentStep, loadDownloadStep, loadErrorModal, loadResetBar];

/** How long typed changes may wait to be written to the draft. */
const draftIntervalMs = 250;

/** Files of drafts older than this (a tab closed mid-flow) are removed from the device. */
const abandonedFilesMs = 7 * 24 * 60 * 60 * 1000;

let browserFileStore: FileStore | null = null;
/** The browser's file store, one per page (IndexedDB, opened on first use). */
const defaultFileStore = (support: FileSupport): FileStore => (browserFileStore ??= support.indexedDbFileStore());

/** A save's upload, tracked for its panel: only in a flow with file fields. */
interface Uploads {
  tracker: UploadTracker;
  Panel: FileSupport['UploadPanel'];
}

export interface FlowRunnerProps<D extends FlowData = FlowData, C = unknown> {
  definition: ProductDefinition<D, C>;
  api: ApiPort;
  /** The `?step=` value; null = the flow decides. */
  stepInUrl: string | null;
  /** The site writes the URL: push when the visitor moves on, replace on arrival or resume. */
  onStepChange: (stepId: string, how: 'push' | 'replace') => void;
  /** Defaults to window.sessionStorage (none when rendered on the server). */
  storage?: Storage;
  /**
   * Where file fields keep the files of the draft; defaults to the browser's IndexedDB. A flow with
   * file fields keeps files once the file machinery is loaded (`loadFileSupportFor`, which the site awaits with such a flow).
   */
  fileStore?: FileStore;
  /** The catalog the page was rendered with on the server: the flow starts on it instead of loading one. */
  initialCatalog?: C;
  layout?: 'default' | 'webview';
  /** Path (with query) that opens this flow at a step; payment providers return to the payment step's. */
  stepHref: (stepId: string) => string;
  /**
   * The address a provider's link on the payment step opens, in the page's language: the save's
   * links keep the language the contract was saved in. The save answer's link when absent.
   */
  payLink?: PayLink;
}

/** Where payment providers return the visitor to a flow: its payment step's address (its first step's when it has none). */
export function flowReturnPath(definition: { steps: readonly { id: string; component?: string }[] }, stepHref: (stepId: string) => string): string {
  const paymentStep = definition.steps.find((step) => step.component === 'payment')?.id;
  return stepHref(paymentStep ?? definition.steps[0]?.id ?? '');
}

/**
 * Runs a product definition: stepper header, the current step (rjsf form, payment or download),
 * live price, Back/Next and the error dialog. Drafts go to `storage` (typing at most every quarter second, a move at once) and a reload
 * resumes from them; browser back/forward arrive as `stepInUrl` and become `step.goto`.
 */
export function FlowRunner<D extends FlowData, C>(props: FlowRunnerProps<D, C>) {
  const { definition, api, stepInUrl, onStepChange, stepHref, payLink, layout = 'default' } = props;
  // A string, so the machine is not rebuilt when the site hands a new function with the same answer.
  const returnPath = useMemo(() => flowReturnPath(definition, stepHref), [stepHref, definition]);
  const { i18n } = useLingui();
  const storage = props.storage ?? (typeof window === 'undefined' ? null : window.sessionStorage);
  // Made once: the draft's files are this tab's (its files id lives in sessionStorage beside the draft).
  const [support] = useState(() => (hasFileFields(definition.steps) ? fileSupport() : null));
  const [files] = useState(() => {
    if (!support) return null;
    const store = props.fileStore ?? (storage && typeof window !== 'undefined' ? defaultFileStore(support) : null);
    return storage && store ? { store, draft: support.draftFiles(store, draftFilesId(storage, definition.id, support.randomId)) } : null;
  });
  const [uploads] = useState<Uploads | null>(() => (files && support ? { tracker: support.createUploadTracker(), Panel: support.UploadPanel } : null));
  const machine = useMemo(
    () => flowMachineFor(definition, { api: uploads ? uploads.tracker.track(api) : api, returnPath, ...(files ? { files: files.draft } : {}) }),
    [definition, api, returnPath, uploads, files],
  );
  // Read once: the draft is the starting point, later writes must not restart the actor.
  const [resume] = useState(() => (storage ? loadDraft(storage, definition) : null));

  // Files of this tab's draft stay while it lasts; a new flow starts without any, and files that
  // tabs closed mid-flow left behind are removed.
  useEffect(() => {
    if (!files) return;
    void files.store.sweep(Date.now() - abandonedFilesMs).catch(() => undefined);
    if (!resume) void files.draft.clear().catch(() => undefined);
  }, [files, resume]);
  const actor = useActorRef(machine, { input: { resume, catalog: props.initialCatalog } });

  useEffect(() => {
    if (!storage) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let savedStep = stepOf(actor.getSnapshot().value);
    const save = () => {
      clearTimeout(timer);
      timer = undefined;
      saveDraft(storage, definition, actor.getSnapshot());
    };
    const flush = () => {
      if (timer !== undefined) save();
    };
    const subscription = actor.subscribe((snapshot) => {
      const step = stepOf(snapshot.value);
      // A move to another step is written at once; typing at most every `draftIntervalMs`, as writing
      // storage on every keystroke is a good part of a keystroke's time on a slow phone.
      if (step !== savedStep) {
        savedStep = step;
        save();
      } else if (timer === undefined) timer = setTimeout(save, draftIntervalMs);
    });
    // Whatever is not written yet is written when the page goes away (a reload, a payment provider's page).
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', flush);
    return () => {
      subscription.unsubscribe();
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', flush);
      flush();
    };
  }, [actor, storage, definition]);

  const step = useSelector(actor, (s) => stepOf(s.value));
  const context = useSelector(actor, (s) => s.context);
  const bootFailed = useSelector(actor, (s) => standsIn(s, { boot: 'failed' }));
  const busy = useSelector(actor, isBusy);
  const quoting = useSelector(actor, isQuoting);

  // The step a visitor moved to opens at its start.
  const flowTop = useRef<HTMLDivElement>(null);
  const stepHeading = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef<string | null>(null);
  useEffect(() => {
    if (!step) return;
    const moved = shownStep.current !== null && shownStep.current !== step;
    shownStep.current = step;
    if (moved) showStepStart(flowTop.current, stepHeading.current);
  }, [step]);

  // The address and the machine kept on one step. Each side is read as it stands now, not as this
  // render saw it: a goto sent here moves the machine before the render that shows it, and an
  // address written here arrives as `stepInUrl` a render later, so acting on the rendered values
  // sent the two after each other for ever (an address naming another step than the draft's).
  const onStepChangeRef = useRef(onStepChange);
  onStepChangeRef.current = onStepChange;
  /** The step the address holds: as last handed in, or as last written. */
  const addressStep = useRef<string | null>(null);
  const opened = useRef(false);
  useEffect(() => {
    const browserMoved = stepInUrl !== null && stepInUrl !== addressStep.current;
    if (browserMoved) addressStep.current = stepInUrl;
    let current = stepOf(actor.getSnapshot().value);
    if (!current) return;
    const first = !opened.current;
    opened.current = true;
    // Browser back/forward, or an address opened on a step (a language chosen there): the flow goes
    // to that step if it may; a refused one has the address put back on the flow's step.
    if ((browserMoved || first) && stepInUrl && stepInUrl !== current) {
      actor.send({ type: 'step.goto', step: stepInUrl });
      current = stepOf(actor.getSnapshot().value) ?? current;
    }
    if (current === addressStep.current) return;
    addressStep.current = current;
    // The first step shown (start or resume) and a correction replace; the visitor's moves push.
    onStepChangeRef.current(current, first || browserMoved ? 'replace' : 'push');
  }, [stepInUrl, step, actor]);

  const send = actor.send;
  const onFieldChange = useCallback(
    (stepId: string, data: Record<string, unknown>, path: FieldPath | null) => send(path ? { type: 'field.changed', step: stepId, data, path } : { type: 'field.changed', step: stepId, data }),
    [send],
  );
  const onNext = useCallback((data: Record<string, unknown> | undefined) => send(data === undefined ? { type: 'step.next' } : { type: 'step.next', data }), [send]);
  const onBack = useCallback(() => send({ type: 'step.back' }), [send]);
  const onRefused = useCallback((step: string) => send({ type: 'lookups.retry', step }), [send]);
  const onRestart = useCallback(() => {
    void files?.draft.clear().catch(() => undefined);
    send({ type: 'flow.reset' });
  }, [send, files]);
  // Next waits for the registry's answers to what was typed last (the names, a licence): the step is judged with them.
  const afterLookups = useCallback(
    (action: () => void): boolean => {
      const looking = (snapshot: { context: { pending: object } }) => Object.keys(snapshot.context.pending).length > 0;
      if (!looking(actor.getSnapshot())) return false;
      const subscription = actor.subscribe((snapshot) => {
        if (looking(snapshot)) return;
        subscription.unsubscribe();
        // Once the answers are drawn into the form, which rjsf's submit reads.
        setTimeout(action, 0);
      });
      return true;
    },
    [actor],
  );
  const askedOf = useCallback((stepId: string) => leftToVisitor(definition.binding.lookups ?? [], actor.getSnapshot().context, stepId), [definition, actor]);
  // The fields a registry fills (a lock rule's) in a row that waits for the registry: not asked of the visitor yet.
  const awaitingOf = useCallback(
    (stepId: string) => {
      const { context: now } = actor.getSnapshot();
      const rows = rowsAwaitingRegistry(definition.binding.lookups ?? [], now, stepId);
      if (rows.length === 0) return [];
      return registryPaths(definition.machine, stepId, now.data as D).filter((path) => rows.some((row) => path.startsWith(`${row}/`)));
    },
    [definition, actor],
  );
  const onCheck = useCallback(() => send({ type: 'payment.check' }), [send]);
  const onPoll = useCallback(() => send({ type: 'payment.poll' }), [send]);
  const onRetry = useCallback(() => send({ type: 'retry' }), [send]);
  const onDismiss = useCallback(() => send({ type: 'error.dismiss' }), [send]);

  // The same object for as long as the options are the same: rjsf compares every prop deeply when one is new.
  const options = useStable(
    useMemo(
      () => (context.catalog === null ? {} : (definition.options?.(context.catalog as C, context.data as D) ?? {})),
      [definition, context.catalog, context.data],
    ),
  );
  const formContext = useMemo<FlowFormContext>(
    () => ({ options, locale: i18n.locale, ...(files ? { files: files.draft } : {}) }),
    [options, i18n.locale, files],
  );

  const current = definition.steps.find((s) => s.id === step) ?? null;
  const index = current ? definition.steps.indexOf(current) : -1;
  // An upload's bars belong to the step it was sent from; once the policy is issued, the files were sent.
  const onDownload = current?.component === 'download';
  useEffect(() => {
    uploads?.tracker.clear();
    if (onDownload) void files?.draft.clear().catch(() => undefined);
  }, [step, onDownload, uploads, files]);
  // Joined into strings so the form's memoised uiSchema and validator change only with the sets.
  const hiddenKey = useMemo(
    () => (current ? hiddenPaths(definition.machine, current.id, context.data as D).join('|') : ''),
    [definition, current, context.data],
  );
  const lockedKey = useMemo(
    () => (current ? [...presetPaths(definition.preset, current.id), ...lockedPaths(definition.machine, current.id, context.data as D)].join('|') : ''),
    [definition, current, context.data],
  );
  const hidden = useMemo(() => (hiddenKey ? hiddenKey.split('|') : []), [hiddenKey]);
  const locked = useMemo(() => (lockedKey ? lockedKey.split('|') : []), [lockedKey]);
  const error = context.error;
  // A refusal placed on a field the step draws is said there, once: not also above the step.
  const refusedField = error && !error.modal ? error.field : undefined;
  const refusal = refusedField && refusedField.step === current?.id && !hidden.includes(refusedField.path) ? error : null;
  const webview = layout === 'webview';
  const onSummaryStep = current?.component === 'payment' || current?.component === 'download';
  const summary = useMemo(
    () => (onSummaryStep && context.catalog !== null ? definition.summary(context.data as D, context.catalog as C) : []),
    [onSummaryStep, definition, context.data, context.catalog],
  );

  return (
    <div ref={flowTop} className={`scroll-mt-3 ${webview ? 'min-w-0 space-y-4 p-3' : 'mx-auto w-full min-w-0 max-w-6xl space-y-6'}`}>
      <StepperHeader steps={definition.steps} progress={context.steps} current={step} compact={webview} />
      {!current && !bootFailed && <StepLoading />}
      {bootFailed && (
        <div role="alert" className="space-y-3 rounded-lg bg-red-50 p-4 text-red-800">
          <p>{i18n._('engine.catalog.failed')}</p>
          {error && <p>{i18n._(error.messageId)}</p>}
          <button type="button" className={secondaryButtonClass} onClick={onRetry}>
            {i18n._('engine.retry')}
          </button>
        </div>
      )}
      {current && (
        <InertUntilHydrated
          className={webview || (current.component ?? 'form') !== 'form' ? 'space-y-4' : 'grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]'}
        >
          <div className="min-w-0">
            <h2 ref={stepHeading} tabIndex={-1} className={`${current.description ? 'mb-1' : 'mb-4'} text-xl font-semibold text-slate-900 outline-none`}>
              {i18n._(current.title)}
            </h2>
            {current.description && <p className="mb-4 text-sm text-slate-600">{i18n._(current.description)}</p>}
            {/* The step's parts appear together: a bar drawn after the form would push the fields a visitor is tapping down the screen. */}
            <Suspense fallback={<StepLoading />}>
              {definition.reset?.steps.includes(current.id) && (
                <ResetBar
                  label={definition.reset.label}
                  subject={context.catalog === null ? null : (definition.reset.subject?.(context.data as D, context.catalog as C) ?? null)}
                  disabled={busy}
                  onReset={onRestart}
                />
              )}
              {error && !error.modal && !refusal && (
                <p ref={showInView} role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800">
                  {i18n._(error.messageId, error.values)}
                </p>
              )}
              {(current.component ?? 'form') === 'form' && (
                <ValidatedStepForm
                  key={current.id}
                  step={current}
                  formData={context.data[current.id]}
                  fieldErrors={context.fieldErrors[current.id]}
                  refusal={refusal}
                  afterLookups={afterLookups}
                  askedOf={askedOf}
                  awaitingOf={awaitingOf}
                  price={context.price}
                  hidden={hidden}
                  locked={locked}
                  loading={busy}
                  canGoBack={index > 0}
                  formContext={formContext}
                  uploads={uploads}
                  onFieldChange={onFieldChange}
                  onRefused={onRefused}
                  onNext={onNext}
                  onBack={onBack}
                />
              )}
            </Suspense>
            {current.component === 'payment' && (
              <Suspense fallback={<StepLoading />}>
                <PaymentStep
                  title={definition.title}
                  summary={summary}
                  payment={context.payment}
                  price={context.price}
                  loading={busy}
                  api={api}
                  lang={i18n.locale}
                  payLink={payLink}
                  storage={storage}
                  onCheck={onCheck}
                  onPoll={onPoll}
                  onBack={onBack}
                />
              </Suspense>
            )}
            {current.component === 'download' && (
              <Suspense fallback={<StepLoading />}>
                <DownloadStep policy={context.policy} title={definition.title} summary={summary} paid={context.payment?.price} price={context.price} onRestart={onRestart} />
              </Suspense>
            )}
          </div>
          {(current.component ?? 'form') === 'form' && <PriceBox price={context.price} quoting={quoting} />}
        </InertUntilHydrated>
      )}
      {error?.modal && (
        <Suspense fallback={null}>
          <ErrorModal messageId={error.messageId} onClose={onDismiss} />
        </Suspense>
      )}
    </div>
  );
}

/** A message that appears above the part of the step in view (a refused save, seen from its Next) is brought into view. */
function showInView(element: HTMLElement | null) {
  element?.scrollIntoView?.({ block: 'nearest' });
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

/**
 * A step the visitor moved to opens at its start: the page is still scrolled where the last step's
 * Next was, which on a phone leaves the new step's title and first fields above the screen. Focus
 * moves to its title, so a screen reader says which step this is and Tab goes on from there.
 */
function showStepStart(top: HTMLElement | null, heading: HTMLElement | null) {
  heading?.focus({ preventScroll: true });
  if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
}

/**
 * A step the server drew cannot be used before the scripts own it: a tap on Next would submit the
 * bare HTML form (reloading the page) and a choice made then would be lost. So it is drawn inert (in
 * the server's HTML, and by hydration, which must match it), and the attribute is taken off once
 * React owns the element, without a redraw: a state change here (a hydrated flag) is a synchronous
 * update right after hydration, which redraws the whole step in one long task on a phone.
 */
function InertUntilHydrated({ className, children }: { className: string; children: ReactNode }) {
  const element = useRef<HTMLDivElement>(null);
  useEffect(() => element.current?.removeAttribute('inert'), []);
  return (
    <div ref={element} inert className={className}>
      {children}
    </div>
  );
}

function StepLoading() {
  const { i18n } = useLingui();
  return (
    <p role="status" className="flex items-center gap-2 text-slate-600">
      <Spinner /> {i18n._('engine.loading')}
    </p>
  );
}

function StepperHeader({ steps, progress, current, compact }: { steps: StepDefinition[]; progress: StepsProgress; current: string | null; compact: boolean }) {
  const { i18n } = useLingui();
  // A step the flow went past without it being done was skipped by a rule (a company car for any
  // driver has no drivers step): not shown as one still to do.
  const reached = steps.findIndex((s) => s.id === current);
  const visible = steps.filter((s, i) => !s.hidden && !(i < reached && !progress[s.id]?.completed));
  const list = useRef<HTMLOListElement>(null);
  // Until measured (and in the server's HTML, before any script runs) the list may scroll, so it takes focus.
  const [scrolls, setScrolls] = useState(true);
  // On narrow screens the header scrolls sideways; keep the current step in view (without moving the
  // page), with the step just done whole before it when both fit: centred, the current step left the
  // one before it cut in half at the screen's edge.
  useEffect(() => {
    const ol = list.current;
    const item = ol?.querySelector<HTMLElement>('[aria-current="step"]');
    if (!ol || !item || ol.scrollWidth <= ol.clientWidth) return;
    ol.scrollLeft = stepperScroll(ol, item);
  }, [current]);
  // A list that scrolls sideways takes keyboard focus, so arrow keys can scroll it too (WCAG 2.1.1).
  useEffect(() => {
    const ol = list.current;
    if (!ol) return;
    const measure = () => setScrolls(ol.scrollWidth > ol.clientWidth);
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [current, visible.length]);
  return (
    <nav aria-label={i18n._('engine.stepper.label')} className="min-w-0 max-w-full">
      <ol
        ref={list}
        tabIndex={scrolls ? 0 : undefined}
        className={`relative flex overflow-x-auto rounded-lg pb-1 [scrollbar-width:thin] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 ${compact ? 'gap-1' : 'gap-2'}`}
      >
        {visible.map((s, i) => {
          const status = s.id === current ? 'current' : progress[s.id]?.completed ? 'done' : 'upcoming';
          return (
            <li
              key={s.id}
              aria-current={status === 'current' ? 'step' : undefined}
              data-status={status}
              className={`flex shrink-0 items-center gap-2 whitespace-nowrap rounded-full px-3 py-1 text-sm ${
                status === 'current' ? 'bg-sky-700 text-white' : status === 'done' ? 'bg-sky-100 text-sky-900' : 'bg-slate-100 text-slate-600'
              }`}
            >
              <span className="font-semibold" aria-label={i18n._('engine.step.number', { n: i + 1 })}>
                {status === 'done' ? '✓' : i + 1}
              </span>
              <span className={compact && status !== 'current' ? 'sr-only' : undefined}>{i18n._(s.title)}</span>
              <span className="sr-only">({i18n._(`engine.step.${status}`)})</span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/**
 * Where a stepper list that scrolls sideways starts so that `current` is whole in view, the view
 * begins with a whole step (none cut in half at the left edge), and the step before the current one
 * is in view too when both fit.
 */
function stepperScroll(list: HTMLElement, current: HTMLElement): number {
  const end = list.scrollWidth - list.clientWidth;
  const showsCurrent = (start: number) => start <= current.offsetLeft && current.offsetLeft + current.offsetWidth <= start + list.clientWidth;
  const items = [...list.children].filter((child) => child instanceof HTMLElement);
  const starts = items.slice(0, items.indexOf(current) + 1).map((item) => item.offsetLeft).filter((start) => start <= end && showsCurrent(start));
  const before = current.previousElementSibling instanceof HTMLElement ? current.previousElementSibling.offsetLeft : null;
  if (before !== null && starts.includes(before)) return before;
  return starts.at(-1) ?? Math.min(current.offsetLeft, end);
}

/**
 * The price panel; while the server's price is asked it keeps the figure it has and says it is
 * updating. On narrow screens the total is beside Next (the step form's bar): the panel there says
 * only how it is made up, or that it is updating, and is not drawn when it would say nothing else.
 */
function PriceBox({ price, quoting }: { price: Price | null; quoting: boolean }) {
  const { i18n } = useLingui();
  const onlyTotal = price !== null && price.lines.length <= 1 && !quoting;
  return (
    <aside aria-live="polite" aria-busy={quoting} className={`${onlyTotal ? 'hidden lg:block' : ''} h-fit rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-4`}>
      {quoting && (
        <p role="status" className="mb-2 flex items-center gap-2 text-sm text-slate-600" data-testid="price-updating">
          <Spinner /> {i18n._('engine.price.updating')}
        </p>
      )}
      {price ? (
        <>
          {price.lines.length > 1 && (
            <dl className="space-y-1 text-sm text-slate-600 lg:mb-2">
              {price.lines.map((line) => (
                <div key={line.label} className="flex justify-between gap-2">
                  <dt>{i18n._(line.label)}</dt>
                  <dd className="whitespace-nowrap">{formatPrice(line.amount)}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="hidden items-baseline justify-between gap-2 lg:flex">
            <span className="text-slate-700">{i18n._('engine.price.total')}</span>
            <strong className="text-xl text-slate-900" data-testid="price-total">
              <PriceAmount price={price} />
            </strong>
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">{i18n._('engine.price.pending')}</p>
      )}
    </aside>
  );
}

/** `119 695 so'm`, or `from 119 695 so'm` while the price is the lowest the open choices allow. */
function PriceAmount({ price }: { price: Price }) {
  const { i18n } = useLingui();
  const amount = formatPrice(price.total);
  return <>{price.lowest ? i18n._('engine.price.from', { amount }) : `${amount} ${i18n._('engine.currency')}`}</>;
}

/** An object of the same value as the one seen before is that earlier object. */
function useStable<T>(value: T): T {
  const kept = useRef(value);
  if (kept.current !== value && !deepEquals(kept.current, value)) kept.current = value;
  return kept.current;
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
  /** Runs the action once the registry lookups under way have answered and answers true; false when none is. */
  afterLookups: (action: () => void) => boolean;
  /** The fields of a step a lookup's answer left empty for the visitor to type (`leftToVisitor`). */
  askedOf: (step: string) => string[];
  /** The fields of a step a registry lookup fills that still wait for its answer: not called empty meanwhile. */
  awaitingOf: (step: string) => string[];
  /** Shown beside Next on narrow screens, where the price panel sits below the form. */
  price: Price | null;
  /** Pointers of the fields the definition's `show` rules hide right now. */
  hidden: string[];
  /** Pointers of the fields the definition's `lock` rules make read-only right now. */
  locked: string[];
  loading: boolean;
  canGoBack: boolean;
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
 * The step's form once its widgets and validator are there (`loadStepParts`): at once when they were
 * loaded before, else the step waits for them under the nearest Suspense.
 */
function ValidatedStepForm(props: Omit<StepFormProps, 'validator'>) {
  use(loadStepParts(props.step));
  return <StepForm {...props} validator={stepValidator(props.step.schema)} />;
}

/** One rjsf form; memoised because rjsf re-renders the whole tree on every prop change. */
const StepForm = memo(function StepForm(props: StepFormProps) {
  const { step, validator, formData, fieldErrors, price, hidden, locked, loading, canGoBack, uploads, onFieldChange, onRefused, onNext, onBack } = props;
  const { i18n } = useLingui();
  const idPrefix = `flow-${step.id}`;
  const formId = `${idPrefix}-form`;
  const form = useRef<Form>(null);
  /**
   * Once Next was refused, the form validates as the visitor types (rjsf's live validation); the
   * fields then shown or named are those it may call empty. Null until then, and during a submit.
   */
  const judged = useRef<Set<string> | null>(null);
  const { afterLookups, askedOf, awaitingOf } = props;
  /**
   * What the registry had left for the visitor to type (`askedOf`) when Next was last pressed: a
   * field it leaves empty after that (a licence the registry has none of, for a driver typed since)
   * is asked, and not called empty before the next Next.
   */
  const askedAtNext = useRef<Set<string>>(new Set());
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
  const customValidate = useCallback<CustomValidator>(
    (data, errors) => {
      const fields = stepFields(step.schema as RJSFSchema, step.uiSchema as UiSchema | undefined, data, hidden);
      const problems = dateProblems(fields, { drafts: dateDrafts, idOf: fieldId });
      for (const problem of problems) {
        // A date outside its bounds is among the shown errors (from the flow's data, which the form's
        // catches up with before any submit): said here too, it showed twice while the flow caught up.
        if (shownErrors?.[problem.path] || problem.messageId === 'engine.error.date-min' || problem.messageId === 'engine.error.date-max') continue;
        addErrorAt(errors, problem.path, i18n._(problem.messageId, { date: problem.date }));
      }
      for (const { path, char } of unprintableProblems(fields)) {
        addErrorAt(errors, path, i18n._('engine.error.unprintable', { char }));
      }
      return errors;
    },
    [step.schema, step.uiSchema, hidden, dateDrafts, fieldId, shownErrors, i18n],
  );
  const focusFirstError = useCallback((error: RJSFValidationError) => focusFieldInError(document.getElementById(formId) as HTMLFormElement | null, fieldId, error), [formId, fieldId]);
  const { refusal } = props;
  useEffect(() => {
    if (!refusal?.field) return;
    const formElement = document.getElementById(formId) as HTMLFormElement | null;
    const control = fieldControl(formElement, fieldId(pathSegments(refusal.field.path)));
    if (control) showField(control);
  }, [refusal, formId, fieldId]);
  const [submitted, setSubmitted] = useState(false);
  const translateString = useMemo(() => createTranslateString(i18n), [i18n]);
  const extraErrors = useMemo<ErrorSchema | undefined>(() => fieldErrorsToErrorSchema(shownErrors, i18n), [shownErrors, i18n]);
  const transformErrors = useMemo(() => {
    const translated = createTransformErrors(i18n);
    // A date typed but not yet a date is said by its own message (`dateProblems`), not also as missing.
    const typedDate = (error: RJSFValidationError) => error.name === 'required' && Boolean(dateDrafts.get(fieldId(pathSegments(errorPointer(error)))));
    // A field with the flow's own message (a Cyrillic name it emptied: "use Latin letters") has that
    // message alone, not also "fill in this field" or the same words again from the schema.
    const saidByFlow = (error: RJSFValidationError) => shownErrors?.[errorPointer(error)] !== undefined;
    // A field that appeared after a refused Next (a show rule, an added row), that a registry is to
    // fill and has not answered for yet, or that the registry left to type since, is not yet called empty.
    const notYetAsked = (error: RJSFValidationError, askedNow: ReadonlySet<string>, awaiting: ReadonlySet<string>) => {
      if (error.name !== 'required') return false;
      const pointer = errorPointer(error);
      return (judged.current !== null && !judged.current.has(pointer)) || awaiting.has(pointer) || (askedNow.has(pointer) && !askedAtNext.current.has(pointer));
    };
    return (errors: RJSFValidationError[]) => {
      const askedNow = new Set(askedOf(step.id));
      const awaiting = new Set(awaitingOf(step.id));
      return translated(withoutUnfillableRequired(errors.filter((error) => !typedDate(error) && !saidByFlow(error) && !notYetAsked(error, askedNow, awaiting)), uiSchema, extraErrors !== undefined), uiSchema, step.schema);
    };
  }, [i18n, uiSchema, extraErrors, dateDrafts, fieldId, shownErrors, step.schema, step.id, askedOf, awaitingOf]);
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
      const shown = stepFields(step.schema as RJSFSchema, step.uiSchema as UiSchema | undefined, form.current?.state.formData, hidden);
      judged.current = new Set([...shown.map((field) => field.pointer), ...errors.map(errorPointer)]);
      setSubmitted(true);
      onRefused(step.id);
    },
    [onRefused, step.id, step.schema, step.uiSchema, hidden],
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
            {i18n._('engine.next')}
          </button>
        </span>
      </div>
      </>
    ),
    [canGoBack, loading, price, i18n, back, uploads, formId],
  );
  if (!activeValidator || !step.schema) {
    throw new Error(`FlowRunner: step "${step.id}" has no schema, or its schema was not imported through the step-validators plugin`);
  }
  // Rjsf reads its data on submit, in the form's own handler: while a typed key is still on its way
  // into the form, or a registry lookup it started (the names, a licence), the submit waits for it
  // and is made again. A submit that goes ahead judges every shown field; but what the registry
  // answered meanwhile and left for the visitor to type (a licence it has none of) is asked, not
  // refused: the step stays, at that field, before anyone said it was missing.
  const waitingNext = useRef(false);
  const beforeSubmit = useCallback(
    (event: FormEvent<HTMLDivElement>) => {
      const formElement = event.target as HTMLFormElement;
      const again = () => formElement.requestSubmit();
      const stop = () => {
        event.preventDefault();
        event.stopPropagation();
      };
      if (typedChanges.afterTyping(again) || afterLookups(again)) {
        if (!waitingNext.current) askedAtNext.current = new Set(askedOf(step.id));
        waitingNext.current = true;
        return stop();
      }
      const waited = waitingNext.current;
      waitingNext.current = false;
      const newlyAsked = waited ? askedOf(step.id).filter((pointer) => !askedAtNext.current.has(pointer)) : [];
      const first = firstInDocument(newlyAsked.map((pointer) => fieldControl(formElement, fieldId(pathSegments(pointer)))));
      if (first) {
        showField(first);
        return stop();
      }
      askedAtNext.current = new Set(askedOf(step.id));
      judged.current = null;
    },
    [typedChanges, afterLookups, askedOf, step.id, fieldId],
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

