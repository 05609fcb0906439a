import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { notFoundPath, notFoundPlaceholder, prerenderedFile, sitePages, withoutOptionalParams } from '../products/site-pages';
import { catalogs, i18n } from './i18n';
import { defaultLang, languages, localePath, type Lang } from './language';
import { productById, products } from './products';
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

export interface PrerenderedPage {
  /** The address rendered (`/ru/travel`). */
  path: string;
  /** Where the server looks for it, relative to the built site. */
  file: string;
  /** The markup of `#root`. */
  html: string;
  /** The document title, as the page sets it in the browser. */
  title: string;
  lang: Lang;
  /** False for pages that work as plain HTML (the home page): sent without the site's scripts. */
  hydrate: boolean;
}

/** Every page the build prerenders: the home page and each product's page and webview page, in each language. */
export function prerenderTargets(): { path: string; file: string; lang: Lang; hydrate: boolean }[] {
  return sitePages(products.map((product) => product.manifest)).flatMap((page) =>
    languages.flatMap((lang) => {
      const file = prerenderedFile(page, lang);
      if (!file) return [];
      // The 404 page is rendered for a placeholder address and sent as plain HTML (no script to hydrate it).
      if (page.path === notFoundPath) return [{ path: `/${lang}${notFoundPlaceholder}`, file, lang, hydrate: false }];
      return [{ path: localePath(lang, withoutOptionalParams(page.path)), file, lang, hydrate: page.kind !== 'home' }];
    }),
  );
}

/** A page rendered as the browser renders it on arrival (a flow shows its title and the loading state). */
export async function prerender(target: { path: string; file: string; lang: Lang; hydrate: boolean }): Promise<PrerenderedPage> {
  const context = await handler.query(new Request(`http://localhost${target.path}`));
  if (context instanceof Response) throw new Error(`${target.path} redirects (HTTP ${context.status}); only pages are prerendered`);
  const notFound = target.path.endsWith(notFoundPlaceholder);
  // The catch-all route renders the 404 page like any page; its HTTP status is the server's to set.
  if (context.statusCode !== 200) throw new Error(`${target.path} answers HTTP ${context.statusCode}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToString(
    <StrictMode>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </StrictMode>,
  );
  // The title usePageTitle sets in the browser: "<product> — <brand>", or the brand alone.
  const product = context.matches.map((match) => (match.route.handle as RouteHandle | undefined)?.product).findLast(Boolean);
  const manifest = product ? productById(product)?.manifest : undefined;
  const brand = i18n._('site.brand');
  const page = notFound ? i18n._('site.notFound.title') : manifest ? i18n._(manifest.title) : null;
  return { ...target, html, title: page ? `${page} — ${brand}` : brand };
}
