import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './app.css';
import { loadDraft } from '../engine/draft';
import { prepareFlow, readRenderedCatalog, RenderedCatalogContext, type RenderedCatalog } from './flow-preparation';
import { catalogs } from './i18n';
import { productById } from './products';
import { detectBrowserLang, langFromPath, saveLang } from './language';
import { createRouteObjects } from './router';
import { siteRouterComponents } from './router-components';
import { routes } from './routes';
import { chunkGuard, siteRedirectLookup, versionWatcher } from './navigation/site-services';
import { schedulePreload, type ConnectionInfo } from './navigation/preload';

const routeObjects = createRouteObjects(
  {
    activateLang: (lang) => catalogs.activate(lang),
    detectLang: detectBrowserLang,
    saveLang,
    lookupRedirect: siteRedirectLookup,
    assign: (url) => window.location.assign(url),
    isStale: versionWatcher.isStale,
    chunkGuard,
  },
  siteRouterComponents,
);

/**
 * A prerendered page (tools/prerender.ts) is hydrated, not rendered again: the router starts from
 * what the HTML shows, so what the matched routes' loaders and lazy modules would provide (the
 * page language's catalogs, the page module) is loaded first, and their loaders do not run again.
 */
async function hydratingRouter(): Promise<{ router: DataRouter; rendered: RenderedCatalog | null } | null> {
  const matches = matchRoutes(routeObjects, window.location) ?? [];
  const lang = langFromPath(window.location.pathname) ?? detectBrowserLang();
  saveLang(lang);
  // A flow page the server rendered with its first step carries the catalog it used (only that
  // product's page does): the flow's definition and messages are loaded first, so the hydrating
  // render draws that same step.
  const rendered = readRenderedCatalog(document);
  const product = rendered ? productById(rendered.product) : undefined;
  const [definition] = await Promise.all([
    product ? prepareFlow(product) : null,
    catalogs.activate(lang),
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  ]);
  // A visitor coming back to a flow resumes their draft on another step than the HTML shows: drawn anew.
  if (definition && loadDraft(window.sessionStorage, definition)) return null;
  const router = createBrowserRouter(routeObjects, { hydrationData: { loaderData: Object.fromEntries(matches.map(({ route }) => [route.id, null])) } });
  return { router, rendered: definition ? rendered : null };
}

versionWatcher.start();

const uniquePages = [...new Set(routes.map((route) => route.page))];
schedulePreload(
  // The API client too: a page loads it with its first call (site/api/site-api.ts), not before it is usable.
  [() => import('./api/client'), ...uniquePages.map((page) => () => page())],
  { connection: (navigator as Navigator & { connection?: ConnectionInfo }).connection },
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const app = (router: DataRouter, rendered: RenderedCatalog | null = null) => (
  <StrictMode>
    <RenderedCatalogContext value={rendered}>
      <RouterProvider router={router} />
    </RenderedCatalogContext>
  </StrictMode>
);
const hydrating = container.firstElementChild ? await hydratingRouter() : null;
if (hydrating) hydrateRoot(container, app(hydrating.router, hydrating.rendered));
else createRoot(container).render(app(createBrowserRouter(routeObjects), readRenderedCatalog(document)));
