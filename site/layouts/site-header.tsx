import { Link, NavLink } from 'react-router';
import { useLingui } from '@lingui/react';
import { localePath } from '../language';
import { siteProducts } from '../products';
import { useLang } from '../use-lang';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';

export function SiteHeader() {
  const { i18n } = useLingui();
  const lang = useLang();
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
        <Link to={localePath(lang, '/')} className="mr-auto flex items-center gap-2 text-lg font-bold tracking-tight text-brand-800">
          <BrandMark />
          {i18n._('site.brand')}
        </Link>
        <nav aria-label={i18n._('site.nav.products')} className="order-last w-full sm:order-none sm:w-auto">
          {/* One row that scrolls sideways on a phone: wrapped, a pill per product pushed the form below the fold and under the action bar. */}
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0 sm:pb-0">
            {siteProducts.map(({ id, title, page }) => (
              <li key={id} className="shrink-0">
                <NavLink
                  to={localePath(lang, page)}
                  className="inline-flex min-h-10 items-center whitespace-nowrap rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
                >
                  {i18n._(title)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <LanguageSwitch />
      </div>
    </header>
  );
}
