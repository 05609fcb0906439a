import { Link, useParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { localePath } from '../language';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';
import { productTitle } from './cabinet-products';
import { Fact, Failed, Loading, PageHeading, shownDate } from './cabinet-ui';
import { StatusBadge } from './status-badge';
import { useCabinetData } from './use-cabinet';

/** One claim of the client, from the same list the claims page shows (`client-claims`); one not among them is not found. */
export default function ApplicationPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const id = (useParams()._id ?? '').toLowerCase();
  const claims = useCabinetData((cabinet) => cabinet.claims(), 'claims');
  usePageTitle(i18n._('cabinet.application.title'));
  const claim = claims.state === 'ready' ? claims.data.find((one) => one.id.toLowerCase() === id) : undefined;
  const title = claim ? productTitle(claim.product) : null;
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <Link to={localePath(lang, '/dashboard/applications')} className="font-semibold text-brand-800 underline">
        {i18n._('cabinet.application.back')}
      </Link>
      <PageHeading>{claim ? i18n._('cabinet.application.number', { number: claim.number }) : i18n._('cabinet.application.title')}</PageHeading>
      {claims.state === 'loading' && <Loading />}
      {claims.state === 'failed' && <Failed refusal={claims.refusal} onRetry={claims.reload} />}
      {claims.state === 'ready' && !claim && <p className="rounded-2xl bg-white p-6 ring-1 ring-line">{i18n._('cabinet.application.notFound')}</p>}
      {claim && (
        <dl className="grid gap-x-6 gap-y-3 rounded-2xl bg-white p-5 text-sm ring-1 ring-line sm:grid-cols-2 sm:p-6">
          <div>
            <dt className="text-ink-soft">{i18n._('cabinet.application.status')}</dt>
            <dd className="mt-1">
              <StatusBadge status={claim.claim_status} kind="claim" />
            </dd>
          </div>
          <Fact label={i18n._('cabinet.application.product')} value={title ? i18n._(title) : claim.product} />
          <Fact label={i18n._('cabinet.policy.number')} value={claim.policy_number ?? '—'} />
          <Fact label={i18n._('cabinet.application.event')} value={shownDate(claim.event_date)} />
          <Fact label={i18n._('cabinet.application.filed')} value={shownDate(claim.created_at)} />
        </dl>
      )}
    </section>
  );
}
