import { useCallback, useContext, useEffect, useState } from 'react';
import { useLocation, useMatches, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { FlowRunner } from '../../engine/flow-runner';
import { api } from '../api/site-api';
import type { FlowData, ProductDefinition } from '../../engine/definition';
import { prepareFlow, preparedFlow, RenderedCatalogContext } from '../flow-preparation';
import { productById, type SiteProduct } from '../products';
import { routeHandle } from '../route-handle';
import { SectionBoundary } from '../section-boundary';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';

type ProductState = { status: 'loading' } | { status: 'ready'; definition: ProductDefinition<FlowData, unknown> } | { status: 'failed' };

/**
 * The product's definition, validators and messages: ready at once when they were loaded before the
 * page rendered (a hydrated or server-rendered flow page), else loaded; `retry` tries again after a failure.
 */
function useProduct(product: SiteProduct): { state: ProductState; retry: () => void } {
  const { id } = product.manifest;
  const lang = useLang();
  const [state, setState] = useState<ProductState>(() => {
    const definition = preparedFlow(product, lang);
    return definition ? { status: 'ready', definition } : { status: 'loading' };
  });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let current = true;
    const definition = preparedFlow(product, lang);
    if (definition) {
      setState((previous) => (previous.status === 'ready' && previous.definition === definition ? previous : { status: 'ready', definition }));
      return;
    }
    setState({ status: 'loading' });
    prepareFlow(product).then(
      (definition) => current && setState({ status: 'ready', definition }),
      (error: unknown) => {
        console.error(`product ${id} failed to load`, error);
        if (current) setState({ status: 'failed' });
      },
    );
    return () => {
      current = false;
    };
  }, [id, product, lang, attempt]);
  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}

function ProductFlow({ product, webview }: { product: SiteProduct; webview: boolean }) {
  const { i18n } = useLingui();
  const { state, retry } = useProduct(product);
  const [searchParams, setSearchParams] = useSearchParams();
  const rendered = useContext(RenderedCatalogContext);
  const initialCatalog = rendered?.product === product.manifest.id ? rendered.catalog : undefined;

  const onStepChange = useCallback(
    (stepId: string, mode: 'push' | 'replace') => {
      // Only `step` changes; `ad` and any other parameter stay in the URL.
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          next.set('step', stepId);
          return next;
        },
        { replace: mode === 'replace', preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  // Links into this flow keep `ad` and every other parameter; only `step` differs.
  const { pathname } = useLocation();
  const query = searchParams.toString();
  const stepHref = useCallback(
    (stepId: string) => {
      const next = new URLSearchParams(query);
      next.set('step', stepId);
      return `${pathname}?${next.toString()}`;
    },
    [pathname, query],
  );

  if (state.status === 'loading') {
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
  return (
    <FlowRunner
      definition={state.definition}
      api={api}
      stepInUrl={searchParams.get('step')}
      onStepChange={onStepChange}
      stepHref={stepHref}
      layout={webview ? 'webview' : 'default'}
      initialCatalog={initialCatalog}
    />
  );
}

/** A product's purchase flow page (`/travel`, `/housing`, their `/mobile/…` webview variants). */
export default function ProductPage() {
  const { i18n } = useLingui();
  const handle = routeHandle(useMatches());
  const product = handle?.product ? productById(handle.product) : undefined;
  const title = product ? i18n._(product.manifest.title) : null;
  usePageTitle(title);
  if (!product) throw new Error('product page route has no registered product');
  const webview = handle?.layout === 'webview';
  return (
    <div className={webview ? '' : 'mx-auto max-w-6xl px-4 py-8 sm:py-12'}>
      <h1 id="page-title" className={webview ? 'mb-1 text-xl font-bold' : 'mb-2 text-3xl font-bold'}>
        {title}
      </h1>
      {/* What the product covers, as the home page's card says it: the visitor sees it with the first response (prerendered). */}
      <p className={webview ? 'mb-3 text-ink-soft' : 'mb-6 max-w-3xl text-lg text-ink-soft'}>{i18n._(product.manifest.summary)}</p>
      <SectionBoundary>
        <ProductFlow key={product.manifest.id} product={product} webview={webview} />
      </SectionBoundary>
    </div>
  );
}
