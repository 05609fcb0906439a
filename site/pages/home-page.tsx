import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { formatPrice } from '../../engine/format';
import { localePath } from '../language';
import type { ProductKind } from '../../products/kit/define/define';
import { siteProducts } from '../products';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';

/**
 * The home page is the first page most visitors load, so it stays light: no engine runtime, no
 * rjsf, no xstate (only the registry's static facts and the price formatter).
 */

/** Card icons by image kind (requirements §9); a kind without its own shows the shield. */
const shield = 'M12 2 4 5v6c0 5 3.4 9.7 8 11 4.6-1.3 8-6 8-11V5z';
const kindIcons: Partial<Record<ProductKind, string>> = {
  travel: 'M21 16v-2l-8-5V3.5a1.5 1.5 0 0 0-3 0V9l-8 5v2l8-2.5V19l-2 1.5V22l3.5-1 3.5 1v-1.5L13 19v-5.5z',
  home: 'M12 3 2 12h3v8h6v-6h2v6h6v-8h3z',
  'premium-home': 'M12 3 2 12h3v8h6v-6h2v6h6v-8h3zm0 2.7 1 2.1 2.3.3-1.7 1.6.4 2.3-2-1.1-2 1.1.4-2.3-1.7-1.6 2.3-.3z',
  accident: 'M12 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4zm-1 5h2a2 2 0 0 1 2 2v5h-2v8h-2v-8H9V9a2 2 0 0 1 2-2zm7 3h2v4h2v2h-2v4h-2v-4h-2v-2h2z',
  // A map pin, a medal and a page: inner shapes wind the other way, so they are holes.
  'uzb-travel': 'M12 2a7 7 0 0 0-7 7c0 5.2 7 13 7 13s7-7.8 7-13a7 7 0 0 0-7-7zm0 4.5a2.5 2.5 0 0 1 0 5 2.5 2.5 0 0 1 0-5z',
  sportsman: 'M7 2h4l1 3.5L13 2h4l-2.6 6.5A6.5 6.5 0 1 1 9.6 8.5z',
  docs: 'M6 2h8l5 5v15H6zm3 9v1.5h7V11zm0 4v1.5h7V15z',
};

const trustFacts = [
  { title: 'pages.home.fact.online.title', text: 'pages.home.fact.online.text' },
  { title: 'pages.home.fact.payment.title', text: 'pages.home.fact.payment.text' },
  { title: 'pages.home.fact.policy.title', text: 'pages.home.fact.policy.text' },
] as const;

/** "from 70 000 so'm", or null when the product has no fixed lowest premium. */
export function fromPriceText(translate: (id: string, values: Record<string, string>) => string, price: number | undefined): string | null {
  return price === undefined ? null : translate('site.price.from', { amount: formatPrice(price) });
}

export default function HomePage() {
  const { i18n } = useLingui();
  const lang = useLang();
  usePageTitle(null);
  return (
    <>
      <section className="bg-brand-800 text-white" aria-labelledby="page-title">
        <div className="mx-auto max-w-6xl px-4 py-12 sm:py-20">
          <h1 id="page-title" className="max-w-2xl text-3xl leading-tight font-bold sm:text-5xl">
            {i18n._('pages.home.title')}
          </h1>
          <p className="mt-4 max-w-xl text-lg text-brand-50">{i18n._('pages.home.lead')}</p>
          <a href="#products" className="mt-8 inline-flex min-h-11 items-center rounded-xl bg-white px-5 font-semibold text-brand-800 hover:bg-brand-50">
            {i18n._('pages.home.cta')}
          </a>
        </div>
      </section>

      <section id="products" className="mx-auto max-w-6xl scroll-mt-4 px-4 py-12" aria-labelledby="products-title">
        <h2 id="products-title" className="text-2xl font-bold">{i18n._('pages.home.products')}</h2>
        <ul className="mt-6 grid gap-5 sm:grid-cols-2">
          {siteProducts.map((product) => {
            const price = fromPriceText((messageId, values) => i18n._(messageId, values), product.fromPrice);
            return (
              <li key={product.id} className="flex flex-col rounded-2xl border border-line bg-white p-6 shadow-sm">
                <svg aria-hidden="true" viewBox="0 0 24 24" className="h-10 w-10 rounded-xl bg-brand-50 fill-brand-700 p-2">
                  <path d={kindIcons[product.kind] ?? shield} />
                </svg>
                <h3 className="mt-4 text-xl font-semibold">{i18n._(product.title)}</h3>
                <p className="mt-2 flex-1 text-ink-soft">{i18n._(product.summary)}</p>
                {price && <p className="mt-4 font-semibold text-brand-800">{price}</p>}
                <Link
                  to={localePath(lang, product.page)}
                  className="btn-primary mt-5 self-start"
                  aria-label={`${i18n._('pages.home.buy')}: ${i18n._(product.title)}`}
                >
                  {i18n._('pages.home.buy')}
                </Link>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="mx-auto max-w-6xl px-4 pb-4" aria-labelledby="facts-title">
        <h2 id="facts-title" className="text-2xl font-bold">{i18n._('pages.home.why')}</h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-3">
          {trustFacts.map((fact) => (
            <li key={fact.title} className="rounded-2xl bg-white p-5 ring-1 ring-line">
              <p className="font-semibold text-brand-800">{i18n._(fact.title)}</p>
              <p className="mt-1 text-sm text-ink-soft">{i18n._(fact.text)}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
