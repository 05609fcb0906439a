import { Link } from 'react-router';
import { useLingui } from '@lingui/react';
import { localePath } from '../language';
import { useLang } from '../use-lang';
import { usePageTitle } from '../use-page-title';
import type { ClientClaim } from './cabinet-api';
import { productTitle } from './cabinet-products';
import { Failed, Loading, PageHeading, shownDate } from './cabinet-ui';
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

/** The client's claims (`client-claims`), grouped by the date of the event, each with its status. */
export default function ApplicationsPage() {
  const { i18n } = useLingui();
  const lang = useLang();
  const claims = useCabinetData((cabinet) => cabinet.claims(), 'claims');
  usePageTitle(i18n._('cabinet.tab.my-applications'));
  return (
    <section aria-labelledby="page-title" className="space-y-6">
      <PageHeading>{i18n._('cabinet.tab.my-applications')}</PageHeading>
      {claims.state === 'loading' && <Loading />}
      {claims.state === 'failed' && <Failed refusal={claims.refusal} onRetry={claims.reload} />}
      {claims.state === 'ready' && claims.data.length === 0 && (
        <p className="rounded-2xl bg-white p-6 ring-1 ring-line">{i18n._('cabinet.applications.none')}</p>
      )}
      {claims.state === 'ready' &&
        byEventDate(claims.data).map((day) => (
          <section key={day.date} aria-labelledby={`day-${day.date}`} className="space-y-3">
            <h2 id={`day-${day.date}`} className="text-lg font-bold">
              {i18n._('cabinet.applications.eventDate', { date: shownDate(day.date) })}
            </h2>
            <ul className="space-y-3">
              {day.claims.map((claim) => {
                const title = productTitle(claim.product);
                return (
                  <li key={claim.id} className="flex flex-wrap items-center justify-between gap-3 rounded-2xl bg-white p-4 ring-1 ring-line">
                    <div>
                      <Link to={localePath(lang, `/dashboard/applications/${claim.id}`)} className="font-semibold text-brand-800 underline">
                        {i18n._('cabinet.application.number', { number: claim.number })}
                      </Link>
                      <p className="text-sm text-ink-soft">{title ? i18n._(title) : claim.product}</p>
                    </div>
                    <StatusBadge status={claim.claim_status} kind="claim" />
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
    </section>
  );
}
