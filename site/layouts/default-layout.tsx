import type { ReactNode } from 'react';
import { Outlet, useMatches } from 'react-router';
import { useLingui } from '@lingui/react';
import { SiteHeader } from './site-header';
import { SiteFooter } from './site-footer';
import { HelpCall } from './help-call';
import { SectionBoundary } from '../section-boundary';
import { routeHandle } from '../route-handle';

/** Header with product navigation and language switch, footer with contacts, sticky help. */
export function DefaultLayout({ children }: { children?: ReactNode }) {
  const { i18n } = useLingui();
  const handle = routeHandle(useMatches());
  const onFlow = handle?.product !== undefined;
  // The help line floats over pages of reading, not over forms with a button at their end (a flow, the cabinet's).
  const inline = onFlow || handle?.layout === 'dashboard';
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="skip-link">
        {i18n._('site.skip')}
      </a>
      <SectionBoundary>
        <SiteHeader />
      </SectionBoundary>
      {/* At least a screen high: the footer starts below the fold, so content arriving late (a flow's form) cannot push it around in view. */}
      <main id="main" tabIndex={-1} className="min-h-screen flex-1 outline-none">
        {children ?? <Outlet />}
      </main>
      {inline && <HelpCall floating={false} />}
      <SiteFooter />
      {!inline && <HelpCall />}
    </div>
  );
}
