import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import {
  findSitePage, flowIslandId, notFoundPath, notFoundPlaceholder, orderLookupStates, prerenderAddress, prerenderedFile, prerenderedLookupFile, prerendered, scriptless, serverErrorFile, sitePages,
  type ContractStanding, type OrderLookupState,
} from '../products/kit/site/site-pages';
import type { ApiPort } from '../engine/definition';
import { ContractStandingContext } from './contract-standing';
import { FlowIsland } from './flow-island';
import { IslandSlotContext } from './island-slot';
import { OrderLookupContext } from './order-lookup';
import { claimFormCatalogs, prepareFlow, renderedCatalogElement, type RenderedCatalog } from './flow-preparation';
import { catalogs, i18n, pageCatalogs, productCatalogs } from './i18n';
import { claimTitle } from './claim/claim-title';
import { defaultLang, languages, localePath, type Lang } from './language';
import { claimProducts, productById, products } from './products';
import { createRouteObjects } from './router';
import { siteRouterComponents } from './router-components';
import type { RouteHandle } from './route-handle';

/**
 * Renders pages of the site to HTML at build time (tools/prerender.ts), with the same route
 * objects, layouts and catalogs as the browser: what a visitor's first response holds before any
 * script runs. Built by Vite as a server bundle (`vite build --ssr site/prerender.tsx`).
 */

const routeObjects = createRouteObjects(
  {
    activateLang: (lang) => catalogs.activate(lang),
    detectLang: () => defaultLang,
    saveLang: () => undefined,
    // Redirects are the server's to answer at request time, not the build's.
    lookupRedirect: async () => null,
    assign: () => undefined,
    isStale: () => false,
    chunkGuard: { load: (page) => page() },
  },
  siteRouterComponents,
);
const handler = createStaticHandler(routeObjects);
// Pages are drawn as the site's entry draws them: with their own texts (a flow's island needs none of them).
void catalogs.require('pages', pageCatalogs);
void catalogs.require('products', productCatalogs);
const pages = sitePages(products.map((product) => product.manifest), claimProducts);

export interface PrerenderedPage {
  /** The address rendered (`/ru/travel`). */
  path: string;
  /** Where the server looks for it, relative to the built site. */
  file: string;
  /** The markup of `#root`. */
  html: string;
  /** The document title, as the page sets it in the browser. */
  title: string;
  /** The meta description: the product's summary, else the site's, in the page's language. */
  description: string;
  lang: Lang;
  /** False for pages that work as plain HTML (the home page): sent without the site's scripts. */
  hydrate: boolean;
}

export interface PrerenderTarget {
  path: string;
  file: string;
  lang: Lang;
  hydrate: boolean;
  /** Rendered as the page of a request that failed (the 500 page in the layout). */
  failed?: boolean;
  /** The Paynet page showing this answer of an order lookup (with placeholders the server fills in). */
  lookup?: OrderLookupState;
  /** The thank-you page showing this standing of its contract (drawn by the server per request). */
  standing?: ContractStanding;
}

/**
 * Every page the build prerenders: the home page, each product's page and webview page, the
 * thank-you page (checking a contract) and the Paynet page (also once per answer of its order
 * lookup), in each language, and the 404 and 500 pages (for the placeholder address the server replaces).
 */
export function prerenderTargets(): PrerenderTarget[] {
  const targets = pages.filter(prerendered).flatMap((page) =>
    languages.flatMap((lang): PrerenderTarget[] => {
      const file = prerenderedFile(page, lang);
      // The 404 page is rendered for a placeholder address and sent as plain HTML (no script to hydrate it).
      if (page.path === notFoundPath) return [{ path: `/${lang}${notFoundPlaceholder}`, file, lang, hydrate: false }];
      const target = { path: localePath(lang, prerenderAddress(page)), file, lang, hydrate: !scriptless(page) };
      const lookups = page.kind === 'paynet' ? orderLookupStates.map((lookup) => ({ ...target, file: prerenderedLookupFile(lang, lookup), lookup })) : [];
      return [target, ...lookups];
    }),
  );
  const errors = languages.map((lang) => ({ path: `/${lang}${notFoundPlaceholder}`, file: serverErrorFile(lang), lang, hydrate: false, failed: true }));
  return [...targets, ...errors];
}

/** The page's markup with `island` inside its (empty) island element. */
function withIsland(page: string, island: string): string {
  const slot = new RegExp(`(<div id="${flowIslandId}"[^>]*>)(</div>)`);
  if (!slot.test(page)) throw new Error(`the page has no empty #${flowIslandId} element to put its flow in`);
  return page.replace(slot, (_match, open: string, close: string) => `${open}${island}${close}`);
}

/** What the layout's error boundary receives for the 500 page: a route error response, not a crash. */
const serverError = { status: 500, statusText: 'Internal Server Error', internal: false, data: null };

/**
 * A page rendered as the browser renders it on arrival: a flow shows its title and the loading
 * state, or, given the catalog it was `rendered` with, its first step and price.
 */
export async function prerender(target: PrerenderTarget, rendered: RenderedCatalog | null = null): Promise<PrerenderedPage> {
  const context = await handler.query(new Request(`http://localhost${target.path}`));
  if (context instanceof Response) throw new Error(`${target.path} redirects (HTTP ${context.status}); only pages are prerendered`);
  const notFound = target.path.endsWith(notFoundPlaceholder) && !target.failed;
  // The catch-all route renders the 404 page like any page; its HTTP status is the server's to set.
  if (context.statusCode !== 200) throw new Error(`${target.path} answers HTTP ${context.statusCode}`);
  if (target.failed) {
    // The layout route fails (the deepest with an error boundary below the root), so its boundary draws the 500 page inside the layout.
    const layoutRoute = context.matches.findLast((match) => match.route.id !== 'root' && match.route.hasErrorBoundary)?.route.id;
    if (!layoutRoute) throw new Error(`${target.path} has no layout route to fail in`);
    context.errors = { [layoutRoute]: serverError };
    context.statusCode = 500;
  }
  const router = createStaticRouter(handler.dataRoutes, context);
  const handle = context.matches.map((match) => match.route.handle as RouteHandle | undefined).findLast((h) => h?.product);
  const product = target.failed ? undefined : handle?.product;
  const claim = handle?.flow === 'claim';
  // A claim page's title and lead are the claims' texts.
  if (claim) await catalogs.require('claim-form', claimFormCatalogs);
  // A flow page is drawn around an empty island element; the island's own tree is rendered apart and
  // put in it, the very tree the browser hydrates there (site/flow-main.tsx).
  const page = renderToString(
    <StrictMode>
      <IslandSlotContext value={product !== undefined}>
        <OrderLookupContext value={target.lookup ?? null}>
          <ContractStandingContext value={target.standing ?? null}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </ContractStandingContext>
        </OrderLookupContext>
      </IslandSlotContext>
    </StrictMode>,
  );
  const siteProduct = product === undefined ? undefined : productById(product);
  const html = siteProduct === undefined ? page : withIsland(page, renderToString(
    <StrictMode>
      <FlowIsland product={siteProduct} flow={claim ? 'claim' : 'purchase'} webview={handle?.layout === 'webview'} pathname={new URL(target.path, 'http://localhost').pathname} initialCatalog={rendered?.product === siteProduct.manifest.id ? rendered.catalog : undefined} />
    </StrictMode>,
  ));
  // The title usePageTitle sets in the browser: "<product> — <brand>", or the brand alone.
  const manifest = siteProduct?.manifest;
  const brand = i18n._('site.brand');
  const ownTitle = findSitePage(new URL(target.path, 'http://localhost').pathname, pages)?.page.title;
  const pageTitle = target.failed
    ? i18n._('pages.serverError.title')
    : notFound
      ? i18n._('pages.notFound.title')
      : manifest
        ? claim ? claimTitle(i18n, manifest.title) : i18n._(manifest.title)
        : ownTitle
          ? i18n._(ownTitle)
          : null;
  // What search results quote under the title: the product's summary, else what the site offers, in the page's language.
  const description = i18n._(manifest?.summary ?? 'site.footer.about');
  return { ...target, html, title: pageTitle ? `${pageTitle} — ${brand}` : brand, description };
}

// One render at a time: the catalogs and the active language are the process's, and a render must
// not see another's language switched in between its loading and its drawing.
let renderQueue: Promise<unknown> = Promise.resolve();

function queued<T>(run: () => Promise<T>): Promise<T> {
  const result = renderQueue.then(run, run);
  renderQueue = result.catch(() => undefined);
  return result;
}

/**
 * A product's flow page (its purchase's, or with `flow` its claim's) as a first-time visitor sees it
 * once the flow has loaded: the first step's form and price, drawn with the catalog `api` answers now
 * (the server passes its own API, so the figures are the live tariff's; a claim's, a visitor's signed
 * out), and that catalog in `tail` for the browser to hydrate on.
 * `address` is the page's prerender address (`/ru/travel`).
 */
export function renderFlowPage(address: string, productId: string, api: ApiPort, flow: 'purchase' | 'claim' = 'purchase'): Promise<PrerenderedPage & { tail: string }> {
  const run = async () => {
    const product = productById(productId);
    const target = prerenderTargets().find((candidate) => candidate.path === address && candidate.hydrate && !candidate.failed);
    if (!product || !target) throw new Error(`${address} is no flow page of "${productId}"`);
    await catalogs.activate(target.lang);
    const definition = await prepareFlow(product, flow);
    const rendered = { product: productId, catalog: await definition.binding.load(api) };
    return { ...(await prerender(target, rendered)), tail: renderedCatalogElement(rendered) };
  };
  return queued(run);
}

/**
 * The thank-you page at `address` (`/ru/thank-you/<id>`, or with `?contract_id=`) showing what the
 * server found of its contract, as plain HTML: it needs no script, and checking again is loading it again.
 */
export function renderThankYouPage(address: string, standing: ContractStanding): Promise<PrerenderedPage> {
  return queued(async () => {
    const { pathname } = new URL(address, 'http://localhost');
    const found = findSitePage(pathname, pages);
    if (found?.page.kind !== 'thank-you' || !found.lang) throw new Error(`${pathname} is no thank-you page`);
    await catalogs.activate(found.lang);
    return prerender({ path: address, file: '', lang: found.lang, hydrate: false, standing });
  });
}
