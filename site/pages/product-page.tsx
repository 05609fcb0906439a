import { useCallback, useContext, useMemo, useState } from 'react';
import { useLocation, useMatches, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { IslandElement } from '../flow-island';
import { IslandSlotContext } from '../island-slot';
import { ProductFlow, type RenewRequest, type StepAddress } from '../product-flow';
import { renewIdOf, withoutRenew } from '../renewal/renew-param';
import { productById } from '../products';
import type { FlowKind, SiteProduct } from '../site-product';
import { routeHandle } from '../route-handle';
import { SectionBoundary } from '../section-boundary';
import { usePageTitle } from '../use-page-title';

/** The step address kept in the router's location, for a flow page opened inside the site's router. */
function useRouterStepAddress(): StepAddress {
  const [searchParams, setSearchParams] = useSearchParams();
  const { pathname } = useLocation();
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
  const query = searchParams.toString();
  const stepHref = useCallback(
    (stepId: string) => {
      const next = new URLSearchParams(query);
      next.set('step', stepId);
      return `${pathname}?${next.toString()}`;
    },
    [pathname, query],
  );
  const step = searchParams.get('step');
  return useMemo(() => ({ step, onStepChange, stepHref }), [step, onStepChange, stepHref]);
}

/** The policy the router's address asks to renew, read once; taken, `renew` leaves the address. */
function useRouterRenewRequest(): RenewRequest | null {
  const [searchParams, setSearchParams] = useSearchParams();
  const [id] = useState(() => renewIdOf(`?${searchParams.toString()}`));
  const taken = useCallback(() => {
    setSearchParams((previous) => new URLSearchParams(withoutRenew(`?${previous.toString()}`)), { replace: true, preventScrollReset: true });
  }, [setSearchParams]);
  return useMemo(() => (id === null ? null : { id, taken }), [id, taken]);
}

/** A product's flow (its purchase, or with `flow` its claim) inside the site's router. */
export function RoutedProductFlow({ product, webview, flow = 'purchase' }: { product: SiteProduct; webview: boolean; flow?: FlowKind }) {
  const renew = useRouterRenewRequest();
  return <ProductFlow product={product} flow={flow} webview={webview} address={useRouterStepAddress()} renew={flow === 'purchase' ? renew : null} />;
}

/**
 * A product's purchase flow page (`/travel`, `/housing`, their `/mobile/…` webview variants). Drawn
 * by the server, the flow's element stays empty here and is filled with the island's own render
 * (site/flow-island.tsx); opened inside the router (a link followed in the browser) the flow runs in place.
 */
export default function ProductPage() {
  const { i18n } = useLingui();
  const handle = routeHandle(useMatches());
  const islandSlot = useContext(IslandSlotContext);
  const product = handle?.product ? productById(handle.product) : undefined;
  const title = product ? i18n._(product.manifest.title) : null;
  usePageTitle(title);
  if (!product) throw new Error('product page route has no registered product');
  const webview = handle?.layout === 'webview';
  const { id } = product.manifest;
  return (
    <div className={webview ? '' : 'mx-auto max-w-6xl px-4 py-8 sm:py-12'}>
      <h1 id="page-title" className={webview ? 'mb-1 text-xl font-bold' : 'mb-2 text-3xl font-bold'}>
        {title}
      </h1>
      {/* What the product covers, as the home page's card says it: the visitor sees it with the first response (prerendered). */}
      <p className={webview ? 'mb-3 text-ink-soft' : 'mb-6 max-w-3xl text-lg text-ink-soft'}>{i18n._(product.manifest.summary)}</p>
      <IslandElement product={id} webview={webview}>
        {!islandSlot && (
          <SectionBoundary>
            <RoutedProductFlow key={id} product={product} webview={webview} />
          </SectionBoundary>
        )}
      </IslandElement>
    </div>
  );
}
