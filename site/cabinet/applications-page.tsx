import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { localePath } from '../language';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';
import type { CabinetPolicy, ClientClaim } from './cabinet-api';
import { productTitle } from './cabinet-products';
import { Failed, Loading, PageHeading, shownDate } from './cabinet-ui';
import { useClaimTexts } from './claim-texts';
import { StatusBadge } from './status-badge';
import { useCabinetData } from './use-cabinet';

/** Claims by the day of their event, newest day first, each day's claims in the order the server gave. */
export function byEventDate(claims: readonly ClientClaim[]): { date: string; claims: ClientClaim[] }[] {
  const days = new Map<string, ClientClaim[]>();
  for (const claim of claims) {
    const day = claim.event_date.slice(0, 10);
    days.set(day, [...(days.get(day) ?? []), claim]);
  }
  return [...days].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0)).map(([date, list]) => ({ date, claims: list }));
}

/** The products a client can file a claim under: those of their policies (an ended one may still cover an earlier event), once each, newest first. */
export function claimableProducts(policies: readonly CabinetPolicy[]): string[] {
  return [...new Set(policies.map((policy) => policy.product))];
}

/** The client's claims (`client-claims`), grouped by the date of the event, each with its status and whether documents are asked for. */
export default function ApplicationsPage() {
  const { i18n } = useLingui();
  const claims = useCabinetData((cabinet) => cabinet.claims(), 'claims');
  useClaimTexts();
  usePageTitle(i18n._('cabinet.tab.my-applications'));
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <PageHeading>{i18n._('cabinet.tab.my-applications')}</PageHeading>
      <div aria-live="polite" className="space-y-6">
        {claims.state === 'loading' && <Loading />}
        {claims.state === 'failed' && <Failed refusal={claims.refusal} onRetry={claims.reload} />}
        {claims.state === 'ready' && (claims.data.length === 0 ? <NoClaims /> : byEventDate(claims.data).map((day) => <ClaimDay key={day.date} {...day} />))}
      </div>
    </section>
  );
}

function ClaimDay({ date, claims }: { date: string; claims: ClientClaim[] }) {
  const { i18n } = useLingui();
  return (
    <section aria-labelledby={`day-${date}`} className="space-y-3">
      <h2 id={`day-${date}`} className="text-lg font-bold">
        {i18n._('cabinet.applications.eventDate', { date: shownDate(date) })}
      </h2>
      <ul className="space-y-3">
        {claims.map((claim) => (
          <ClaimCard key={claim.id} claim={claim} />
        ))}
      </ul>
    </section>
  );
}

function ClaimCard({ claim }: { claim: ClientClaim }) {
  const { i18n } = useLingui();
  const lang = useLang();
  const title = productTitle(claim.product);
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-line sm:p-5" data-claim={claim.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 className="text-base font-bold">
          <Link to={localePath(lang, `/dashboard/applications/${claim.id}`)} className="text-brand-800 underline underline-offset-2">
            {i18n._('cabinet.application.number', { number: claim.number })}
          </Link>
        </h3>
        <StatusBadge status={claim.claim_status} kind="claim" />
      </div>
      <p className="mt-1 text-sm">{title ? i18n._(title) : claim.product}</p>
      <p className="text-sm text-ink-soft">{i18n._('cabinet.applications.policy', { number: claim.policy_number ?? '—' })}</p>
      {claim.documents_needed.length > 0 && (
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-amber-100 px-2.5 py-0.5 text-sm font-semibold text-amber-900" data-documents-needed>
          <span aria-hidden="true">!</span>
          {i18n._('cabinet.applications.documentsNeeded')}
        </p>
      )}
    </li>
  );
}

/** No claim yet: where to file one, under a product of the client's policies (or the shop, with none). */
function NoClaims() {
  const { i18n } = useLingui();
  const lang = useLang();
  const policies = useCabinetData((cabinet) => cabinet.policies(), 'policies');
  const products = policies.state === 'ready' ? claimableProducts(policies.data) : [];
  return (
    <div className="rounded-2xl bg-white p-6 ring-1 ring-line">
      <p>{i18n._('cabinet.applications.none')}</p>
      {policies.state === 'loading' && <Loading />}
      {products.length > 0 ? (
        <>
          <h2 className="mt-4 font-bold" id="file-claim">
            {i18n._('cabinet.applications.file')}
          </h2>
          <ul aria-labelledby="file-claim" className="mt-3 flex flex-wrap gap-3">
            {products.map((product) => {
              const title = productTitle(product);
              return (
                <li key={product}>
                  <a href={localePath(lang, `/insurance-event/${product}`)} className="btn-secondary">
                    {title ? i18n._(title) : product}
                  </a>
                </li>
              );
            })}
          </ul>
        </>
      ) : (
        policies.state !== 'loading' && (
          <Link to={localePath(lang, '/')} className="btn-primary mt-4">
            {i18n._('cabinet.policies.buy')}
          </Link>
        )
      )}
    </div>
  );
}
