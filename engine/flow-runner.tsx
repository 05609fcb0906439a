import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react';
import { deepEquals } from '@rjsf/utils';
import { isClaim, type ApiPort, type FlowData, type FlowDefinition, type PayLink } from './definition';
import { flowKeyOf, loadDraft, saveDraft } from './draft';
import type { ApplicantOffer } from './flow-start';
import { initialSteps } from './machine/progress';
import type { FileStore } from './files/file-store';
import { fileSupport, hasFileFields } from './files/on-demand';
import { flowMachineFor, isBusy, isQuoting, standsIn, stepOf } from './machine';
import { loadMessageArea } from './message-areas';
import type { FieldPath } from './paths';
import { PriceBox } from './price-box';
import { Spinner } from './spinner';
import { StepBoundary } from './step-boundary';
import { loadStepJudging, useFlowReader, ValidatedStepForm, type Uploads } from './step-form';
import { StepperHeader } from './stepper-header';
import { secondaryButtonClass, type FlowFormContext } from './ui';
import { useDraftAutosave } from './use-draft-autosave';
import { useStepAddress } from './use-step-address';
import { hiddenPaths, lockedPaths, presetPaths } from './visibility';

// What no first step shows loads on its own, after the page: it is not part of a flow page's first load.
const loadPaymentStep = () => Promise.all([import('./steps/payment-step'), loadMessageArea('engine-payment')]).then(([module]) => module);
const loadDownloadStep = () => Promise.all([import('./steps/download-step'), loadMessageArea('engine-payment')]).then(([module]) => module);
const loadReceiptStep = () => import('./steps/receipt-step');
const loadErrorModal = () => import('./error-modal');
const loadResetBar = () => Promise.all([import('./reset-bar'), loadMessageArea('engine-reset')]).then(([module]) => module);
const PaymentStep = lazy(() => loadPaymentStep().then((module) => ({ default: module.PaymentStep })));
const DownloadStep = lazy(() => loadDownloadStep().then((module) => ({ default: module.DownloadStep })));
// A claim's summary above its consent: the summary's texts are the payment step's area.
const PurchaseSummary = lazy(() => Promise.all([import('./steps/purchase-summary'), loadMessageArea('engine-payment')]).then(([module]) => ({ default: module.PurchaseSummary })));
const ReceiptStep = lazy(() => loadReceiptStep().then((module) => ({ default: module.ReceiptStep })));
const ErrorModal = lazy(() => loadErrorModal().then((module) => ({ default: module.ErrorModal })));
const ResetBar = lazy(() => loadResetBar().then((module) => ({ default: module.ResetBar })));

/**
 * What fetches each part of a flow that loads after its first step (the payment and download steps,
 * the error dialog, the reset bar, what judges a step at its Next), e.g. when the page is idle.
 */
export const flowPartLoaders: readonly (() => Promise<unknown>)[] = [loadStepJudging, loadPaymentStep, loadDownloadStep, loadErrorModal, loadResetBar];

/** What a claim's flow loads after its first step: its judging, its receipt and the error dialog. */
export const claimPartLoaders: readonly (() => Promise<unknown>)[] = [loadStepJudging, loadReceiptStep, loadErrorModal];

export interface FlowRunnerProps<D extends FlowData = FlowData, C = unknown> {
  /** A purchase's flow or a claim's: a claim has no price, and ends in its receipt once filed. */
  definition: FlowDefinition<D, C>;
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
  /**
   * A new flow on this data (a renewal's, `startData`), at the first step so the visitor sees and
   * confirms each one: it replaces any draft of the flow, and its lookups run as if it were typed.
   */
  start?: FlowData;
  /** The cabinet's list of claims, linked from a filed claim's receipt. */
  applicationsHref?: string;
  /** A signed-in client's details for a new flow's applicant (not a resumed draft's): taken where the flow leaves them empty. */
  applicantOffer?: () => Promise<ApplicantOffer | null>;
}

/** Where payment providers return the visitor to a flow: its payment step's address (its first step's when it has none). */
export function flowReturnPath(definition: { steps: readonly { id: string; component?: string }[] }, stepHref: (stepId: string) => string): string {
  const paymentStep = definition.steps.find((step) => step.component === 'payment')?.id;
  return stepHref(paymentStep ?? definition.steps[0]?.id ?? '');
}

/**
 * Runs a product definition: the flow's machine, and around it the stepper header, the current step
 * (its form, payment or download), the price and the error dialog. Drafts go to `storage`
 * (`useDraftAutosave`) and a reload resumes from them; the step lives in the address
 * (`useStepAddress`), so browser back and forward move the flow.
 */
export function FlowRunner<D extends FlowData, C>(props: FlowRunnerProps<D, C>) {
  const { definition, api, stepInUrl, onStepChange, stepHref, payLink, layout = 'default' } = props;
  // A claim has no price, fixed answers, applicant offer or reset: those are a purchase's.
  const purchase = isClaim(definition) ? null : definition;
  const claim = isClaim(definition) ? definition : null;
  // A string, so the machine is not rebuilt when the site hands a new function with the same answer.
  const returnPath = useMemo(() => flowReturnPath(definition, stepHref), [stepHref, definition]);
  const { i18n } = useLingui();
  const storage = props.storage ?? (typeof window === 'undefined' ? null : window.sessionStorage);
  // Read once: the draft (or the data handed in) is the starting point, later writes must not restart the actor.
  const [resume] = useState(() => {
    if (props.start) return { step: definition.steps[0]?.id ?? '', data: props.start, steps: initialSteps(definition.steps), payment: null, policy: null, handedIn: true };
    return storage ? loadDraft(storage, definition) : null;
  });
  const fresh = resume === null || props.start !== undefined;
  // Made once: the draft's files are this tab's (engine/files/support.ts `flowFiles`).
  const [support] = useState(() => (hasFileFields(definition.steps) ? fileSupport() : null));
  const [files] = useState(() => (support && storage ? support.flowFiles(storage, flowKeyOf(definition), fresh, props.fileStore) : null));
  const [uploads] = useState<Uploads | null>(() => (files && support ? { tracker: support.createUploadTracker(), Panel: support.UploadPanel } : null));
  const machine = useMemo(
    () => flowMachineFor(definition, { api: uploads ? uploads.tracker.track(api) : api, returnPath, ...(files ? { files: files.draft } : {}) }),
    [definition, api, returnPath, uploads, files],
  );

  useEffect(() => (support && files ? support.tidyLater(files) : undefined), [support, files]);
  const actor = useActorRef(machine, { input: { resume, catalog: props.initialCatalog } });

  useDraftAutosave(actor, storage, definition);
  // Data handed in replaces the flow's draft at once (the autosave writes what changes after).
  const handedIn = props.start !== undefined;
  useEffect(() => {
    if (handedIn && storage) saveDraft(storage, definition, actor.getSnapshot());
  }, [handedIn, storage, definition, actor]);

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

  useStepAddress(actor, step, stepInUrl, onStepChange);

  // Offered once the catalog is there (the applicant's field effects may read it), to a new flow only.
  const { applicantOffer } = props;
  const place = purchase?.applicant;
  const started = step !== null;
  useEffect(() => {
    if (!fresh || !started || !applicantOffer || !place) return;
    let current = true;
    Promise.all([applicantOffer(), import('./applicant-offer')]).then(
      ([offer, { offeredTo }]) => {
        if (!current || !offer) return;
        const steps = offeredTo(place, actor.getSnapshot().context.data, offer.person, offer.phone);
        if (steps.length > 0) actor.send({ type: 'steps.offered', steps });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [actor, fresh, started, applicantOffer, place]);

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
  const flow = useFlowReader(actor, definition);
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
  // An upload's bars belong to the step it was sent from; once the policy is issued or the claim filed, the files were sent.
  const atEnd = current?.component === 'download' || current?.component === 'receipt';
  useEffect(() => {
    uploads?.tracker.clear();
    if (atEnd) void files?.draft.clear().catch(() => undefined);
  }, [step, atEnd, uploads, files]);
  // Joined into strings so the form's memoised uiSchema and validator change only with the sets.
  const hiddenKey = useMemo(
    () => (current ? hiddenPaths(definition.machine, current.id, context.data as D).join('|') : ''),
    [definition, current, context.data],
  );
  const lockedKey = useMemo(
    () => (current ? [...presetPaths(purchase?.preset, current.id), ...lockedPaths(definition.machine, current.id, context.data as D)].join('|') : ''),
    [definition, purchase, current, context.data],
  );
  const hidden = useMemo(() => (hiddenKey ? hiddenKey.split('|') : []), [hiddenKey]);
  const locked = useMemo(() => (lockedKey ? lockedKey.split('|') : []), [lockedKey]);
  const error = context.error;
  // A refusal placed on a field the step draws is said there, once: not also above the step.
  const refusedField = error && !error.modal ? error.field : undefined;
  const refusal = refusedField && refusedField.step === current?.id && !hidden.includes(refusedField.path) ? error : null;
  const webview = layout === 'webview';
  // A claim lists what it claims above the step that files it, for the consent to be given to it.
  const onSummaryStep = current?.component === 'payment' || current?.component === 'download' || (!purchase && current?.submit === 'save');
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
          className={webview || !purchase || (current.component ?? 'form') !== 'form' ? 'space-y-4' : 'grid grid-cols-[minmax(0,1fr)] items-start gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]'}
        >
          <div className="min-w-0">
            <h2 ref={stepHeading} tabIndex={-1} className={`${current.description ? 'mb-1' : 'mb-4'} text-xl font-semibold text-slate-900 outline-none`}>
              {i18n._(current.title)}
            </h2>
            {current.description && <p className="mb-4 text-sm text-slate-600">{i18n._(current.description)}</p>}
            <StepBoundary key={current.id} step={current}>
              {/* The step's parts appear together: a bar drawn after the form would push the fields a visitor is tapping down the screen. */}
              <Suspense fallback={<StepLoading />}>
                {purchase?.reset?.steps.includes(current.id) && (
                  <ResetBar
                    label={purchase.reset.label}
                    subject={context.catalog === null ? null : (purchase.reset.subject?.(context.data as D, context.catalog as C) ?? null)}
                    disabled={busy}
                    onReset={onRestart}
                  />
                )}
                {error && !error.modal && !refusal && (
                  <p ref={showInView} role="alert" className="mb-4 rounded-lg bg-red-50 p-3 text-red-800">
                    {i18n._(error.messageId, error.values)}
                  </p>
                )}
                {!purchase && summary.length > 0 && (current.component ?? 'form') === 'form' && (
                  <div className="mb-6 rounded-xl border border-slate-200 bg-white p-4">
                    <PurchaseSummary title={definition.title} rows={summary} total={null} />
                  </div>
                )}
                {(current.component ?? 'form') === 'form' && (
                  <ValidatedStepForm
                    key={current.id}
                    step={current}
                    formData={context.data[current.id]}
                    fieldErrors={context.fieldErrors[current.id]}
                    refusal={refusal}
                    flow={flow}
                    price={context.price}
                    hidden={hidden}
                    locked={locked}
                    loading={busy}
                    canGoBack={index > 0}
                    {...(!purchase && current.submit === 'save' ? { nextLabel: 'engine.claim.file' } : {})}
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
              {current.component === 'receipt' && claim && (
                <Suspense fallback={<StepLoading />}>
                  <ReceiptStep receipt={context.receipt} documents={claim.documents} {...(props.applicationsHref ? { applicationsHref: props.applicationsHref } : {})} />
                </Suspense>
              )}
            </StepBoundary>
          </div>
          {purchase && (current.component ?? 'form') === 'form' && <PriceBox price={context.price} quoting={quoting} />}
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

/** An object of the same value as the one seen before is that earlier object. */
function useStable<T>(value: T): T {
  const kept = useRef(value);
  if (kept.current !== value && !deepEquals(kept.current, value)) kept.current = value;
  return kept.current;
}
