import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import './app.css';
import { AppShell } from './app-shell';
import { catalogs } from './i18n';
import { detectBrowserLang, saveLang } from './language';
import { createRouteObjects } from './router';
import { routes } from './routes';
import { layoutErrorBoundary, LoadingFallback, RootError } from './error-pages';
import { DefaultLayout } from './layouts/default-layout';
import { WebviewLayout } from './layouts/webview-layout';
import { chunkGuard, siteRedirectLookup, versionWatcher } from './navigation/site-services';
import { schedulePreload, type ConnectionInfo } from './navigation/preload';

const layouts = { default: DefaultLayout, webview: WebviewLayout };

const router = createBrowserRouter(
  createRouteObjects(
    {
      activateLang: (lang) => catalogs.activate(lang),
      detectLang: detectBrowserLang,
      saveLang,
      lookupRedirect: siteRedirectLookup,
      assign: (url) => window.location.assign(url),
      isStale: versionWatcher.isStale,
      chunkGuard,
    },
    {
      Shell: AppShell,
      layouts,
      LayoutError: (layout) => layoutErrorBoundary(layout === 'webview' ? WebviewLayout : DefaultLayout),
      RootError,
      Fallback: LoadingFallback,
    },
  ),
);

versionWatcher.start();

const uniquePages = [...new Set(routes.map((route) => route.page))];
schedulePreload(
  uniquePages.map((page) => () => page()),
  { connection: (navigator as Navigator & { connection?: ConnectionInfo }).connection },
);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
