import { useEffect } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { displayPhone } from '../../engine/widgets/normalise';
import { localePath } from '../language';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';
import { setSignedIn } from './account';
import { Failed, Loading, PageHeading, shownDate } from './cabinet-ui';
import { useCabinetData } from './use-cabinet';

/** The client's profile (`get/info`): names, PINFL and birthday from the registry (read only), phone, e-mail, the language of messages. */
export default function ProfilePage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const info = useCabinetData((cabinet) => cabinet.info(), 'info');
  usePageTitle(i18n._('cabinet.tab.user-info'));
  const firstName = info.state === 'ready' ? info.data.first_name : null;
  useEffect(() => {
    if (firstName) setSignedIn(firstName);
  }, [firstName]);

  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <PageHeading>{i18n._('cabinet.tab.user-info')}</PageHeading>
      {info.state === 'loading' && <Loading />}
      {info.state === 'failed' && <Failed refusal={info.refusal} onRetry={info.reload} />}
      {info.state === 'ready' && (
        <>
          <dl className="grid gap-x-6 gap-y-4 rounded-2xl bg-white p-5 ring-1 ring-line sm:grid-cols-2 sm:p-6">
            <Row label={i18n._('cabinet.profile.lastName')} value={info.data.last_name} />
            <Row label={i18n._('cabinet.profile.firstName')} value={info.data.first_name} />
            <Row label={i18n._('cabinet.profile.pinfl')} value={info.data.pinfl} mono />
            <Row label={i18n._('cabinet.profile.birthday')} value={shownDate(info.data.birthday)} />
            <Row label={i18n._('cabinet.profile.phone')} value={displayPhone(info.data.phone)} />
            <Row label={i18n._('cabinet.profile.email')} value={info.data.email ?? i18n._('cabinet.profile.noEmail')} />
            <Row label={i18n._('cabinet.profile.lang')} value={i18n._(`cabinet.lang.${info.data.lang}`)} />
          </dl>
          <p className="text-sm text-ink-soft">{i18n._('cabinet.profile.registryNote')}</p>
          <Link to={localePath(lang, '/dashboard/edit-profile')} className="btn-primary">
            {i18n._('cabinet.profile.edit')}
          </Link>
        </>
      )}
    </section>
  );
}

function Row({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-sm text-ink-soft">{label}</dt>
      <dd className={`mt-0.5 break-words font-semibold ${mono ? 'font-mono' : ''}`}>{value}</dd>
    </div>
  );
}
