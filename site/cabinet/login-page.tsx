import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { displayPhone } from '../../engine/widgets/normalise';
import { afterSignIn } from '../../products/kit/site/site-pages';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';
import { setSignedIn } from './account';
import { CabinetRefusal } from './cabinet-api';
import { cabinetInputClass, FieldError, PageHeading, useRefusalText } from './cabinet-ui';
import { useCabinetApi } from './use-cabinet';
import { CodeInput, PhoneInput } from './cabinet-fields';
import { mobilePhone, typedDate, validDate } from './sign-in-fields';

type Step = 'phone' | 'code' | 'register';

/** Which field a refusal belongs next to (the server names it, else by its key). */
function fieldOf(refusal: CabinetRefusal, step: Step): string {
  const named = refusal.field?.replace(/^\/(body\/)?/, '') ?? null;
  if (named === 'passport_seria' || named === 'passport_number' || named === 'birthday' || named === 'accept_terms') return named;
  if (step === 'code' && (named === 'code' || refusal.key.startsWith('code_') || refusal.key === 'invalid')) return 'code';
  if (step === 'register' && refusal.key === 'datas_not_found') return 'passport_number';
  return step === 'register' ? 'form' : step;
}

/**
 * Sign-in by SMS code: the phone (Uzbek mobile numbers), the 6-digit code (resend after the time the
 * server names, attempts left, the lock), then a client is in, or a new one registers with passport,
 * birthday and the terms. Signed in, the client goes on to the cabinet address the page was opened
 * for (`?next=`, cabinet addresses only).
 */
export default function LoginPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const cabinet = useCabinetApi();
  const refusalText = useRefusalText();
  const ids = { phone: useId(), code: useId(), seria: useId(), number: useId(), birthday: useId(), terms: useId(), errors: useId() };
  const heading = useRef<HTMLHeadingElement>(null);

  const [step, setStep] = useState<Step>('phone');
  const [phone, setPhone] = useState('');
  const [requestId, setRequestId] = useState('');
  const [code, setCode] = useState('');
  const [ticket, setTicket] = useState('');
  const [resendAt, setResendAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [passportSeria, setPassportSeria] = useState('');
  const [passportNumber, setPassportNumber] = useState('');
  const [birthday, setBirthday] = useState('');
  const [terms, setTerms] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The page is prerendered: until its scripts own the form, what was typed would be lost and a
  // submit would put the number in the address. The form waits for them (a moment after paint).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  usePageTitle(i18n._('cabinet.login.title'));

  useEffect(() => {
    if (step !== 'phone') heading.current?.focus();
  }, [step]);

  const waitSeconds = Math.max(0, Math.ceil((resendAt - now) / 1000));
  useEffect(() => {
    if (step !== 'code' || waitSeconds === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [step, waitSeconds]);

  const signedIn = (firstName: string) => {
    setSignedIn(firstName);
    void navigate(afterSignIn(lang, search.get('next')), { replace: true });
  };

  const refused = (error: unknown, at: Step) => {
    const refusal = error instanceof CabinetRefusal ? error : new CabinetRefusal('unavailable', null);
    if (refusal.key === 'sign_in_expired') {
      // The proof of the phone is spent or old: the visitor starts again from their number.
      setStep('phone');
      setCode('');
      setErrors({ phone: refusalText(refusal) });
      return;
    }
    if (refusal.key === 'code_attempts' || refusal.key === 'code_expired') setCode('');
    setErrors({ [fieldOf(refusal, at)]: refusalText(refusal) });
  };

  const run = async (work: () => Promise<void>, at: Step) => {
    setBusy(true);
    setErrors({});
    try {
      await work();
    } catch (error) {
      refused(error, at);
    } finally {
      setBusy(false);
    }
  };

  const sendCode = (event?: FormEvent) => {
    event?.preventDefault();
    if (!mobilePhone.test(phone)) {
      setErrors({ phone: i18n._('cabinet.error.phone') });
      return;
    }
    void run(async () => {
      const sent = await cabinet.sendCode(phone, lang);
      setRequestId(sent.request_id);
      setNow(Date.now());
      setResendAt(Date.now() + sent.resend_after * 1000);
      setCode('');
      setStep('code');
    }, step === 'code' ? 'code' : 'phone');
  };

  const checkCode = (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code)) {
      setErrors({ code: i18n._('cabinet.error.code') });
      return;
    }
    void run(async () => {
      const checked = await cabinet.checkCode(phone, requestId, code);
      setTicket(checked.ticket);
      const answer = await cabinet.checkRegister(phone, checked.ticket);
      if (answer.registered && answer.client) signedIn(answer.client.first_name);
      else setStep('register');
    }, 'code');
  };

  const register = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!/^[A-Z]{2}$/.test(passportSeria)) problems.passport_seria = i18n._('cabinet.error.passport_seria');
    if (!/^\d{7}$/.test(passportNumber)) problems.passport_number = i18n._('cabinet.error.passport_number');
    if (!validDate(birthday)) problems.birthday = i18n._('cabinet.error.birthday');
    if (!terms) problems.accept_terms = i18n._('cabinet.error.accept_terms');
    if (Object.keys(problems).length > 0) {
      setErrors(problems);
      return;
    }
    void run(async () => {
      const answer = await cabinet.register({ phone, ticket, passport_seria: passportSeria, passport_number: passportNumber, birthday, accept_terms: 1, lang });
      if (answer.client) signedIn(answer.client.first_name);
    }, 'register');
  };

  const described = (field: string, hint?: string) => {
    const parts = [hint, errors[field] ? `${ids.errors}-${field}` : undefined].filter(Boolean);
    return { 'aria-invalid': errors[field] ? true : undefined, 'aria-describedby': parts.length ? parts.join(' ') : undefined } as const;
  };
  const errorOf = (field: string) => <FieldError id={`${ids.errors}-${field}`} text={errors[field] ?? null} />;

  return (
    <section className="mx-auto max-w-md" aria-labelledby="page-title">
      <div className="rounded-2xl bg-white p-5 ring-1 ring-line sm:p-8">
        {step === 'phone' && (
          <form noValidate onSubmit={sendCode} className="space-y-5">
            <PageHeading focusRef={heading}>{i18n._('cabinet.login.title')}</PageHeading>
            <p className="text-ink-soft">{i18n._('cabinet.login.lead')}</p>
            <fieldset disabled={!hydrated} className="space-y-5">
              <div>
                <label htmlFor={ids.phone} className="mb-1.5 block font-semibold">
                  {i18n._('cabinet.login.phone')}
                </label>
                <PhoneInput id={ids.phone} name="phone" value={phone} onChange={setPhone} {...described('phone')} />
                {errorOf('phone')}
              </div>
              <button type="submit" className="btn-primary w-full gap-2" disabled={busy} aria-busy={busy}>
                {i18n._('cabinet.login.send')}
              </button>
            </fieldset>
          </form>
        )}
        {step === 'code' && (
          <form noValidate onSubmit={checkCode} className="space-y-5">
            <PageHeading focusRef={heading}>{i18n._('cabinet.code.title')}</PageHeading>
            <p className="text-ink-soft">{i18n._('cabinet.code.lead', { phone: displayPhone(phone) })}</p>
            <div>
              <label htmlFor={ids.code} className="mb-1.5 block font-semibold">
                {i18n._('cabinet.code.label')}
              </label>
              <CodeInput id={ids.code} value={code} onChange={setCode} {...described('code')} />
              {errorOf('code')}
            </div>
            <button type="submit" className="btn-primary w-full" disabled={busy} aria-busy={busy}>
              {i18n._('cabinet.code.check')}
            </button>
            <div className="flex flex-wrap items-center justify-between gap-3 text-sm">
              {waitSeconds > 0 ? (
                <p className="text-ink-soft" aria-live="off">
                  {i18n._('cabinet.code.wait', { seconds: waitSeconds })}
                </p>
              ) : (
                <button type="button" className="font-semibold text-brand-800 underline" onClick={() => sendCode()} disabled={busy}>
                  {i18n._('cabinet.code.resend')}
                </button>
              )}
              <button
                type="button"
                className="font-semibold text-brand-800 underline"
                onClick={() => {
                  setErrors({});
                  setStep('phone');
                }}
              >
                {i18n._('cabinet.code.otherPhone')}
              </button>
            </div>
          </form>
        )}
        {step === 'register' && (
          <form noValidate onSubmit={register} className="space-y-5">
            <PageHeading focusRef={heading}>{i18n._('cabinet.register.title')}</PageHeading>
            <p className="text-ink-soft">{i18n._('cabinet.register.lead')}</p>
            <div className="grid grid-cols-[6rem_1fr] gap-3">
              <div>
                <label htmlFor={ids.seria} className="mb-1.5 block font-semibold">
                  {i18n._('cabinet.register.seria')}
                </label>
                <input
                  id={ids.seria}
                  name="passport_seria"
                  autoComplete="off"
                  autoCapitalize="characters"
                  maxLength={2}
                  placeholder="AA"
                  className={`${cabinetInputClass} uppercase`}
                  value={passportSeria}
                  onChange={(e) => setPassportSeria(e.target.value.toUpperCase().replace(/[^A-Z]/g, '').slice(0, 2))}
                  {...described('passport_seria')}
                />
              </div>
              <div>
                <label htmlFor={ids.number} className="mb-1.5 block font-semibold">
                  {i18n._('cabinet.register.number')}
                </label>
                <input
                  id={ids.number}
                  name="passport_number"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={7}
                  placeholder="1234567"
                  className={cabinetInputClass}
                  value={passportNumber}
                  onChange={(e) => setPassportNumber(e.target.value.replace(/\D/g, '').slice(0, 7))}
                  {...described('passport_number')}
                />
              </div>
            </div>
            {errorOf('passport_seria')}
            {errorOf('passport_number')}
            <div>
              <label htmlFor={ids.birthday} className="mb-1.5 block font-semibold">
                {i18n._('cabinet.register.birthday')}
              </label>
              <input
                id={ids.birthday}
                name="birthday"
                inputMode="numeric"
                autoComplete="bday"
                placeholder={i18n._('cabinet.register.datePlaceholder')}
                className={`${cabinetInputClass} max-w-48`}
                value={birthday}
                onChange={(e) => setBirthday(typedDate(e.target.value))}
                {...described('birthday')}
              />
              {errorOf('birthday')}
            </div>
            <div>
              <label className="flex cursor-pointer items-start gap-3">
                <input
                  type="checkbox"
                  name="accept_terms"
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                  checked={terms}
                  onChange={(e) => setTerms(e.target.checked)}
                  {...described('accept_terms')}
                />
                <span>{i18n._('cabinet.register.terms')}</span>
              </label>
              {errorOf('accept_terms')}
            </div>
            {errors.form && (
              <p role="alert" className="font-medium text-red-800">
                {errors.form}
              </p>
            )}
            <button type="submit" className="btn-primary w-full" disabled={busy} aria-busy={busy}>
              {i18n._('cabinet.register.submit')}
            </button>
          </form>
        )}
        {/* Said aloud when it changes: the field's own error is beside it, this names it once. */}
        <p className="sr-only" role="status">
          {Object.values(errors)[0] ?? ''}
        </p>
      </div>
    </section>
  );
}
