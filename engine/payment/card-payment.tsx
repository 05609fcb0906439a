import { useEffect, useId, useState, type FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react';
import { formatPrice } from '../format';
import { Spinner } from '../spinner';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../ui';
import { displayMaskedPhone } from '../widgets/normalise';
import { cardPaymentMachine } from './card-machine';
import type { PaymentCalls } from './payment-calls';

/** `8600123412341234` → `8600 1234 1234 1234`, as the card shows it. */
export function groupCardNumber(digits: string): string {
  return digits.replace(/(\d{4})(?=\d)/g, '$1 ');
}

/** What was typed as an expiry (`0399`, `03/99`, `3/99`) as `MM/YY`, the first digits kept while it is half typed. */
export function shownExpiry(typed: string): string {
  const digits = typed.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits;
}

/** Seconds until `at`, refreshed every second while positive. */
function useSecondsUntil(at: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    // Counted from now, not from the last tick: a new wait shows its whole length (60 s, not 61).
    const tick = () => setNow(Date.now());
    const first = setTimeout(tick, 0);
    if (at <= Date.now()) return () => clearTimeout(first);
    const timer = setInterval(tick, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [at]);
  return Math.max(0, Math.ceil((at - now) / 1000));
}

export interface CardPaymentProps {
  calls: PaymentCalls;
  contractId: string;
  amount: number | null;
  onPaid: () => void;
}

/**
 * A Uzcard or Humo card paid in the page: number and expiry, then the 6-digit code the card's bank
 * sends by SMS. The card's number is only in this form's memory and the request that sends it.
 */
export function CardPayment({ calls, contractId, amount, onPaid }: CardPaymentProps) {
  const { i18n } = useLingui();
  const actor = useActorRef(cardPaymentMachine, { input: { calls, contractId } });
  const state = useSelector(actor, (snapshot) => snapshot.value);
  const { problem, phone, resendAt } = useSelector(actor, (snapshot) => snapshot.context);
  const [number, setNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const wait = useSecondsUntil(resendAt);
  const ids = { number: useId(), expiry: useId(), code: useId(), problem: useId() };

  useEffect(() => {
    if (state === 'paid') onPaid();
  }, [state, onPaid]);
  // A new code starts an empty field.
  useEffect(() => {
    if (state === 'code') setCode('');
  }, [state, phone]);

  const digits = number.replace(/\D/g, '');
  const expiryDigits = expiry.replace(/\D/g, '');
  const numberError = touched && digits.length !== 16 ? i18n._('engine.card.number.invalid') : null;
  const expiryError = touched && !/^(0[1-9]|1[0-2])\d{2}$/.test(expiryDigits) ? i18n._('engine.card.expiry.invalid') : null;
  const busy = state === 'requesting' || state === 'paying';

  const submitCard = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (digits.length !== 16 || !/^(0[1-9]|1[0-2])\d{2}$/.test(expiryDigits)) return;
    actor.send({ type: 'card.submit', number: digits, date: expiryDigits });
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (/^\d{6}$/.test(code)) actor.send({ type: 'code.submit', code });
  };

  const problemText = problem ? (
    <p id={ids.problem} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
      {i18n._(problem)}
    </p>
  ) : null;

  if (state === 'code' || state === 'paying') {
    return (
      <form onSubmit={submitCode} className="space-y-3" noValidate>
        <p className="text-sm text-slate-700">{i18n._('engine.card.code.sent', { phone: displayMaskedPhone(phone ?? '') })}</p>
        {problemText}
        <div>
          <label htmlFor={ids.code} className="mb-1 block font-medium text-slate-800">
            {i18n._('engine.card.code')}
          </label>
          <input
            id={ids.code}
            className={`${inputClass} max-w-48 text-center font-mono text-lg tracking-[0.4em]`}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-describedby={problem ? ids.problem : undefined}
            aria-invalid={problem === 'card_code_wrong' || undefined}
            disabled={busy}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={primaryButtonClass} disabled={busy || code.length !== 6} aria-busy={state === 'paying'}>
            {state === 'paying' && <Spinner />}
            {amount === null ? i18n._('engine.card.pay') : i18n._('engine.card.payAmount', { amount: `${formatPrice(amount)} ${i18n._('engine.currency')}` })}
          </button>
          <button type="button" className={secondaryButtonClass} onClick={() => actor.send({ type: 'code.resend' })} disabled={busy || wait > 0}>
            {wait > 0 ? i18n._('engine.card.code.resendIn', { seconds: wait }) : i18n._('engine.card.code.resend')}
          </button>
          <button type="button" className="text-sm font-medium text-sky-800 underline" onClick={() => actor.send({ type: 'card.change' })} disabled={busy}>
            {i18n._('engine.card.change')}
          </button>
        </div>
      </form>
    );
  }

  return (
    <form onSubmit={submitCard} className="space-y-3" noValidate>
      {problemText}
      <div className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_8rem]">
        <div>
          <label htmlFor={ids.number} className="mb-1 block font-medium text-slate-800">
            {i18n._('engine.card.number')}
          </label>
          <input
            id={ids.number}
            className={`${inputClass} font-mono`}
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="8600 0000 0000 0000"
            maxLength={19}
            value={groupCardNumber(digits)}
            onChange={(e) => setNumber(e.target.value.replace(/\D/g, '').slice(0, 16))}
            aria-invalid={numberError ? true : undefined}
            aria-describedby={numberError ? `${ids.number}-error` : undefined}
            disabled={busy}
          />
          {numberError && (
            <p id={`${ids.number}-error`} className="mt-1 text-sm text-red-700">
              {numberError}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={ids.expiry} className="mb-1 block font-medium text-slate-800">
            {i18n._('engine.card.expiry')}
          </label>
          <input
            id={ids.expiry}
            className={`${inputClass} font-mono`}
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder={i18n._('engine.card.expiry.placeholder')}
            maxLength={5}
            value={shownExpiry(expiry)}
            onChange={(e) => setExpiry(e.target.value)}
            aria-invalid={expiryError ? true : undefined}
            aria-describedby={expiryError ? `${ids.expiry}-error` : undefined}
            disabled={busy}
          />
          {expiryError && (
            <p id={`${ids.expiry}-error`} className="mt-1 text-sm text-red-700">
              {expiryError}
            </p>
          )}
        </div>
      </div>
      <p className="text-sm text-slate-600">{i18n._('engine.card.hint')}</p>
      <button type="submit" className={primaryButtonClass} disabled={busy} aria-busy={busy}>
        {busy && <Spinner />}
        {i18n._('engine.card.sendCode')}
      </button>
    </form>
  );
}
