import { useEffect, useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { Spinner } from '../spinner';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui';
import { displayMaskedPhone, displayPhone, readPhone } from '../widgets/normalise';
import { PaymentProblem, type PaymentCalls } from './payment-calls';

/** How often the page asks whether the bill was paid, while it waits. */
export const invoicePollMs = 4000;

export interface InvoicePaymentProps {
  calls: PaymentCalls;
  contractId: string;
  /** Asks the flow, without a word to the visitor while unpaid, whether the contract is paid (it moves on when it is). */
  onPoll: () => void;
}

type InvoiceState = { kind: 'entry' } | { kind: 'sending' } | { kind: 'sent'; phone: string };

/**
 * The bill sent to the payer's Payme app by phone number (requirements §7 `POST /sayt/payment/payme`): the
 * visitor pays in the app, and this page notices by itself and moves on to the policy.
 */
export function InvoicePayment({ calls, contractId, onPoll }: InvoicePaymentProps) {
  const { i18n } = useLingui();
  const [phone, setPhone] = useState('');
  const [typingCode, setTypingCode] = useState<string | null>(null);
  const [state, setState] = useState<InvoiceState>({ kind: 'entry' });
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { phone: useId(), problem: useId() };

  useEffect(() => {
    if (state.kind !== 'sent') return;
    const timer = setInterval(onPoll, invoicePollMs);
    return () => clearInterval(timer);
  }, [state.kind, onPoll]);

  const send = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^998\d{9}$/.test(phone)) {
      setProblem('engine.invoice.phone.invalid');
      return;
    }
    setProblem(null);
    setState({ kind: 'sending' });
    try {
      const answer = await calls.invoice({ contract_id: contractId, phone });
      setState({ kind: 'sent', phone: answer.phone });
    } catch (error) {
      setProblem(error instanceof PaymentProblem ? error.messageId : 'payment_unavailable');
      setState({ kind: 'entry' });
    }
  };

  if (state.kind === 'sent') {
    return (
      <div className="space-y-3" role="status">
        <p className="flex items-center gap-2 text-slate-800">
          <Spinner /> {i18n._('engine.invoice.sent', { phone: displayMaskedPhone(state.phone) })}
        </p>
        <p className="text-sm text-slate-600">{i18n._('engine.invoice.waiting')}</p>
        <button type="button" className={secondaryButtonClass} onClick={() => setState({ kind: 'entry' })}>
          {i18n._('engine.invoice.again')}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={send} className="space-y-3" noValidate>
      {problem && (
        <p id={ids.problem} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {i18n._(problem)}
        </p>
      )}
      <div>
        <label htmlFor={ids.phone} className="mb-1 block font-medium text-slate-800">
          {i18n._('engine.invoice.phone')}
        </label>
        <input
          id={ids.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+998 90 123 45 67"
          className={`${inputClass} max-w-64`}
          value={phone ? displayPhone(phone) : (typingCode ?? '')}
          onChange={(e) => {
            const { stored, typingCountryCode } = readPhone(e.target.value);
            setTypingCode(typingCountryCode ? e.target.value : null);
            setPhone(stored);
          }}
          aria-describedby={problem ? ids.problem : undefined}
          aria-invalid={problem === 'engine.invoice.phone.invalid' || undefined}
          disabled={state.kind === 'sending'}
        />
      </div>
      <p className="text-sm text-slate-600">{i18n._('engine.invoice.hint')}</p>
      <button type="submit" className={primaryButtonClass} disabled={state.kind === 'sending'} aria-busy={state.kind === 'sending'}>
        {state.kind === 'sending' && <Spinner />}
        {i18n._('engine.invoice.send')}
      </button>
    </form>
  );
}
