import type { ComponentType } from 'react';
import { data, redirectDocument, replace, type LoaderFunctionArgs, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { languages, localePath, type Lang } from './language';
import { expandRoutes, routes as routeTable, type ExpandedRoute, type LayoutId, type RouteEntry } from './routes';
import type { RouteHandle } from './route-handle';
import type { ChunkGuard } from './navigation/chunk-guard';
import type { RedirectTarget } from './navigation/redirects';

/** What the route objects need from the running site (tests pass fakes). */
export interface RouterServices {
  activateLang(lang: Lang): Promise<void>;
  detectLang(pathname: string): Lang;
  saveLang(lang: Lang): void;
  lookupRedirect(url: URL): Promise<RedirectTarget | null>;
  /** Leaves the site (absolute redirect). */
  assign(url: string): void;
  isStale(): boolean;
  chunkGuard: Pick<ChunkGuard, 'load'>;
}

export interface RouterComponents {
  Shell: ComponentType;
  layouts: Partial<Record<LayoutId, ComponentType>>;
  /** Error element of a layout: 404 and 500 pages inside that layout. */
  LayoutError: (layout: LayoutId) => ComponentType;
  RootError: ComponentType;
  Fallback: ComponentType;
}

const maxRedirectHops = 5;

/** Pathname changes are navigations; `?step=` changes inside a flow are not. */
const onPathChange: ShouldRevalidateFunction = ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname;
const never: ShouldRevalidateFunction = () => false;

/**
 * The loader of the root route, run before every navigation: a new deployment turns it into a full
 * page load; a server redirect for the path is followed (absolute URL leaves, relative replaces).
 */
export function createNavigationLoader(services: RouterServices) {
  let hops = 0;
  return async ({ request }: LoaderFunctionArgs) => {
    const url = new URL(request.url);
    if (services.isStale()) throw redirectDocument(url.pathname + url.search);
    const target = await services.lookupRedirect(url);
    if (target?.kind === 'external') {
      services.assign(target.url);
      // The document is being replaced; rendering the old target meanwhile would flash.
      return new Promise<never>(() => undefined);
    }
    if (target?.kind === 'internal' && hops < maxRedirectHops) {
      hops += 1;
      throw replace(target.path);
    }
    hops = 0;
    return null;
  };
}

function pageRoute(route: Extract<ExpandedRoute, { kind: 'page' }>, services: RouterServices): RouteObject {
  const { entry } = route;
  const handle: RouteHandle = {
    pattern: entry.path,
    layout: entry.layout,
    lang: route.lang,
    ...(entry.product ? { product: entry.product } : {}),
    ...(entry.flow ? { flow: entry.flow } : {}),
    ...(entry.scrollToTop === false ? { scrollToTop: false } : {}),
    ...(entry.business ? { business: true } : {}),
  };
  const validate = entry.validate;
  return {
    id: `${route.lang ?? 'auto'}:${entry.path}`,
    path: route.path,
    handle,
    lazy: async () => ({ Component: (await services.chunkGuard.load(entry.page)).default }),
    ...(validate
      ? {
          loader: ({ params, request }: LoaderFunctionArgs) => {
            if (!validate(params)) {
              const { pathname } = new URL(request.url);
              throw data(`Page Not Found: ${pathname}`, { status: 404, statusText: 'Not Found' });
            }
            return null;
          },
          shouldRevalidate: onPathChange,
        }
      : {}),
  };
}

function layoutGroups(
  pages: RouteObject[],
  entries: readonly RouteEntry[],
  scope: string,
  components: RouterComponents,
): RouteObject[] {
  const byLayout = new Map<LayoutId, RouteObject[]>();
  pages.forEach((page, i) => {
    const layout = entries[i]?.layout ?? 'default';
    byLayout.set(layout, [...(byLayout.get(layout) ?? []), page]);
  });
  return [...byLayout].map(([layout, children]) => {
    const Component = components.layouts[layout];
    if (!Component) throw new Error(`routes.ts: no component for layout "${layout}"`);
    return { id: `${scope}:${layout}`, Component, ErrorBoundary: components.LayoutError(layout), children };
  });
}

/** The react-router route objects of the table: root → language scope → layout → page. */
export function createRouteObjects(
  services: RouterServices,
  components: RouterComponents,
  table: readonly RouteEntry[] = routeTable,
): RouteObject[] {
  const expanded = expandRoutes(table);
  const scopes: RouteObject[] = languages.map((lang) => {
    const own = expanded.filter((r): r is Extract<ExpandedRoute, { kind: 'page' }> => r.kind === 'page' && r.lang === lang);
    return {
      id: `lang:${lang}`,
      loader: async () => {
        services.saveLang(lang);
        await services.activateLang(lang);
        return null;
      },
      shouldRevalidate: never,
      children: layoutGroups(own.map((r) => pageRoute(r, services)), own.map((r) => r.entry), lang, components),
    };
  });

  const detectedPages = expanded.filter((r): r is Extract<ExpandedRoute, { kind: 'page' }> => r.kind === 'page' && r.lang === null);
  const redirects: RouteObject[] = expanded
    .filter((r): r is Extract<ExpandedRoute, { kind: 'redirect' }> => r.kind === 'redirect')
    .map((r) => ({
      id: `redirect:${r.path}`,
      path: r.path,
      // The loader always redirects; nothing is ever rendered here.
      element: null,
      loader: ({ request }: LoaderFunctionArgs) => {
        const url = new URL(request.url);
        const target = localePath(services.detectLang(url.pathname), url.pathname) + url.search;
        throw r.entry.serverDrawn ? redirectDocument(target) : replace(target);
      },
    }));
  const detected: RouteObject = {
    id: 'lang:auto',
    loader: async ({ request }: LoaderFunctionArgs) => {
      await services.activateLang(services.detectLang(new URL(request.url).pathname));
      return null;
    },
    shouldRevalidate: never,
    children: [
      ...layoutGroups(detectedPages.map((r) => pageRoute(r, services)), detectedPages.map((r) => r.entry), 'auto', components),
      ...redirects,
    ],
  };

  return [
    {
      id: 'root',
      Component: components.Shell,
      ErrorBoundary: components.RootError,
      HydrateFallback: components.Fallback,
      loader: createNavigationLoader(services),
      shouldRevalidate: onPathChange,
      children: [...scopes, detected],
    },
  ];
}
