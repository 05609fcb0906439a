// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter, isRouteErrorResponse, useLocation, useRouteError, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Lang } from './language';
import { createNavigationLoader, createRouteObjects, type RouterServices } from './router';
import type { RouteEntry } from './routes';
import type { RedirectTarget } from './navigation/redirects';

afterEach(cleanup);

function Page({ name }: { name: string }) {
  const location = useLocation();
  return <p>{`${name} at ${location.pathname}${location.search}`}</p>;
}
const page = (name: string) => async () => ({ default: () => <Page name={name} /> });

const table: RouteEntry[] = [
  { path: '/', layout: 'default', page: page('home') },
  { path: '/travel/:ad?', layout: 'default', page: page('travel'), product: 'travel', validate: (p) => p.ad === undefined || /^[a-z]+$/.test(p.ad) },
  { path: '/mobile/travel/:ad?', layout: 'webview', page: page('travel-webview'), product: 'travel' },
  { path: '*', layout: 'default', page: page('not-found') },
];

function LayoutError() {
  const error = useRouteError();
  return <p>{isRouteErrorResponse(error) ? `error ${error.status}: ${String(error.data)}` : 'error 500'}</p>;
}

function setup(path: string, overrides: Partial<RouterServices> = {}) {
  const activated: Lang[] = [];
  const services: RouterServices = {
    activateLang: async (lang) => void activated.push(lang),
    detectLang: () => 'ru',
    saveLang: vi.fn(),
    lookupRedirect: async () => null,
    assign: vi.fn(),
    isStale: () => false,
    chunkGuard: { load: (importer) => importer() },
    ...overrides,
  };
  const routes = createRouteObjects(
    services,
    {
      Shell: () => <Outlet />,
      layouts: {
        default: () => (
          <div data-testid="default-layout">
            <Outlet />
          </div>
        ),
        webview: () => (
          <div data-testid="webview-layout">
            <Outlet />
          </div>
        ),
      },
      LayoutError: () => LayoutError,
      RootError: () => <p>root error</p>,
      Fallback: () => <p>loading</p>,
    },
    table,
  );
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return { router, services, activated };
}

describe('site router', () => {
  it('renders a prefixed page in its language and layout, saving the language', async () => {
    const { services, activated } = setup('/en/travel/neo?step=tourists');
    expect(await screen.findByText('travel at /en/travel/neo?step=tourists')).toBeTruthy();
    expect(screen.getByTestId('default-layout')).toBeTruthy();
    expect(activated).toEqual(['en']);
    expect(services.saveLang).toHaveBeenCalledWith('en');
  });

  it('uses the webview layout for /mobile routes', async () => {
    setup('/uz/mobile/travel');
    expect(await screen.findByText('travel-webview at /uz/mobile/travel')).toBeTruthy();
    expect(screen.getByTestId('webview-layout')).toBeTruthy();
  });

  it('shows home at the bare / in the detected language', async () => {
    const { activated } = setup('/');
    expect(await screen.findByText('home at /')).toBeTruthy();
    expect(activated).toEqual(['ru']);
  });

  it('redirects an unprefixed route to the detected prefix, keeping the query', async () => {
    const { router } = setup('/travel?ad=neo');
    expect(await screen.findByText('travel at /ru/travel?ad=neo')).toBeTruthy();
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('loads a page the server draws (Paynet\'s) from the server once prefixed, so its answer to the query is there', async () => {
    const routes = createRouteObjects(
      { activateLang: async () => undefined, detectLang: () => 'en', saveLang: vi.fn(), lookupRedirect: async () => null, assign: vi.fn(), isStale: () => false, chunkGuard: { load: (importer) => importer() } },
      { Shell: () => <Outlet />, layouts: { default: () => <Outlet />, webview: () => <Outlet /> }, LayoutError: () => LayoutError, RootError: () => null, Fallback: () => null },
      [...table, { path: '/paynet', layout: 'webview', page: page('paynet'), serverDrawn: true }],
    );
    const redirectOf = async (path: string, address = path) => {
      const all = (list: RouteObject[]): RouteObject[] => list.flatMap((r) => [r, ...all(r.children ?? [])]);
      const route = all(routes).find((r) => r.id === `redirect:${path}`);
      if (typeof route?.loader !== 'function') throw new Error(`no redirect route for ${path}`);
      const { loader } = route;
      // The loader throws its redirect as it is called.
      const thrown = await (async () => loader({ request: new Request(`http://site${address}?order=1`), params: {}, context: {} } as LoaderFunctionArgs))().catch((e: unknown) => e);
      expect(thrown).toBeInstanceOf(Response);
      return thrown as Response;
    };
    const paynet = await redirectOf('/paynet');
    expect(paynet.headers.get('Location')).toBe('/en/paynet?order=1');
    expect(paynet.headers.get('X-Remix-Reload-Document')).toBe('true');
    // Pages the browser draws stay in the page.
    const travel = await redirectOf('/travel/:ad?', '/travel');
    expect(travel.headers.get('Location')).toBe('/en/travel?order=1');
    expect(travel.headers.get('X-Remix-Reload-Document')).toBeNull();
  });

  it('gives a 404 "Page Not Found: {path}" when validation fails, and for unknown routes', async () => {
    setup('/en/travel/NOT-VALID');
    expect(await screen.findByText('error 404: Page Not Found: /en/travel/NOT-VALID')).toBeTruthy();
    cleanup();
    setup('/en/no-such-page');
    expect(await screen.findByText('not-found at /en/no-such-page')).toBeTruthy();
  });

  it('follows a relative server redirect before navigating, replacing the entry', async () => {
    const lookupRedirect = vi.fn(async (url: URL): Promise<RedirectTarget | null> =>
      url.pathname === '/en/old-travel' ? { kind: 'internal', path: '/en/travel' } : null,
    );
    const { router } = setup('/en', { lookupRedirect });
    expect(await screen.findByText('home at /en')).toBeTruthy();
    await act(() => router.navigate('/en/old-travel'));
    expect(await screen.findByText('travel at /en/travel')).toBeTruthy();
    expect(lookupRedirect.mock.calls.map(([url]) => url.pathname)).toEqual(['/en', '/en/old-travel', '/en/travel']);
  });

  it('does not look up redirects for query-only changes (flow steps)', async () => {
    const lookupRedirect = vi.fn(async () => null);
    const { router } = setup('/en/travel', { lookupRedirect });
    expect(await screen.findByText('travel at /en/travel')).toBeTruthy();
    await act(() => router.navigate('/en/travel?step=tourists'));
    expect(await screen.findByText('travel at /en/travel?step=tourists')).toBeTruthy();
    expect(lookupRedirect).toHaveBeenCalledTimes(1);
  });

  it('leaves the site for an absolute redirect', async () => {
    const assign = vi.fn();
    const lookupRedirect = async (url: URL): Promise<RedirectTarget | null> =>
      url.pathname === '/en/partner' ? { kind: 'external', url: 'https://partner.example/' } : null;
    const { router } = setup('/en', { lookupRedirect, assign });
    expect(await screen.findByText('home at /en')).toBeTruthy();
    void router.navigate('/en/partner');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://partner.example/'));
    expect(router.state.location.pathname).toBe('/en');
  });
});

describe('navigation loader', () => {
  const services = (overrides: Partial<RouterServices>): RouterServices => ({
    activateLang: async () => undefined,
    detectLang: () => 'uz',
    saveLang: () => undefined,
    lookupRedirect: async () => null,
    assign: () => undefined,
    isStale: () => false,
    chunkGuard: { load: (importer) => importer() },
    ...overrides,
  });
  const args = (url: string) => ({ request: new Request(url), params: {}, context: {} }) as Parameters<ReturnType<typeof createNavigationLoader>>[0];

  it('turns the next navigation into a full page load after a new deployment', async () => {
    const loader = createNavigationLoader(services({ isStale: () => true }));
    const thrown = await Promise.resolve(loader(args('http://site/en/travel?ad=neo'))).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    const response = thrown as Response;
    expect(response.headers.get('Location')).toBe('/en/travel?ad=neo');
    expect(response.headers.get('X-Remix-Reload-Document')).toBe('true');
  });

  it('stops following relative redirects after 5 hops (a redirect loop on the server)', async () => {
    const loader = createNavigationLoader(services({ lookupRedirect: async (url) => ({ kind: 'internal', path: url.pathname === '/a' ? '/b' : '/a' }) }));
    const outcomes: string[] = [];
    for (let i = 0; i < 6; i++) {
      const result = await Promise.resolve(loader(args(`http://site/${i % 2 ? 'b' : 'a'}`))).catch((e: unknown) => e);
      outcomes.push(result instanceof Response ? 'redirect' : 'render');
    }
    expect(outcomes).toEqual(['redirect', 'redirect', 'redirect', 'redirect', 'redirect', 'render']);
  });

  it('a failed lookup (null) lets the navigation through', async () => {
    const loader = createNavigationLoader(services({}));
    await expect(Promise.resolve(loader(args('http://site/en')))).resolves.toBeNull();
  });
});
