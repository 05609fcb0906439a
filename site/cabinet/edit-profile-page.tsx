import { useId, useState, type FormEvent } from 'react';
import { useLingui } from '@lingui/react';
import { displayPhone } from '../../engine/widgets/normalise';
import type { InfoResponse } from '../../products/kit/api/cabinet-api.generated';
import { languages } from '../language';
import { usePageTitle } from '../use-page-title';
import { CabinetRefusal } from './cabinet-api';
import { cabinetInputClass, Failed, FieldError, Loading, PageHeading, useRefusalText } from './cabinet-ui';
import { mobilePhone } from './sign-in-fields';
import { CodeInput, PhoneInput } from './cabinet-fields';
import { useCabinetApi, useCabinetData, useSessionEnded } from './use-cabinet';

type MessageLang = InfoResponse['lang'];

/** Hands a refusal to the page: a 401 signs out, anything else is shown. */
function useRefused(show: (text: string) => void): (error: unknown) => void {
  const ended = useSessionEnded();
  const text = useRefusalText();
  return (error) => {
    const refusal = error instanceof CabinetRefusal ? error : new CabinetRefusal('unavailable', null);
    if (refusal.signedOut) ended();
    else show(text(refusal));
  };
}

/** The e-mail and the language of messages (edit-profile), and a new phone confirmed by a code sent to it. */
export default function EditProfilePage() {
  const { i18n } = useLingui();
  const info = useCabinetData((cabinet) => cabinet.info(), 'info');
  usePageTitle(i18n._('cabinet.edit.title'));
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <PageHeading>{i18n._('cabinet.edit.title')}</PageHeading>
      {info.state === 'loading' && <Loading />}
      {info.state === 'failed' && <Failed refusal={info.refusal} onRetry={info.reload} />}
      {info.state === 'ready' && (
        <>
          <ContactForm profile={info.data} />
          <PhoneChange current={info.data.phone} />
        </>
      )}
    </section>
  );
}

function ContactForm({ profile }: { profile: InfoResponse }) {
  const { i18n } = useLingui();
  const cabinet = useCabinetApi();
  const ids = { email: useId(), lang: useId(), error: useId() };
  const [email, setEmail] = useState(profile.email ?? '');
  const [lang, setLang] = useState<MessageLang>(profile.lang);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const refused = useRefused(setError);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    const typed = email.trim();
    if (typed !== '' && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(typed)) {
      setError(i18n._('cabinet.error.email'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const changed = await cabinet.editProfile({ ...(typed ? { email: typed } : {}), lang });
      setEmail(changed.email ?? '');
      setSaved(true);
    } catch (failure) {
      refused(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void save(event)} className="space-y-5 rounded-2xl bg-white p-5 ring-1 ring-line sm:p-6" aria-labelledby={`${ids.email}-title`}>
      <h2 id={`${ids.email}-title`} className="text-lg font-bold">
        {i18n._('cabinet.edit.contacts')}
      </h2>
      <div>
        <label htmlFor={ids.email} className="mb-1.5 block font-semibold">
          {i18n._('cabinet.profile.email')}
        </label>
        <input
          id={ids.email}
          name="email"
          type="email"
          autoComplete="email"
          maxLength={254}
          className={cabinetInputClass}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
        />
        <FieldError id={ids.error} text={error} />
      </div>
      <div>
        <label htmlFor={ids.lang} className="mb-1.5 block font-semibold">
          {i18n._('cabinet.profile.lang')}
        </label>
        <select id={ids.lang} name="lang" className={`${cabinetInputClass} max-w-60`} value={lang} onChange={(e) => setLang(e.target.value as MessageLang)}>
          {languages.map((option) => (
            <option key={option} value={option}>
              {i18n._(`cabinet.lang.${option}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
          {i18n._('cabinet.edit.save')}
        </button>
        <p role="status" className="font-medium text-green-800">
          {saved ? i18n._('cabinet.edit.saved') : ''}
        </p>
      </div>
    </form>
  );
}

function PhoneChange({ current }: { current: string }) {
  const { i18n } = useLingui();
  const cabinet = useCabinetApi();
  const ids = { phone: useId(), code: useId(), phoneError: useId(), codeError: useId() };
  const [phone, setPhone] = useState('');
  const [shown, setShown] = useState(current);
  const [requestId, setRequestId] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ phone?: string; code?: string }>({});
  const [busy, setBusy] = useState(false);
  const [changed, setChanged] = useState(false);
  const onPhone = useRefused((text) => setErrors({ phone: text }));
  const onCode = useRefused((text) => setErrors({ code: text }));

  const send = async (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    if (!mobilePhone.test(phone)) {
      setErrors({ phone: i18n._('cabinet.error.phone') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      setRequestId((await cabinet.changePhoneSendCode(phone)).request_id);
    } catch (failure) {
      onPhone(failure);
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!requestId) return;
    if (!/^\d{6}$/.test(code)) {
      setErrors({ code: i18n._('cabinet.error.code') });
      return;
    }
    setBusy(true);
    setErrors({});
    try {
      const profile = await cabinet.changePhoneConfirm(requestId, code);
      setShown(profile.phone);
      setRequestId(null);
      setPhone('');
      setCode('');
      setChanged(true);
    } catch (failure) {
      onCode(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-line sm:p-6">
      <h2 className="text-lg font-bold">{i18n._('cabinet.phone.title')}</h2>
      <p className="text-ink-soft">{i18n._('cabinet.phone.current', { phone: displayPhone(shown) })}</p>
      {requestId === null ? (
        <form noValidate onSubmit={(event) => void send(event)} className="space-y-4">
          <div>
            <label htmlFor={ids.phone} className="mb-1.5 block font-semibold">
              {i18n._('cabinet.phone.new')}
            </label>
            <PhoneInput
              id={ids.phone}
              name="new_phone"
              className="max-w-72"
              value={phone}
              onChange={setPhone}
              aria-invalid={errors.phone ? true : undefined}
              aria-describedby={errors.phone ? ids.phoneError : undefined}
            />
            <FieldError id={ids.phoneError} text={errors.phone ?? null} />
          </div>
          <button type="submit" className="btn-secondary" disabled={busy} aria-busy={busy}>
            {i18n._('cabinet.login.send')}
          </button>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void confirm(event)} className="space-y-4">
          <div>
            <label htmlFor={ids.code} className="mb-1.5 block font-semibold">
              {i18n._('cabinet.phone.code', { phone: displayPhone(phone) })}
            </label>
            <CodeInput
              id={ids.code}
              value={code}
              onChange={setCode}
              aria-invalid={errors.code ? true : undefined}
              aria-describedby={errors.code ? ids.codeError : undefined}
            />
            <FieldError id={ids.codeError} text={errors.code ?? null} />
          </div>
          <div className="flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={busy} aria-busy={busy}>
              {i18n._('cabinet.phone.confirm')}
            </button>
            <button type="button" className="btn-secondary" onClick={() => setRequestId(null)}>
              {i18n._('cabinet.phone.cancel')}
            </button>
          </div>
        </form>
      )}
      <p role="status" className="font-medium text-green-800">
        {changed ? i18n._('cabinet.phone.changed') : ''}
      </p>
    </div>
  );
}
