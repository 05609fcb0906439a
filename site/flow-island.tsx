import { useState, type ReactNode } from 'react';
import { I18nProvider } from '@lingui/react';
import { flowIslandId } from '../products/kit/site/site-pages';
import { i18n } from './i18n';
import { languages, switchLangPath } from './language';
import { ProductFlow, type RenewRequest, type StepAddress } from './product-flow';
import { renewIdOf, withoutRenew } from './renewal/renew-param';
import { SectionBoundary } from './section-boundary';
import type { FlowKind, SiteProduct } from './site-product';
import { useHistoryStepAddress } from './history-step-address';
import { Toaster } from './toast/toaster';

/**
 * A flow page is a document with one island: the server sends the page (layout, title, the flow's
 * first step) as HTML, and the browser's scripts (site/flow-main.tsx) hydrate only the flow's
 * element. The page around it is plain HTML, so a flow page loads no router.
 */

export interface FlowIslandProps {
  product: SiteProduct;
  /** The product's purchase (default) or its claim. */
  flow?: FlowKind;
  webview: boolean;
  /** The page's path (`/ru/travel/neo`). */
  pathname: string;
  /** The catalog the server drew the flow with, or undefined when the flow loads one. */
  initialCatalog?: unknown;
}

/** The island's element with what the browser needs to start it: which product, which of its flows, which layout. */
export function IslandElement({ product, webview, flow = 'purchase', children }: { product: string; webview: boolean; flow?: FlowKind; children?: ReactNode }) {
  return (
    <div id={flowIslandId} data-product={product} data-flow={flow} data-layout={webview ? 'webview' : 'default'}>
      {children}
    </div>
  );
}

/** The static page's language links carry the query (`?step=`): kept pointing at the step the visitor is on. */
function mendLanguageLinks(): void {
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[hreflang]')) {
    const lang = languages.find((candidate) => candidate === link.hreflang);
    if (lang) link.href = switchLangPath(lang, window.location);
  }
}

/** The policy the page's address asks to renew (read once: the address lets go of it when taken). */
function useRenewRequest(): RenewRequest | null {
  const [renew] = useState(() => {
    const id = typeof window === 'undefined' ? null : renewIdOf(window.location.search);
    return id === null ? null : {
      id,
      taken: () => {
        const { pathname, search, hash } = window.location;
        window.history.replaceState(window.history.state, '', `${pathname}${withoutRenew(search)}${hash}`);
        mendLanguageLinks();
      },
    };
  });
  return renew;
}

function IslandFlow({ product, flow = 'purchase', webview, pathname, initialCatalog }: FlowIslandProps) {
  const address: StepAddress = useHistoryStepAddress(pathname, mendLanguageLinks);
  const renew = useRenewRequest();
  return <ProductFlow product={product} flow={flow} webview={webview} address={address} initialCatalog={initialCatalog} renew={flow === 'purchase' ? renew : null} />;
}

/** The island's tree: translations, the flow behind its error boundary, and the page's toasts. */
export function FlowIsland(props: FlowIslandProps) {
  return (
    <I18nProvider i18n={i18n}>
      <SectionBoundary>
        <IslandFlow {...props} />
      </SectionBoundary>
      <Toaster />
    </I18nProvider>
  );
}
