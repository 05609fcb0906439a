import { useContext, useEffect } from 'react';
import { useMatches } from 'react-router';
import { useLingui } from '@lingui/react';
import { IslandElement } from '../flow-island';
import { catalogs } from '../i18n';
import { claimFormCatalogs } from '../flow-preparation';
import { IslandSlotContext } from '../island-slot';
import { RoutedProductFlow } from '../pages/product-page';
import { productById } from '../products';
import { routeHandle } from '../route-handle';
import { SectionBoundary } from '../section-boundary';
import { usePageTitle } from '../use-page-title';
import { useLang } from '../use-lang';
import { claimTitle } from './claim-title';

/**
 * A product's insurance-event page (`/insurance-event/<product>`): its claim, run by the engine as
 * its purchase is. Drawn by the server, the claim's element is filled by the island's own render
 * (site/flow-island.tsx); opened inside the router, the claim runs in place.
 */
export default function ClaimPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const handle = routeHandle(useMatches());
  const islandSlot = useContext(IslandSlotContext);
  const product = handle?.product ? productById(handle.product) : undefined;
  // The page's texts are the claims', which a page opened inside the router may not have loaded yet.
  useEffect(() => void catalogs.require('claim-form', claimFormCatalogs).catch(() => undefined), []);
  const title = product ? claimTitle(i18n, product.manifest.title, catalogs.has(lang, 'claim-form')) : null;
  usePageTitle(title);
  if (!product) throw new Error('claim page route has no registered product');
  const { id } = product.manifest;
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-12">
      <h1 id="page-title" className="mb-2 text-3xl font-bold">
        {title}
      </h1>
      <p className="mb-6 max-w-3xl text-lg text-ink-soft">{i18n._('engine.claim.page.lead')}</p>
      <IslandElement product={id} webview={false} flow="claim">
        {!islandSlot && (
          <SectionBoundary>
            <RoutedProductFlow key={id} product={product} webview={false} flow="claim" />
          </SectionBoundary>
        )}
      </IslandElement>
    </div>
  );
}
