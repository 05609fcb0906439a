import { useEffect, useRef } from 'react';
import { useLocation, useMatches } from 'react-router';
import { routeHandle } from '../route-handle';
import { showCurrentProduct } from './current-pill';

function prefersReducedMotion(): boolean {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

function scrollToHash(hash: string): boolean {
  const id = decodeURIComponent(hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target) return false;
  target.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
  return true;
}

/**
 * Requirements §2: a change of page scrolls to the top unless the route disables it; hash links scroll to
 * their element. Query-only changes (the flow's `?step=`) are not a change of page. After a
 * change of page focus moves to the main landmark so screen readers start on the new content.
 */
export function ScrollManager() {
  const location = useLocation();
  const matches = useMatches();
  const previous = useRef<string | null>(null);
  const handle = routeHandle(matches);
  const scrollToTop = handle?.scrollToTop !== false;

  useEffect(() => {
    const pageChanged = previous.current !== null && previous.current !== location.pathname;
    const first = previous.current === null;
    previous.current = location.pathname;
    if (pageChanged || first) showCurrentProduct();
    if (location.hash && scrollToHash(location.hash)) return;
    if (!pageChanged) return;
    if (scrollToTop) window.scrollTo({ top: 0, left: 0, behavior: 'auto' });
    if (!first) document.getElementById('main')?.focus({ preventScroll: true });
  }, [location.pathname, location.hash, scrollToTop]);

  return null;
}
