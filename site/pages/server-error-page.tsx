import { useLocation } from 'react-router';
import { useLingui } from '@lingui/react';
import { localePath } from '../language';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';

/**
 * 500: a render error, a fatal load failure, or (prerendered, served without scripts) the server
 * failing to serve a page. Links are plain anchors (full page loads): the router state that led
 * here may itself be broken, and the server's copy has no script to run a button.
 */
export default function ServerErrorPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const { pathname, search } = useLocation();
  usePageTitle(i18n._('pages.serverError.title'));
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="page-title">
      <p className="text-6xl font-black text-brand-700">500</p>
      <h1 id="page-title" className="mt-4 text-2xl font-bold">{i18n._('pages.serverError.title')}</h1>
      <p className="mt-3 text-ink-soft">{i18n._('pages.serverError.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <a href={`${pathname}${search}`} className="btn-primary">
          {i18n._('site.action.reload')}
        </a>
        <a href={localePath(lang, '/')} className="btn-secondary">
          {i18n._('site.action.home')}
        </a>
      </div>
    </section>
  );
}
