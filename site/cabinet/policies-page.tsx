import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { formatPrice } from '../../engine/format';
import { localePath } from '../language';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';
import type { CabinetPolicy, UnpaidContract } from './cabinet-api';
import { productTitle, renewAddress } from './cabinet-products';
import { Fact, Failed, Loading, PageHeading, shownDate } from './cabinet-ui';
import { StatusBadge } from './status-badge';
import { useCabinetData } from './use-cabinet';

// The payment step comes with the engine's payment code and texts: loaded only when a purchase is continued.
const UnpaidPayment = lazy(() => import('./unpaid-payment'));

/** Every policy of the client (`get/policy-new`), newest first, and the purchases saved but not paid (`get/unpaid`). */
export default function PoliciesPage() {
  const { i18n } = useLingui();
  const policies = useCabinetData((cabinet) => cabinet.policies(), 'policies');
  const unpaid = useCabinetData((cabinet) => cabinet.unpaid(), 'unpaid');
  usePageTitle(i18n._('cabinet.tab.my-policies'));
  return (
    <section aria-labelledby="page-title" className="space-y-8">
      <PageHeading>{i18n._('cabinet.tab.my-policies')}</PageHeading>
      <div aria-live="polite">
        {policies.state === 'loading' && <Loading />}
        {policies.state === 'failed' && <Failed refusal={policies.refusal} onRetry={policies.reload} />}
        {policies.state === 'ready' &&
          (policies.data.length === 0 ? (
            <EmptyPolicies />
          ) : (
            <ul className="space-y-4" aria-label={i18n._('cabinet.tab.my-policies')}>
              {policies.data.map((policy) => (
                <PolicyCard key={policy.id} policy={policy} />
              ))}
            </ul>
          ))}
      </div>
      {unpaid.state === 'ready' && unpaid.data.length > 0 && (
        <section aria-labelledby="unpaid-title" className="space-y-4">
          <h2 id="unpaid-title" className="text-xl font-bold">
            {i18n._('cabinet.unpaid.title')}
          </h2>
          <ul className="space-y-4">
            {unpaid.data.map((contract) => (
              <UnpaidCard key={contract.contract_id} contract={contract} />
            ))}
          </ul>
        </section>
      )}
      {unpaid.state === 'failed' && <Failed refusal={unpaid.refusal} onRetry={unpaid.reload} />}
    </section>
  );
}

function EmptyPolicies() {
  const { i18n } = useLingui();
  const lang = useLang();
  return (
    <div className="rounded-2xl bg-white p-6 ring-1 ring-line">
      <p>{i18n._('cabinet.policies.none')}</p>
      <Link to={localePath(lang, '/')} className="btn-primary mt-4">
        {i18n._('cabinet.policies.buy')}
      </Link>
    </div>
  );
}

function PolicyCard({ policy }: { policy: CabinetPolicy }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const title = productTitle(policy.product);
  const renew = policy.renewable && policy.status !== 'cancelled' ? renewAddress(lang, policy.product, policy.id) : null;
  return (
    <li className="rounded-2xl bg-white p-5 ring-1 ring-line" data-policy={policy.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-lg font-bold">
          <Link to={localePath(lang, `/dashboard/policies/${policy.id}`)} className="text-brand-800 underline-offset-2 hover:underline">
            {title ? i18n._(title) : policy.product}
          </Link>
        </h3>
        <StatusBadge status={policy.status} kind="policy" />
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Fact label={i18n._('cabinet.policy.number')} value={policy.number} />
        <Fact label={i18n._('cabinet.policy.period')} value={`${shownDate(policy.begin_date)} – ${shownDate(policy.end_date)}`} />
        <Fact label={i18n._('cabinet.policy.subject')} value={policy.subject} />
        <Fact label={i18n._('cabinet.policy.premium')} value={`${formatPrice(policy.premium)} ${i18n._('cabinet.currency')}`} />
      </dl>
      {renew && (
        <a href={renew} className="btn-primary mt-4">
          {i18n._('cabinet.policy.renew')}
        </a>
      )}
    </li>
  );
}

function UnpaidCard({ contract }: { contract: UnpaidContract }) {
  const { i18n } = useLingui();
  const [paying, setPaying] = useState(false);
  const title = productTitle(contract.product);
  return (
    <li className="rounded-2xl bg-white p-5 ring-1 ring-line" data-contract={contract.contract_id}>
      <h3 className="text-lg font-bold">{title ? i18n._(title) : contract.product}</h3>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <Fact label={i18n._('cabinet.unpaid.amount')} value={`${formatPrice(contract.amount)} ${i18n._('cabinet.currency')}`} />
        <Fact label={i18n._('cabinet.unpaid.created')} value={shownDate(contract.created_at)} />
        <Fact label={i18n._('cabinet.unpaid.expires')} value={shownDate(contract.expires_at)} />
      </dl>
      {paying ? (
        <div className="mt-4">
          <Suspense fallback={<Loading />}>
            <UnpaidPayment contract={contract} onClose={() => setPaying(false)} />
          </Suspense>
        </div>
      ) : (
        <button type="button" className="btn-primary mt-4" onClick={() => setPaying(true)}>
          {i18n._('cabinet.unpaid.continue')}
        </button>
      )}
    </li>
  );
}
