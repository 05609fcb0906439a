/*
 * The scripts of a flow page (server/lib/page-shell.ts sends this entry instead of the site's for
 * product pages): they hydrate the flow's island only, so the page loads no router and no layout code.
 */
import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { loadDraft } from '../engine/draft';
import { hasFileFields } from '../engine/files/on-demand';
import { claimPartLoaders, flowPartLoaders, flowReturnPath } from '../engine/flow-runner';
import { flowMachineFor } from '../engine/machine';
import { api, loadApiClient } from './api/site-api';
import { loadNextStepAnew, stepHrefAt } from './history-step-address';
import { flowIslandId } from '../products/kit/site/site-pages';
import { FlowIsland } from './flow-island';
import { prepareFlow, readRenderedCatalog } from './flow-preparation';
import { catalogs, preloadCatalogs } from './i18n';
import { detectBrowserLang, langFromPath } from './language';
import { buildPollIntervalMs } from './navigation/build-poll';
import { reloadOnChunkFailures } from './navigation/chunk-guard';
import { chunkGuard } from './navigation/site-chunk-guard';
import { showCurrentProduct } from './navigation/current-pill';
import { dismissMenusOnOutsideAction } from './navigation/menu-dismiss';
import { schedulePreload, type ConnectionInfo } from './navigation/preload';
import { knowProductPages } from './partner';
import { loadSiteProduct } from './site-product';
import { renewIdOf } from './renewal/renew-param';

// First, so a module of the flow that fails to load (a chunk gone with a deployment) reloads the page.
const rootOptions = reloadOnChunkFailures(chunkGuard, window);
showCurrentProduct();
dismissMenusOnOutsideAction();
const element = document.getElementById(flowIslandId);
const lang = langFromPath(window.location.pathname) ?? detectBrowserLang();
// The language's catalog index loads beside the product's manifest, not after it.
preloadCatalogs(lang);
const product = await loadSiteProduct(element?.dataset.product ?? '');
if (!element || !product) throw new Error(`flow page without its island (#${flowIslandId} naming a product)`);
const { id } = product.manifest;
// The product's claim (an insurance-event page) or its purchase.
const flow = element.dataset.flow === 'claim' ? 'claim' : 'purchase';
knowProductPages([product.manifest]);

// A page the server drew with its first step carries the catalog it used: the flow's definition and
// messages load before hydrating, so the first render draws that same step, without a catalog request.
const rendered = readRenderedCatalog(document);
const initialCatalog = rendered?.product === id ? rendered.catalog : undefined;
const [definition] = await Promise.all([initialCatalog === undefined ? null : prepareFlow(product, flow), catalogs.activate(lang)]);

const island = (
  <StrictMode>
    <FlowIsland product={product} flow={flow} webview={element.dataset.layout === 'webview'} pathname={window.location.pathname} initialCatalog={initialCatalog} />
  </StrictMode>
);
// The flow's machine is made in a task of its own before hydrating, so the flow's first render, a
// task React cannot split, finds it made (`flowMachineFor`): on a phone, building it there made that
// one task long enough to hold a tap. Same deps as the island's FlowRunner, or it would build its own.
if (definition && !hasFileFields(definition.steps)) {
  await new Promise((resolve) => setTimeout(resolve, 0));
  flowMachineFor(definition, { api, returnPath: flowReturnPath(definition, (step) => stepHrefAt(window.location.pathname, step)) });
  await new Promise((resolve) => setTimeout(resolve, 0));
}

// A visitor coming back with a draft resumes on their own step, not the one the HTML shows, and a
// renewal starts from the policy once it is read: both drawn anew.
if (definition && (loadDraft(window.sessionStorage, definition) || renewIdOf(window.location.search))) createRoot(element, rootOptions).render(island);
// Hydrated as a transition, so React yields to the browser every few milliseconds instead of holding
// the main thread for the whole island (long tasks a phone's visitor feels as a page that ignores taps).
else startTransition(() => {
  hydrateRoot(element, island, rootOptions);
});

// What the flow loads later (the API client with its first call, the payment and download steps) is
// fetched ahead when the page is idle, a part at a time, as the visitor may be typing meanwhile.
schedulePreload([loadApiClient, ...(flow === 'claim' ? claimPartLoaders : flowPartLoaders)], { connection: (navigator as Navigator & { connection?: ConnectionInfo }).connection, oneAtATime: true });

// A new deployment is looked for as on the site's other pages, and found, makes the next step a page
// load of the new build. The watcher loads when its first poll is due: no part of the page's first load
// (a failed load reaches the chunk guard as any other).
setTimeout(async () => {
  const version = await import('./navigation/build-version');
  const watcher = version.thisBuildWatcher({ intervalMs: buildPollIntervalMs, onStale: loadNextStepAnew });
  void watcher.check();
  watcher.start();
}, buildPollIntervalMs);
