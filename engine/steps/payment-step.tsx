import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { MessageId, PaymentDetails, Price, SummaryRow } from '../definition';
import { Spinner } from '../spinner';
import { primaryButtonClass, secondaryButtonClass } from '../ui';
import { PurchaseSummary, summaryTotal } from './purchase-summary';

export interface PaymentStepProps {
  title: MessageId;
  summary: SummaryRow[];
  payment: PaymentDetails | null;
  price: Price | null;
  loading: boolean;
  /** The visitor asks to check the payment (the machine already checks by itself on entering the step). */
  onCheck: () => void;
  onBack: () => void;
}

const PROVIDERS = ['payme', 'click', 'octo', 'alif', 'hosted'] as const;

/**
 * Payment: what is bought and its total, the terms to accept, then one link per provider the save
 * answered and a check button. Mounting it coincides with the machine entering the payment step,
 * whose entry runs the check.
 */
export function PaymentStep({ title, summary, payment, price, loading, onCheck, onBack }: PaymentStepProps) {
  const { i18n } = useLingui();
  const [accepted, setAccepted] = useState(false);
  const termsId = useId();
  const total = summaryTotal(payment?.price, price);
  return (
    <section aria-label={i18n._('engine.payment.title')} className="max-w-2xl space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
      <div>
        <h3 className="mb-3 font-semibold text-slate-900">{i18n._('engine.summary.title')}</h3>
        <PurchaseSummary title={title} rows={summary} total={total} />
        {payment && (
          <p className="mt-2 text-sm text-slate-600">
            {i18n._('engine.payment.order')}: <span className="font-mono text-slate-900">{payment.orderId}</span>
          </p>
        )}
      </div>
      <div className="rounded-lg bg-slate-50 p-3 text-sm text-slate-700">
        <p id={termsId}>{i18n._('engine.terms.text')}</p>
        <label className="mt-3 flex cursor-pointer items-start gap-2 font-medium text-slate-900">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-sky-700"
            checked={accepted}
            onChange={(e) => setAccepted(e.target.checked)}
            aria-describedby={termsId}
          />
          {i18n._('engine.terms.accept')}
        </label>
      </div>
      {payment && (
        <div>
          <p className="mb-2 font-medium text-slate-800">{i18n._('engine.payment.choose')}</p>
          {!accepted && <p className="mb-2 text-sm text-slate-700">{i18n._('engine.terms.first')}</p>}
          <ul className="flex flex-wrap gap-3">
            {PROVIDERS.filter((p) => payment.links[p]).map((provider) => (
              <li key={provider}>
                {/* A link cannot be disabled: until the terms are accepted it is shown without an address. */}
                <a
                  href={accepted ? payment.links[provider] : undefined}
                  aria-disabled={!accepted}
                  role="link"
                  className={`${primaryButtonClass} ${accepted ? '' : 'cursor-not-allowed opacity-50'}`}
                  data-provider={provider}
                >
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
