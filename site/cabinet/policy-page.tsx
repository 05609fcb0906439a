import { Link, useParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { formatPrice } from '../../engine/format';
import { localePath } from '../language';
import NotFoundPage from '../pages/not-found-page';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';
import { productTitle, renewAddress } from './cabinet-products';
import { Fact, Failed, Loading, PageHeading, shownDate } from './cabinet-ui';
import { StatusBadge } from './status-badge';
import { useCabinetData } from './use-cabinet';

/** One policy of the client (`get/policy/:id`): its facts, the PDF, the QR code's verification page, the payment and the contract. */
export default function PolicyPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const id = useParams()._id ?? '';
  const policy = useCabinetData((cabinet) => cabinet.policy(id), id);
  usePageTitle(i18n._('cabinet.policy.title'));
  if (policy.state === 'failed' && policy.refusal.status === 404) return <NotFoundPage />;
  const back = (
    <Link to={localePath(lang, '/dashboard/policies')} className="font-semibold text-brand-800 underline">
      {i18n._('cabinet.policy.back')}
    </Link>
  );
  if (policy.state !== 'ready') {
    return (
      <section aria-labelledby="page-title" className="space-y-6">
        <PageHeading>{i18n._('cabinet.policy.title')}</PageHeading>
        {policy.state === 'loading' ? <Loading /> : <Failed refusal={policy.refusal} onRetry={policy.reload} />}
        {back}
      </section>
    );
  }
  const data = policy.data;
  const title = productTitle(data.product);
  const renew = data.renewable && data.status !== 'cancelled' ? renewAddress(lang, data.product, data.id) : null;
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      {back}
      <div className="flex flex-wrap items-center gap-3">
        <PageHeading>{title ? i18n._(title) : data.product}</PageHeading>
        <StatusBadge status={data.status} kind="policy" />
      </div>
      <dl className="grid gap-x-6 gap-y-3 rounded-2xl bg-white p-5 text-sm ring-1 ring-line sm:grid-cols-2 sm:p-6">
        <Fact label={i18n._('cabinet.policy.number')} value={data.number} />
        <Fact label={i18n._('cabinet.policy.period')} value={`${shownDate(data.begin_date)} – ${shownDate(data.end_date)}`} />
        <Fact label={i18n._('cabinet.policy.subject')} value={data.subject} />
        <Fact label={i18n._('cabinet.policy.insured')} value={data.insured.map((person) => person.name).join(', ') || '—'} />
        <Fact label={i18n._('cabinet.policy.premium')} value={`${formatPrice(data.premium)} ${i18n._('cabinet.currency')}`} />
      </dl>
      <div className="flex flex-wrap gap-3">
        <a href={data.pdf_url} className="btn-primary" download>
          {i18n._('cabinet.policy.pdf')}
        </a>
        <a href={data.verify_url} className="btn-secondary" target="_blank" rel="noopener">
          {i18n._('cabinet.policy.verify')}
        </a>
        {renew && (
          <a href={renew} className="btn-secondary">
            {i18n._('cabinet.policy.renew')}
          </a>
        )}
      </div>
      <section aria-labelledby="payment-title" className="rounded-2xl bg-white p-5 ring-1 ring-line sm:p-6">
        <h2 id="payment-title" className="text-lg font-bold">
          {i18n._('cabinet.policy.payment')}
        </h2>
        {data.payment ? (
          <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
            <Fact label={i18n._('cabinet.policy.provider')} value={data.payment.provider} />
            <Fact label={i18n._('cabinet.policy.paidAt')} value={shownDate(data.payment.paid_at)} />
            <Fact label={i18n._('cabinet.unpaid.amount')} value={`${formatPrice(data.payment.amount)} ${i18n._('cabinet.currency')}`} />
          </dl>
        ) : (
          <p className="mt-3 text-ink-soft">{i18n._('cabinet.policy.noPayment')}</p>
        )}
      </section>
      <section aria-labelledby="contract-title" className="rounded-2xl bg-white p-5 ring-1 ring-line sm:p-6">
        <h2 id="contract-title" className="text-lg font-bold">
          {i18n._('cabinet.policy.contract')}
        </h2>
        <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
          <Fact label={i18n._('cabinet.policy.order')} value={data.contract.order_id} />
          <Fact label={i18n._('cabinet.policy.created')} value={shownDate(data.contract.created_at)} />
          <Fact label={i18n._('cabinet.policy.channel')} value={data.contract.channel} />
        </dl>
        {data.conditions.length > 0 && (
          <ul className="mt-4 list-disc space-y-1 pl-5 text-sm">
            {data.conditions.map((condition) => (
              <li key={condition}>{condition}</li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
