import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLingui } from '@lingui/react';
import { formatPrice } from '../../engine/format';
import { api } from '../api/site-api';
import { formatPhone, supportPhone } from '../contacts';
import { localePath } from '../language';
import type { ContractCheckResponse as ContractCheck } from '../../products/site-api.generated';
import { productById } from '../products';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';

type ContractStatus = ContractCheck['status'];

type CheckState = { status: 'loading' } | { status: 'found'; contract: ContractCheck } | { status: 'unknown' };

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

function useContractCheck(contractId: string | null) {
  const [state, setState] = useState<CheckState>({ status: contractId ? 'loading' : 'unknown' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!contractId) return;
    let current = true;
    setState({ status: 'loading' });
    api.post<ContractCheck>('/sayt/contract/check', { contract_id: contractId }).then(
      (envelope) => current && setState(envelope.result ? { status: 'found', contract: envelope.response } : { status: 'unknown' }),
      // Network and server faults are already toasted by the client; the page stays friendly.
      () => current && setState({ status: 'unknown' }),
    );
    return () => {
      current = false;
    };
  }, [contractId, attempt]);
  return { state, recheck: useCallback(() => setAttempt((n) => n + 1), []) };
}

/** Where payment providers send the visitor back: the contract's status and, once issued, its policy. */
export default function ThankYouPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const params = useParams();
  const [search] = useSearchParams();
  const contractId = params.contractId ?? search.get('contract_id');
  const { state, recheck } = useContractCheck(contractId);
  usePageTitle(i18n._('pages.thankYou.title'));

  return (
    <section className="mx-auto max-w-2xl px-4 py-12" aria-labelledby="page-title">
      <h1 id="page-title" className="text-3xl font-bold">{i18n._('pages.thankYou.title')}</h1>
      <div aria-live="polite" className="mt-6">
        {state.status === 'loading' && (
          <p role="status" className="flex items-center gap-3 text-ink-soft">
            <span className="spinner" aria-hidden="true" />
            {i18n._('pages.thankYou.checking')}
          </p>
        )}
        {state.status === 'unknown' && (
          <div className="rounded-2xl bg-white p-6 ring-1 ring-line">
            <p>{i18n._(contractId ? 'pages.thankYou.notFound' : 'pages.thankYou.noContract')}</p>
            {supportPhone && (
              <p className="mt-3 text-ink-soft">
                {i18n._('pages.thankYou.callUs')}{' '}
                <a className="font-semibold text-brand-800 underline" href={`tel:${supportPhone}`}>
                  {formatPhone(supportPhone)}
                </a>
              </p>
            )}
          </div>
        )}
        {state.status === 'found' && <ContractSummary contract={state.contract} onRecheck={recheck} />}
      </div>
      <Link to={localePath(lang, '/')} className="btn-secondary mt-8">
        {i18n._('site.action.home')}
      </Link>
    </section>
  );
}

function ContractSummary({ contract, onRecheck }: { contract: ContractCheck; onRecheck: () => void }) {
  const { i18n } = useLingui();
  const title = productTitle(contract.product);
  const pending = contract.status === 'awaiting_payment' || contract.status === 'paid' || contract.status === 'draft';
  return (
    <div className="rounded-2xl bg-white p-6 ring-1 ring-line">
      <p className="text-lg font-semibold">{i18n._(statusText[contract.status])}</p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        {title && (
          <>
            <dt className="text-ink-soft">{i18n._('pages.thankYou.product')}</dt>
            <dd>{i18n._(title)}</dd>
          </>
        )}
        <dt className="text-ink-soft">{i18n._('pages.thankYou.contract')}</dt>
        <dd>{contract.contract_id}</dd>
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
      {pending && (
        <button type="button" className="btn-secondary mt-6" onClick={onRecheck}>
          {i18n._('pages.thankYou.recheck')}
        </button>
      )}
    </div>
  );
}
