import { useCallback, useId, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { ApiPort, MessageId, PayLink, PaymentDetails, Price, SummaryRow } from '../definition';
import { formatPrice } from '../format';
import { CardPayment } from '../payment/card-payment';
import { InvoicePayment } from '../payment/invoice-payment';
import { paymentCalls, PaymentProblem } from '../payment/payment-calls';
import { ProviderMark, type PaymentOptionId } from '../payment/provider-marks';
import { Spinner } from '../spinner';
import { primaryButtonClass, secondaryButtonClass } from '../ui';
import { PurchaseSummary, summaryTotal } from './purchase-summary';

export interface PaymentStepProps {
  title: MessageId;
  summary: SummaryRow[];
  payment: PaymentDetails | null;
  price: Price | null;
  loading: boolean;
  api: ApiPort;
  /** The page's language: the terms are accepted in it. */
  lang: string;
  /** The address a provider's link opens (see FlowRunnerProps.payLink); the save answer's link when absent. */
  payLink?: PayLink;
  /** Where the page remembers that this contract's terms were accepted: a visitor back from a declined card finds them still ticked. */
  storage?: Storage | null;
  /** The visitor asks to check the payment (the machine already checks by itself on entering the step). */
  onCheck: () => void;
  /** Checks without a word while unpaid (a bill waiting in the Payme app). */
  onPoll: () => void;
  onBack: () => void;
}

/** The ways to pay that are links to a provider's page, in the order offered. */
const linkOptions = ['payme', 'click', 'octo', 'hosted', 'alif'] as const satisfies readonly PaymentOptionId[];

/** Every way to pay, in the order offered: the card in the page first, the bill by phone last. */
export function paymentOptions(payment: PaymentDetails): PaymentOptionId[] {
  return ['card', ...linkOptions.filter((option) => payment.links[option]), 'invoice'];
}

type TermsState = 'open' | 'recording' | 'accepted';

const acceptedKey = (contractId: string) => `terms:${contractId}`;

function remember(storage: Storage | null | undefined, contractId: string, accepted: boolean): void {
  try {
    if (accepted) storage?.setItem(acceptedKey(contractId), '1');
    else storage?.removeItem(acceptedKey(contractId));
  } catch {
    // A full or disabled storage only costs the tick after a reload; the server has the acceptance.
  }
}

function wasAccepted(storage: Storage | null | undefined, payment: PaymentDetails | null): boolean {
  try {
    return Boolean(payment && storage?.getItem(acceptedKey(payment.contractId)));
  } catch {
    return false;
  }
}

/**
 * Payment: what is bought and its total, the terms to accept (recorded on the server), then the
 * ways to pay (requirements §9: the card schemes in the page, Payme, Click, Octo, the bank's page, Alif
 * instalments, the bill to the Payme app) and a check for a payment made elsewhere. Mounting it
 * coincides with the machine entering the payment step, whose entry runs the check.
 */
export function PaymentStep({ title, summary, payment, price, loading, api, lang, payLink, storage, onCheck, onPoll, onBack }: PaymentStepProps) {
  const { i18n } = useLingui();
  const calls = useMemo(() => paymentCalls(api), [api]);
  const [terms, setTerms] = useState<TermsState>(() => (wasAccepted(storage, payment) ? 'accepted' : 'open'));
  const [termsProblem, setTermsProblem] = useState<MessageId | null>(null);
  const [chosen, setChosen] = useState<PaymentOptionId>('card');
  const ids = { terms: useId(), options: useId() };
  const total = summaryTotal(payment?.price, price);
  const accepted = terms === 'accepted';

  const toggleTerms = useCallback(
    async (checked: boolean) => {
      if (!checked || !payment) {
        setTerms('open');
        if (payment) remember(storage, payment.contractId, false);
        return;
      }
      setTerms('recording');
      setTermsProblem(null);
      try {
        await calls.terms({ contract_id: payment.contractId, lang: lang === 'uz' || lang === 'ru' ? lang : 'en' });
        setTerms('accepted');
        remember(storage, payment.contractId, true);
      } catch (error) {
        setTerms('open');
        setTermsProblem(error instanceof PaymentProblem ? error.messageId : 'payment_unavailable');
      }
    },
    [calls, payment, lang, storage],
  );

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
        <p id={ids.terms}>{i18n._('engine.terms.text')}</p>
        <label className="mt-3 flex cursor-pointer items-start gap-2 font-medium text-slate-900">
          <input
            type="checkbox"
            className="mt-0.5 h-5 w-5 shrink-0 accent-sky-700"
            checked={terms !== 'open'}
            disabled={terms === 'recording' || !payment}
            onChange={(e) => void toggleTerms(e.target.checked)}
            aria-describedby={ids.terms}
          />
          {i18n._('engine.terms.accept')}
          {terms === 'recording' && <Spinner />}
        </label>
        {termsProblem && (
          <p role="alert" className="mt-2 text-red-800">
            {i18n._(termsProblem)}
          </p>
        )}
      </div>
      {payment && (
        // The ways to pay are seen before the terms are accepted, but chosen only after: none stands chosen meanwhile.
        <fieldset className="space-y-3" disabled={!accepted}>
          <legend className="mb-2 font-medium text-slate-800">{i18n._('engine.payment.choose')}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {paymentOptions(payment).map((option) => (
              <label
                key={option}
                className={`flex min-h-12 items-center gap-3 rounded-lg border px-3 py-2 ${!accepted ? 'cursor-not-allowed border-slate-200 bg-white opacity-60' : chosen === option ? 'cursor-pointer border-sky-700 bg-sky-50 ring-1 ring-sky-700' : 'cursor-pointer border-slate-300 bg-white hover:border-slate-400'}`}
              >
                <input type="radio" name={ids.options} className="h-4 w-4 accent-sky-700" checked={accepted && chosen === option} onChange={() => setChosen(option)} data-option={option} />
                <ProviderMark option={option} />
                <span className="text-sm leading-tight">
                  <span className="block font-medium text-slate-900">{i18n._(`engine.option.${option}`)}</span>
                  <span className="block text-slate-600">{i18n._(`engine.option.${option}.note`)}</span>
                </span>
              </label>
            ))}
          </div>
          <div className="rounded-lg border border-slate-200 p-4">
            {!accepted ? (
              <p className="text-sm text-slate-700">{i18n._('engine.terms.first')}</p>
            ) : chosen === 'card' ? (
              <CardPayment calls={calls} contractId={payment.contractId} amount={total} onPaid={onCheck} />
            ) : chosen === 'invoice' ? (
              <InvoicePayment calls={calls} contractId={payment.contractId} onPoll={onPoll} />
            ) : (
              <div className="space-y-2">
                <a href={payLink ? payLink(chosen, payment.contractId) : payment.links[chosen]} className={primaryButtonClass} data-provider={chosen}>
                  {/* The option is given too: "the bank's payment page" is no provider's name to pay "with" (or "через"). */}
                  {total === null
                    ? i18n._('engine.pay.with', { provider: i18n._(`engine.option.${chosen}`), option: chosen })
                    : i18n._('engine.pay.amountWith', { amount: `${formatPrice(total)} ${i18n._('engine.currency')}`, provider: i18n._(`engine.option.${chosen}`), option: chosen })}
                </a>
                <p className="text-sm text-slate-600">{i18n._('engine.payment.hint')}</p>
              </div>
            )}
          </div>
        </fieldset>
      )}
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
