import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppShell } from './app-shell';
import { catalogs, i18n } from './i18n';
import { defaultLang, type Lang } from './language';
import { createRouteObjects } from './router';
import { layoutErrorBoundary, LoadingFallback, RootError } from './error-pages';
import { DefaultLayout } from './layouts/default-layout';
import { WebviewLayout } from './layouts/webview-layout';

/**
 * Renders a page of the site to HTML at build time (tools/prerender.ts), with the same route
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
  {
    Shell: AppShell,
    layouts: { default: DefaultLayout, webview: WebviewLayout },
    LayoutError: (layout) => layoutErrorBoundary(layout === 'webview' ? WebviewLayout : DefaultLayout),
    RootError,
    Fallback: LoadingFallback,
  },
);
const handler = createStaticHandler(routeObjects);

export interface PrerenderedPage {
  /** The markup of `#root`. */
  html: string;
  /** The document title, as the page sets it in the browser. */
  title: string;
  lang: Lang;
}

/** The HTML of a prefixed page address (`/ru`), rendered as the browser renders it. */
export async function prerender(path: string, lang: Lang): Promise<PrerenderedPage> {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path} redirects (HTTP ${context.status}); only pages are prerendered`);
  if (context.statusCode !== 200) throw new Error(`${path} answers HTTP ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  return { html, title: i18n._('site.brand'), lang };
}
