import { Link, NavLink } from 'react-router';
import { useLingui } from '@lingui/react';
import { localePath, type Lang } from '../language';
import { siteProductGroups, siteProducts } from '../products';
import { useLang } from '../use-lang';
import { BrandMark } from './brand-mark';
import { LanguageSwitch } from './language-switch';
import { useSignedInName } from '../cabinet/account';
import { accountHref, accountLinkAttribute } from '../../products/kit/site/site-pages';

const pillClass =
  'inline-flex min-h-10 items-center whitespace-nowrap rounded-full border border-brand-700 px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white';

export function SiteHeader() {
  const { i18n } = useLingui();
  const lang = useLang();
  return (
    <header className="relative z-30 border-b border-line bg-white">
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
          {/* Up to a laptop, every product in one row that scrolls sideways: wrapped, a pill per product pushed the form below the fold (and under the action bar on a phone). */}
          <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 lg:hidden">
            {siteProducts.map(({ id, title, shortTitle, page }) => (
              <li key={id} className="shrink-0">
                {/* A phone reads the short name: the Uzbek OSAGO's full name alone was wider than its screen.
                    Chosen by CSS, as the home page runs no script. */}
                <NavLink to={localePath(lang, page)} className={pillClass}>
                  <span className="sm:hidden">{i18n._(shortTitle)}</span>
                  <span className="hidden sm:inline">{i18n._(title)}</span>
                </NavLink>
              </li>
            ))}
          </ul>
          <ProductGroupMenus lang={lang} />
        </nav>
        <AccountLink lang={lang} />
        <LanguageSwitch />
      </div>
    </header>
  );
}

/**
 * "Sign in", or the signed-in client's first name leading to the cabinet. Drawn signed out at build;
 * the server writes a signed-in client's name into the pages it sends them (server/lib/page-shell.ts
 * `withSignedInClient`), so the link's markup is text only, as that substitution writes it.
 */
function AccountLink({ lang }: { lang: Lang }) {
  const { i18n } = useLingui();
  const name = useSignedInName();
  return (
    <Link
      to={accountHref(lang, name !== null)}
      {...{ [accountLinkAttribute]: name === null ? 'out' : 'in' }}
      className="inline-flex min-h-10 max-w-40 items-center truncate rounded-full bg-brand-50 px-3 text-sm font-semibold text-brand-800 hover:bg-brand-100"
    >
      {name ?? i18n._('site.account.signIn')}
    </Link>
  );
}

/**
 * On a laptop, the products by group, each group a disclosure that opens its list below it: fifteen
 * pills wrapped into four rows, a quarter of the screen, above every page. Native `<details>` sharing
 * a name, so one group is open at a time and they work where the page runs no script (the home page).
 */
function ProductGroupMenus({ lang }: { lang: Lang }) {
  const { i18n } = useLingui();
  return (
    <ul className="hidden gap-2 lg:flex">
      {siteProductGroups.map(({ group, products }) => (
        <li key={group}>
          <details name="product-groups" className="group relative">
            <summary
              className={`${pillClass} cursor-pointer list-none gap-1.5 group-has-[[aria-current=page]]:bg-brand-700 group-has-[[aria-current=page]]:text-white group-has-[[aria-current=page]]:hover:bg-brand-800 [&::-webkit-details-marker]:hidden`}
            >
              {i18n._(`site.nav.group.${group}`)}
              <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 transition-transform group-open:rotate-180" fill="currentColor">
                <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
              </svg>
            </summary>
            <ul className="absolute left-0 top-full mt-2 w-max min-w-56 rounded-xl border border-line bg-white p-2 shadow-lg">
              {products.map(({ id, title, page }) => (
                <li key={id}>
                  <NavLink
                    to={localePath(lang, page)}
                    className="flex min-h-10 items-center rounded-lg px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-900"
                  >
                    {i18n._(title)}
                  </NavLink>
                </li>
              ))}
            </ul>
          </details>
        </li>
      ))}
    </ul>
  );
}
