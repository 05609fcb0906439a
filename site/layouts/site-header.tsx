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
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-2 px-4 py-3 sm:gap-x-6">
        {/* On a phone the name takes what the language switch leaves and breaks inside itself
            ("Онлайн-страхование" on 360 px): at its own width it pushed the switch to a row of its own. */}
        <Link
          to={localePath(lang, '/')}
          className="mr-auto flex min-w-0 grow basis-0 items-center gap-2 text-base font-bold tracking-tight text-brand-800 sm:grow-0 sm:basis-auto sm:text-lg"
        >
          <BrandMark className="h-7 w-7 shrink-0" />
          {i18n._('site.brand')}
        </Link>
        <nav aria-label={i18n._('site.nav.products')} className="order-last w-full">
          {/* One row that scrolls sideways up to a laptop: wrapped, a pill per product pushed the form below the fold (and under the action bar on a phone). */}
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:mx-0 lg:flex-wrap lg:overflow-visible lg:px-0 lg:pb-0">
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
