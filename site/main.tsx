import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, type DataRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './app.css';
import { catalogs, pageCatalogs, preloadCatalogs, productCatalogs } from './i18n';
import { detectBrowserLang, langFromPath, saveLang } from './language';
import { createRouteObjects } from './router';
import { siteRouterComponents } from './router-components';
import { routes } from './routes';
import { siteRedirectLookup, versionWatcher } from './navigation/site-services';
import { chunkGuard } from './navigation/site-chunk-guard';
import { reloadOnChunkFailures } from './navigation/chunk-guard';
import { dismissMenusOnOutsideAction } from './navigation/menu-dismiss';
import { schedulePreload, type ConnectionInfo } from './navigation/preload';
import { knowProductPages } from './partner';
import { products } from './products';

// First, so a module that fails to load (a chunk gone with a deployment) reloads the page wherever it is loaded.
const rootOptions = reloadOnChunkFailures(chunkGuard, window);
knowProductPages(products.map((product) => product.manifest));
// The language's catalog index loads now, beside the page's modules, not when the router first asks for a catalog.
preloadCatalogs(langFromPath(window.location.pathname) ?? detectBrowserLang());
void catalogs.require('pages', pageCatalogs);
void catalogs.require('products', productCatalogs);

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
 * (Flow pages have scripts of their own, site/flow-main.tsx.)
 */
async function hydratingRouter(): Promise<DataRouter> {
  const matches = matchRoutes(routeObjects, window.location) ?? [];
  const lang = langFromPath(window.location.pathname) ?? detectBrowserLang();
  saveLang(lang);
  await Promise.all([
    catalogs.activate(lang),
    ...matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  ]);
  return createBrowserRouter(routeObjects, { hydrationData: { loaderData: Object.fromEntries(matches.map(({ route }) => [route.id, null])) } });
}

versionWatcher.start();
dismissMenusOnOutsideAction();

const uniquePages = [...new Set(routes.map((route) => route.page))];
schedulePreload(
  // The API client too: a page loads it with its first call (site/api/site-api.ts), not before it is usable.
  [() => import('./api/client'), ...uniquePages.map((page) => () => page())],
  { connection: (navigator as Navigator & { connection?: ConnectionInfo }).connection },
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
const app = (router: DataRouter) => (
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>
);
if (container.firstElementChild) hydrateRoot(container, app(await hydratingRouter()), rootOptions);
else createRoot(container, rootOptions).render(app(createBrowserRouter(routeObjects)));
