import type { ComponentType } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { i18n } from './i18n';
import NotFoundPage from './pages/not-found-page';
import ServerErrorPage from './pages/server-error-page';

/** Error element of a layout route: the 404 or 500 page inside the same layout. */
export function layoutErrorBoundary(Layout: ComponentType<{ children?: React.ReactNode }>): ComponentType {
  return function LayoutError() {
    const error = useRouteError();
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    // A route error response was answered on purpose (the prerendered 500 page); anything else is a crash.
    if (!isRouteErrorResponse(error)) console.error('page failed', error);
    return <Layout>{notFound ? <NotFoundPage /> : <ServerErrorPage />}</Layout>;
  };
}


/**
 * Last resort above every layout: the language catalogs may be what failed, so the text is
 * written here in the three languages instead of going through i18n.
 */
export function RootError() {
  const error = useRouteError();
  console.error('site failed', error);
  const translated = i18n.locale !== '';
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-16 text-center">
      <p className="text-6xl font-black text-brand-700">500</p>
      <h1 className="mt-4 text-2xl font-bold">
        {translated ? i18n._('pages.serverError.title') : 'Xatolik yuz berdi · Something went wrong · Произошла ошибка'}
      </h1>
      <button type="button" className="btn-primary mt-8" onClick={() => window.location.reload()}>
        {translated ? i18n._('site.action.reload') : 'Qayta yuklash · Reload · Обновить'}
      </button>
    </main>
  );
}

/** Shown while the very first navigation (redirect lookup, catalogs) resolves. */
export function LoadingFallback() {
  return (
    <div className="flex min-h-screen items-center justify-center" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
    </div>
  );
}
