import { useContext, useEffect, useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { formatPrice } from '../../engine/format';
import { api } from '../api/site-api';
import { formatPhone, supportPhone } from '../contacts';
import { localePath } from '../language';
import type { ContractCheckResponse as ContractCheck } from '../../products/kit/api/site-api.generated';
import type { ContractStanding } from '../../products/kit/site/site-pages';
import { ContractStandingContext } from '../contract-standing';
import { productById } from '../products';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';

type ContractStatus = ContractCheck['status'];

/** What the page shows: the server's standing of the contract, or, while the browser checks it, that it is checking. */
type Shown = ContractStanding | { state: 'loading' };

const statusText: Record<ContractStatus, string> = {
  draft: 'pages.thankYou.status.draft',
  awaiting_payment: 'pages.thankYou.status.awaiting_payment',
  paid: 'pages.thankYou.status.paid',
  issued: 'pages.thankYou.status.issued',
  cancelled: 'pages.thankYou.status.cancelled',
};

function productTitle(product: string): string | null {
  return productById(product)?.manifest.title ?? null;
}

/** The standing the server drew the page with; else the browser asks for it (the build's page, or a navigation inside the site). */
function useContractStanding(contractId: string | null): Shown {
  const given = useContext(ContractStandingContext);
  const [checked, setChecked] = useState<Shown>(contractId ? { state: 'loading' } : { state: 'none' });
  useEffect(() => {
    if (given || !contractId) return;
    let current = true;
    api.post<ContractCheck>('/sayt/contract/check', { contract_id: contractId }).then(
      (envelope) => current && setChecked(envelope.result ? { state: 'found', contract: envelope.response } : { state: 'unknown' }),
      // Network and server faults are already toasted by the client; the page stays friendly.
      () => current && setChecked({ state: 'unknown' }),
    );
    return () => {
      current = false;
    };
  }, [given, contractId]);
  return given ?? checked;
}

/**
 * Where payment providers send the visitor back: the contract's status and, once issued, its policy.
 * The server draws it with the contract's standing and sends it without scripts; checking again is
 * loading the address again.
 */
export default function ThankYouPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const params = useParams();
  const [search] = useSearchParams();
  const location = useLocation();
  const contractId = params.contractId ?? search.get('contract_id');
  const shown = useContractStanding(contractId);
  const here = `${location.pathname}${location.search}`;
  usePageTitle(i18n._('pages.thankYou.title'));

  return (
    <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">{i18n._('pages.thankYou.title')}</h1>
      <div aria-live="polite" className="mt-6">
        {shown.state === 'loading' && (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <span className="spinner" aria-hidden="true" />
            {i18n._('pages.thankYou.checking')}
          </p>
        )}
        {(shown.state === 'unknown' || shown.state === 'none' || shown.state === 'unavailable') && (
          <div className="rounded-2xl bg-white p-6 ring-1 ring-line">
            <p role={shown.state === 'unavailable' ? 'alert' : undefined}>{i18n._(standingText[shown.state])}</p>
            {supportPhone && (
              <p className="mt-3 text-ink-soft">
                {i18n._('pages.thankYou.callUs')}{' '}
                <a className="font-semibold text-brand-800 underline" href={`tel:${supportPhone}`}>
                  {formatPhone(supportPhone)}
                </a>
              </p>
            )}
            {shown.state === 'unavailable' && <RecheckLink href={here} />}
          </div>
        )}
        {shown.state === 'found' && <ContractSummary contract={shown.contract} declined={shown.declined === true} payAgain={shown.payAgain} recheckHref={here} />}
      </div>
      <Link to={localePath(lang, '/')} className="btn-secondary mt-8">
        {i18n._('site.action.home')}
      </Link>
    </section>
  );
}

const standingText = {
  unknown: 'pages.thankYou.notFound',
  none: 'pages.thankYou.noContract',
  unavailable: 'pages.thankYou.unavailable',
} as const;

/** Checking again is loading the page again: the server draws it with what the contract is now. */
function RecheckLink({ href }: { href: string }) {
  const { i18n } = useLingui();
  return (
    <a href={href} className="btn-secondary mt-6">
      {i18n._('pages.thankYou.recheck')}
    </a>
  );
}

function ContractSummary({ contract, declined, payAgain, recheckHref }: { contract: ContractCheck; declined: boolean; payAgain: string | undefined; recheckHref: string }) {
  const { i18n } = useLingui();
  const title = productTitle(contract.product);
  const pending = contract.status === 'awaiting_payment' || contract.status === 'paid' || contract.status === 'draft';
  return (
    <div className="rounded-2xl bg-white p-6 ring-1 ring-line">
      {declined ? (
        <p role="alert" className="text-lg font-semibold text-red-800">{i18n._('pages.thankYou.declined')}</p>
      ) : (
        <p className="text-lg font-semibold">{i18n._(statusText[contract.status])}</p>
      )}
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        {title && (
          <>
            <dt className="text-ink-soft">{i18n._('pages.thankYou.product')}</dt>
            <dd>{i18n._(title)}</dd>
          </>
        )}
        {/* The order number the payment step showed (and Paynet asks for), not the contract's internal id. */}
        <dt className="text-ink-soft">{i18n._('pages.thankYou.order')}</dt>
        <dd className="font-mono">{contract.order_id}</dd>
        <dt className="text-ink-soft">{i18n._('pages.thankYou.amount')}</dt>
        <dd>{i18n._('site.price.amount', { amount: formatPrice(contract.amount) })}</dd>
        {contract.policy_number && (
          <>
            <dt className="text-ink-soft">{i18n._('pages.thankYou.policy')}</dt>
            <dd className="font-semibold">{contract.policy_number}</dd>
          </>
        )}
      </dl>
      {contract.status === 'issued' && contract.pdf_url && (
        <a href={contract.pdf_url} className="btn-primary mt-6" target="_blank" rel="noopener" download>
          {i18n._('pages.thankYou.download')}
        </a>
      )}
      {declined && payAgain && (
        <a href={payAgain} className="btn-primary mt-6 mr-3">
          {i18n._('pages.thankYou.payAgain')}
        </a>
      )}
      {pending && <RecheckLink href={recheckHref} />}
    </div>
  );
}
