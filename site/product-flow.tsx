import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { FlowRunner } from '../engine/flow-runner';
import { isClaim, type FlowData, type FlowDefinition, type PayLink, type ProductDefinition } from '../engine/definition';
import { api } from './api/site-api';
import { loadStepParts } from '../engine/step-parts';
import { prepareFlow, preparedFlow } from './flow-preparation';
import { schedulePreload, type ConnectionInfo } from './navigation/preload';
import type { FlowKind, SiteProduct } from './site-product';
import { useLang } from './use-lang';
import { maySignedIn } from './renewal/renew-param';
import type { RenewRefusal, RenewStart } from './renewal/renew-start';

type ProductState = { status: 'loading' } | { status: 'ready'; definition: FlowDefinition<FlowData, unknown> } | { status: 'failed' };

/**
 * The product's definition, validators and messages: ready at once when they were loaded before the
 * page rendered (a hydrated or server-rendered flow page), else loaded; `retry` tries again after a failure.
 */
function useProduct(product: SiteProduct, kind: FlowKind): { state: ProductState; retry: () => void } {
  const { id } = product.manifest;
  const lang = useLang();
  const [state, setState] = useState<ProductState>(() => {
    const definition = preparedFlow(product, lang, kind);
    return definition ? { status: 'ready', definition } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    const definition = preparedFlow(product, lang, kind);
    if (definition) {
      setState((previous) => (previous.status === 'ready' && previous.definition === definition ? previous : { status: 'ready', definition }));
      return;
    }
    setState({ status: 'loading' });
    prepareFlow(product, kind).then(
      (definition) => current && setState({ status: 'ready', definition }),
      (error: unknown) => {
        console.error(`product ${id} failed to load`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [id, product, lang, kind, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

/** Where a flow keeps its step: the page address's `?step=`, read and written by whoever owns the address. */
export interface StepAddress {
  /** The `?step=` value, or null. */
  step: string | null;
  /** Push when the visitor moves on, replace on arrival or resume. */
  onStepChange: (stepId: string, mode: 'push' | 'replace') => void;
  /** The page address (with `ad` and every other parameter) that opens the flow at a step. */
  stepHref: (stepId: string) => string;
}

/** A policy the address asks to renew (`?renew=`), and how the address lets go of it once taken. */
export interface RenewRequest {
  id: string;
  /** Takes `renew` out of the address (a reload then resumes from the draft). */
  taken: () => void;
}

export interface ProductFlowProps {
  product: SiteProduct;
  /** The product's purchase (default) or its insurance-event claim. */
  flow?: FlowKind;
  webview: boolean;
  address: StepAddress;
  /** The catalog the server drew the page with: the flow starts on it instead of asking for one. */
  initialCatalog?: unknown;
  renew?: RenewRequest | null;
}

type Renewing = { status: 'asking' } | { status: 'done'; start?: { data: FlowData; catalog: unknown }; message?: RenewRefusal };

/**
 * A renewal asked for by the address, started once the definition is there: its code loads only
 * then. A visitor not signed in goes to the sign-in page, which sends them back to this address.
 */
function useRenewal(renew: RenewRequest | null | undefined, definition: ProductDefinition<FlowData, unknown> | null, initialCatalog: unknown): Renewing | null {
  const lang = useLang();
  const [renewing, setRenewing] = useState<Renewing | null>(() => (renew ? { status: 'asking' } : null));
  // Asked once per page, whatever redraws the address's letting go of `renew` brings.
  const asked = useRef(false);
  useEffect(() => {
    if (!renew || !definition || asked.current) return;
    asked.current = true;
    void import('./renewal/renew-start')
      .then(({ renewStart }) => renewStart(definition, api, renew.id, initialCatalog))
      .catch((): RenewStart | null => null)
      .then((outcome) => {
        if (outcome === null) return setRenewing({ status: 'done', message: 'site.renew.failed' });
        if (outcome.kind === 'sign-in') {
          window.location.assign(`/${lang}/login?next=${encodeURIComponent(`${window.location.pathname}${window.location.search}`)}`);
          return;
        }
        renew.taken();
        setRenewing(outcome.kind === 'start'
          ? { status: 'done', start: { data: outcome.data, catalog: outcome.catalog } }
          : { status: 'done', start: { data: outcome.data, catalog: initialCatalog }, message: outcome.message });
      });
  }, [renew, definition, initialCatalog, lang]);
  return renewing;
}

/**
 * A product's purchase flow: its definition loaded (or a loading state, or a retry after a failure),
 * then run by the engine against the site's API. It knows no router: the page hands it the address.
 */
export function ProductFlow({ product, flow = 'purchase', webview, address, initialCatalog, renew }: ProductFlowProps) {
  const { i18n } = useLingui();
  const lang = useLang();
  const { state, retry } = useProduct(product, flow);
  // A claim is neither renewed nor offered the client's details: it starts from its own first step.
  const purchase = state.status === 'ready' && !isClaim(state.definition) ? state.definition : null;
  const renewing = useRenewal(renew, purchase, initialCatalog);
  const runnerStarted = useRef(false);
  const ready = state.status === 'ready' && renewing?.status !== 'asking';
  useEffect(() => {
    if (ready) runnerStarted.current = true;
  }, [ready]);
  // A signed-in client's profile is asked only for a new flow (the runner decides), and its code loads only then.
  const applicantOffer = useMemo(
    () => (flow === 'purchase' && typeof document !== 'undefined' && maySignedIn(document) ? () => import('./renewal/client-offer').then(({ clientOffer }) => clientOffer(api)) : undefined),
    [flow],
  );
  // Through the server's `/pay/<provider>/<contract>` in the page's language (server/routes/pay says why).
  const payLink = useCallback<PayLink>((provider, contractId) => `/pay/${provider}/${encodeURIComponent(contractId)}?lang=${lang}`, [lang]);
  const steps = state.status === 'ready' ? state.definition.steps : null;
  // What the steps after the first draw with (widgets, validators) is fetched when the page is idle,
  // before the visitor reaches them: a step at a time, as the visitor may be typing meanwhile.
  useEffect(() => {
    if (!steps) return;
    schedulePreload(
      steps.map((step) => () => loadStepParts(step)),
      { connection: (navigator as Navigator & { connection?: ConnectionInfo }).connection, oneAtATime: true },
    );
  }, [steps]);
  if (state.status === 'loading' || renewing?.status === 'asking') {
    return (
      <div className="flex min-h-64 items-center justify-center" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="sr-only">{i18n._('site.loading')}</span>
      </div>
    );
  }
  if (state.status === 'failed') {
    return (
      <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-950">
        <p className="font-semibold">{i18n._('site.product.loadFailed')}</p>
        <button type="button" className="btn-secondary mt-3" onClick={retry}>
          {i18n._('site.action.retry')}
        </button>
      </div>
    );
  }
  // The flow starts on the renewal once: drawn again (another language), it resumes from its draft.
  const start = renewing?.status === 'done' && !runnerStarted.current ? renewing.start : undefined;
  return (
    <>
      {renewing?.status === 'done' && renewing.message && (
        <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 text-amber-900">
          {i18n._(renewing.message)}
        </p>
      )}
      <FlowRunner
      definition={state.definition}
      api={api}
      stepInUrl={address.step}
      onStepChange={address.onStepChange}
      stepHref={address.stepHref}
      payLink={payLink}
      applicationsHref={`/${lang}/dashboard/applications`}
      layout={webview ? 'webview' : 'default'}
      initialCatalog={start ? start.catalog : initialCatalog}
      {...(start ? { start: start.data } : {})}
      {...(applicantOffer ? { applicantOffer } : {})}
      />
    </>
  );
}
