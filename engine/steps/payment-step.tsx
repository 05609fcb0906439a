import { useLingui } from '@lingui/react';
import type { PaymentDetails, Price } from '../definition';
import { formatPrice } from '../format';
import { Spinner } from '../spinner';
import { primaryButtonClass, secondaryButtonClass } from '../ui';

export interface PaymentStepProps {
  payment: PaymentDetails | null;
  price: Price | null;
  loading: boolean;
  /** The visitor asks to check the payment (the machine already checks by itself on entering the step). */
  onCheck: () => void;
  onBack: () => void;
}

const PROVIDERS = ['payme', 'click', 'octo', 'alif', 'hosted'] as const;

/**
 * Payment: total, contract number, one link per provider the save answered, and a check button.
 * Mounting it coincides with the machine entering the payment step, whose entry runs the check.
 */
export function PaymentStep({ payment, price, loading, onCheck, onBack }: PaymentStepProps) {
  const { i18n } = useLingui();
  const total = payment?.price ?? price?.total ?? null;
  return (
    <section aria-label={i18n._('engine.payment.title')} className="max-w-2xl space-y-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {total !== null && (
          <>
            <dt className="text-slate-600">{i18n._('engine.price.total')}</dt>
            <dd className="font-bold text-slate-900">
              {formatPrice(total)} {i18n._('engine.currency')}
            </dd>
          </>
        )}
        {payment && (
          <>
            <dt className="text-slate-600">{i18n._('engine.payment.order')}</dt>
            <dd className="font-mono text-slate-900">{payment.orderId}</dd>
          </>
        )}
      </dl>
      {payment && (
        <div>
          <p className="mb-2 font-medium text-slate-800">{i18n._('engine.payment.choose')}</p>
          <ul className="flex flex-wrap gap-3">
            {PROVIDERS.filter((p) => payment.links[p]).map((provider) => (
              <li key={provider}>
                <a href={payment.links[provider]} className={primaryButtonClass} data-provider={provider}>
                  {i18n._('engine.pay')}: {i18n._(`engine.provider.${provider}`)}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className="text-sm text-slate-600">{i18n._('engine.payment.hint')}</p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={secondaryButtonClass} onClick={onBack} disabled={loading}>
          {i18n._('engine.back')}
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onCheck} disabled={loading} aria-busy={loading}>
          {loading && <Spinner />}
          {i18n._('engine.payment.check')}
        </button>
      </div>
    </section>
  );
}
