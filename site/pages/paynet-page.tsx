import { useContext } from 'react';
import { useLingui } from '@lingui/react';
import { orderLookupParam, orderLookupPlaceholders, type OrderLookupState } from '../../products/kit/site/site-pages';
import { localePath } from '../language';
import { OrderLookupContext } from '../order-lookup';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';

/** The steps of paying an order at Paynet, in order. */
const steps = ['pages.paynet.how.order', 'pages.paynet.how.find', 'pages.paynet.how.enter', 'pages.paynet.how.pay', 'pages.paynet.how.check'] as const;

const results: Record<OrderLookupState, string> = {
  unpaid: 'pages.paynet.result.unpaid',
  paid: 'pages.paynet.result.paid',
  cancelled: 'pages.paynet.result.cancelled',
  unknown: 'pages.paynet.result.unknown',
  invalid: 'pages.paynet.result.invalid',
};

/** The id of the lookup's section: the form leads back to it, so the answer is in view after the page reloads. */
const lookupSection = 'lookup';

/**
 * Paying an order through Paynet (requirements §2, in the webview layout): how, and the order's standing by
 * its number. Plain HTML without script: the lookup is a form the server answers with the page
 * drawn at build for that answer (server/lib/page-shell.ts fills in the number and the amount).
 */
export default function PaynetPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const lookup = useContext(OrderLookupContext);
  usePageTitle(i18n._('pages.paynet.title'));
  const { order, amount } = orderLookupPlaceholders;
  const problem = lookup === 'invalid' || lookup === 'unknown';
  return (
    <article className="mx-auto max-w-xl space-y-6 py-2" aria-labelledby="page-title">
      <header>
        <h1 id="page-title" className="text-2xl font-bold">{i18n._('pages.paynet.title')}</h1>
        <p className="mt-2 text-ink-soft">{i18n._('pages.paynet.lead')}</p>
      </header>

      <section aria-labelledby="how-title">
        <h2 id="how-title" className="text-xl font-semibold">{i18n._('pages.paynet.how.title')}</h2>
        <ol className="mt-3 list-decimal space-y-2 pl-6">
          {steps.map((step) => (
            <li key={step}>{i18n._(step)}</li>
          ))}
        </ol>
      </section>

      <section id={lookupSection} aria-labelledby="lookup-title" className="scroll-mt-4 rounded-2xl bg-surface p-4 ring-1 ring-line">
        <h2 id="lookup-title" className="text-xl font-semibold">{i18n._('pages.paynet.lookup.title')}</h2>
        {lookup && (
          <p
            id="lookup-result"
            role={problem ? 'alert' : 'status'}
            className={`mt-3 rounded-xl p-3 font-medium ${problem ? 'bg-red-50 text-red-900 ring-1 ring-red-200' : 'bg-white text-ink ring-1 ring-line'}`}
          >
            {i18n._(results[lookup], { order, amount: i18n._('site.price.amount', { amount }) })}
          </p>
        )}
        <form method="get" action={`${localePath(lang, '/paynet')}#${lookupSection}`} className="mt-3">
          <label htmlFor="order" className="block font-semibold">{i18n._('pages.paynet.lookup.label')}</label>
          <p id="order-hint" className="text-sm text-ink-soft">{i18n._('pages.paynet.lookup.hint')}</p>
          <div className="mt-2 flex flex-wrap gap-3">
            <input
              id="order"
              name={orderLookupParam}
              inputMode="numeric"
              autoComplete="off"
              required
              maxLength={24}
              defaultValue={lookup ? order : undefined}
              aria-describedby={lookup ? 'order-hint lookup-result' : 'order-hint'}
              aria-invalid={problem || undefined}
              className="min-h-11 min-w-0 flex-1 rounded-xl border border-ink-soft bg-white px-3 font-mono text-lg"
            />
            <button type="submit" className="btn-primary">{i18n._('pages.paynet.lookup.submit')}</button>
          </div>
        </form>
      </section>
    </article>
  );
}
