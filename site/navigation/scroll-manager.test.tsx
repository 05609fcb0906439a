// @vitest-environment jsdom
import { act, cleanup, render } from '@testing-library/react';
import { Outlet, RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteHandle } from '../route-handle';
import { ScrollManager } from './scroll-manager';

const scrollTo = vi.fn();
const scrollIntoView = vi.fn();

beforeEach(() => {
  window.scrollTo = scrollTo as typeof window.scrollTo;
  Element.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  cleanup();
  vi.clearAllMocks();
});

const handle = (pattern: string, scrollToTop?: boolean): RouteHandle => ({ pattern, layout: 'default', lang: 'en', ...(scrollToTop === false ? { scrollToTop } : {}) });

function setup() {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <ScrollManager />
            <main id="main" tabIndex={-1}>
              <Outlet />
            </main>
          </>
        ),
        children: [
          { path: '/en/a', handle: handle('/a'), element: <h2 id="details">a</h2> },
          { path: '/en/b', handle: handle('/b'), element: <p>b</p> },
          { path: '/en/keep', handle: handle('/keep', false), element: <p>keep</p> },
        ],
      },
    ],
    { initialEntries: ['/en/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('ScrollManager', () => {
  it('scrolls to the top on a change of page and moves focus to main', async () => {
    const router = setup();
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/en/b'));
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, left: 0, behavior: 'auto' });
    expect(document.activeElement?.id).toBe('main');
  });

  it('does not scroll for query-only changes or when the route disables it', async () => {
    const router = setup();
    await act(() => router.navigate('/en/a?step=tourists'));
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/en/keep'));
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls a hash link to its element', async () => {
    const router = setup();
    await act(() => router.navigate('/en/a#details'));
    expect(scrollIntoView).toHaveBeenCalledOnce();
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
