import { useId, useState } from 'react';
import { useLingui } from '@lingui/react';
import { usePageTitle } from '../use-page-title';
import { Failed, Loading, PageHeading } from './cabinet-ui';
import { useCabinetData } from './use-cabinet';

/** The client's own link (`?ref=`) to share, with a copy button, and how many purchases came through it (`get/referrals`). */
export default function ReferralsPage() {
  const { i18n } = useLingui();
  const referrals = useCabinetData((cabinet) => cabinet.referrals(), 'referrals');
  const linkId = useId();
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  usePageTitle(i18n._('cabinet.tab.my-referals'));
  const copy = async (link: string) => {
    try {
      await navigator.clipboard.writeText(link);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <PageHeading>{i18n._('cabinet.tab.my-referals')}</PageHeading>
      {referrals.state === 'loading' && <Loading />}
      {referrals.state === 'failed' && <Failed refusal={referrals.refusal} onRetry={referrals.reload} />}
      {referrals.state === 'ready' && (
        <div className="space-y-4 rounded-2xl bg-white p-5 ring-1 ring-line sm:p-6">
          <p>{i18n._('cabinet.referrals.lead')}</p>
          <label htmlFor={linkId} className="block font-semibold">
            {i18n._('cabinet.referrals.link')}
          </label>
          <div className="flex flex-wrap gap-3">
            <input id={linkId} readOnly value={referrals.data.link} className="min-w-0 flex-1 rounded-lg border border-slate-400 bg-slate-50 px-3 py-2.5 font-mono text-sm" onFocus={(e) => e.target.select()} />
            <button type="button" className="btn-primary" onClick={() => void copy(referrals.data.link)}>
              {i18n._('cabinet.referrals.copy')}
            </button>
          </div>
          <p role="status" className="text-sm font-medium text-green-800">
            {copied === 'yes' ? i18n._('cabinet.referrals.copied') : copied === 'no' ? i18n._('cabinet.referrals.copyFailed') : ''}
          </p>
          <p className="text-lg">{i18n._('cabinet.referrals.purchases', { count: referrals.data.purchases })}</p>
        </div>
      )}
    </section>
  );
}
