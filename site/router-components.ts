import { AppShell } from './app-shell';
import { layoutErrorBoundary, LoadingFallback, RootError } from './error-pages';
import { DefaultLayout } from './layouts/default-layout';
import { WebviewLayout } from './layouts/webview-layout';
import { DashboardLayout } from './layouts/dashboard-layout';
import type { RouterComponents } from './router';

/** What the site's routes render: the shell, the layouts and their error pages; the same in the browser and at prerender. */
export const siteRouterComponents: RouterComponents = {
  Shell: AppShell,
  layouts: { default: DefaultLayout, webview: WebviewLayout, dashboard: DashboardLayout },
  LayoutError: (layout) => layoutErrorBoundary(layout === 'webview' ? WebviewLayout : layout === 'dashboard' ? DashboardLayout : DefaultLayout),
  RootError,
  Fallback: LoadingFallback,
};
