import { useLingui } from '@lingui/react';
import type { Price } from './definition';
import { formatPrice } from './format';
import { Spinner } from './spinner';

/**
 * The price panel; while the server's price is asked it keeps the figure it has and says it is
 * updating. On narrow screens the total is beside Next (the step form's bar): the panel there says
 * only how it is made up, or that it is updating, and is not drawn when it would say nothing else.
 */
export function PriceBox({ price, quoting }: { price: Price | null; quoting: boolean }) {
  const { i18n } = useLingui();
  const onlyTotal = price !== null && price.lines.length <= 1 && !quoting;
  return (
    <aside aria-live="polite" aria-busy={quoting} className={`${onlyTotal ? 'hidden lg:block' : ''} h-fit rounded-xl border border-slate-200 bg-white p-4 shadow-sm lg:sticky lg:top-4`}>
      {quoting && (
        <p role="status" className="mb-2 flex items-center gap-2 text-sm text-slate-600" data-testid="price-updating">
          <Spinner /> {i18n._('engine.price.updating')}
        </p>
      )}
      {price ? (
        <>
          {price.lines.length > 1 && (
            <dl className="space-y-1 text-sm text-slate-600 lg:mb-2">
              {price.lines.map((line) => (
                <div key={line.label} className="flex justify-between gap-2">
                  <dt>{i18n._(line.label)}</dt>
                  <dd className="whitespace-nowrap">{formatPrice(line.amount)}</dd>
                </div>
              ))}
            </dl>
          )}
          <p className="hidden items-baseline justify-between gap-2 lg:flex">
            <span className="text-slate-700">{i18n._('engine.price.total')}</span>
            <strong className="text-xl text-slate-900" data-testid="price-total">
              <PriceAmount price={price} />
            </strong>
          </p>
        </>
      ) : (
        <p className="text-sm text-slate-600">{i18n._('engine.price.pending')}</p>
      )}
    </aside>
  );
}

/** `119 695 so'm`, or `from 119 695 so'm` while the price is the lowest the open choices allow. */
export function PriceAmount({ price }: { price: Price }) {
  const { i18n } = useLingui();
  const amount = formatPrice(price.total);
  return <>{price.lowest ? i18n._('engine.price.from', { amount }) : `${amount} ${i18n._('engine.currency')}`}</>;
}
