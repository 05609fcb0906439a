import { Link, useLocation } from 'react-router';
import { useLingui } from '@lingui/react';
import { localePath } from '../language';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';

/** 404: unknown routes and routes whose parameters fail validation. */
export default function NotFoundPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const { pathname } = useLocation();
  usePageTitle(i18n._('pages.notFound.title'));
  return (
    <section className="mx-auto max-w-xl px-4 py-16 text-center" aria-labelledby="page-title">
      <p className="text-6xl font-black text-brand-700">404</p>
      <h1 id="page-title" className="mt-4 text-2xl font-bold">{i18n._('pages.notFound.title')}</h1>
      <p className="mt-3 text-ink-soft">{i18n._('pages.notFound.text', { path: pathname })}</p>
      <Link to={localePath(lang, '/')} className="btn-primary mt-8">
        {i18n._('site.action.home')}
      </Link>
    </section>
  );
}
