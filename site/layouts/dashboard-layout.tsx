import { useEffect, useState, type ReactNode } from 'react';
import { NavLink, Outlet, useMatches } from 'react-router';
import { useLingui } from '@lingui/react';
import { DefaultLayout } from './default-layout';
import { routeHandle } from '../route-handle';
import { localePath } from '../language';
import { useLang } from '../use-lang';
import { setSignedIn } from '../cabinet/account';
import { useCabinetApi } from '../cabinet/use-cabinet';

/** The cabinet's tabs (the referrals and a policy's page are reached by their addresses, not the bar). */
const tabs = [
  { id: 'user-info', path: '/dashboard', end: true },
  { id: 'my-policies', path: '/dashboard/policies', end: false },
  { id: 'my-applications', path: '/dashboard/applications', end: false },
] as const;

/**
 * The site's header and footer around the cabinet: on its pages (not the sign-in page) the tab bar
 * with the logout. A page the browser brings back from its back-forward cache after a logout would
 * show a client's data without asking the server: it is loaded anew instead.
 */
export function DashboardLayout({ children }: { children?: ReactNode }) {
  const inCabinet = routeHandle(useMatches())?.pattern.startsWith('/dashboard') ?? false;
  useEffect(() => {
    const again = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', again);
    return () => window.removeEventListener('pageshow', again);
  }, []);
  return (
    <DefaultLayout>
      <div className="mx-auto max-w-4xl px-4 py-6 sm:py-10">
        {inCabinet && <CabinetTabs />}
        {children ?? <Outlet />}
      </div>
    </DefaultLayout>
  );
}

function CabinetTabs() {
  const { i18n } = useLingui();
  const lang = useLang();
  const cabinet = useCabinetApi();
  const [leaving, setLeaving] = useState(false);
  const logout = async () => {
    setLeaving(true);
    try {
      await cabinet.logout();
    } catch {
      // An ended session is as good as a logout: the page forgets the client either way.
    }
    setSignedIn(null);
    // A document load, not a navigation inside the page: nothing of the cabinet stays in memory.
    window.location.assign(localePath(lang, '/login'));
  };
  const tabClass =
    'inline-flex min-h-11 shrink-0 items-center whitespace-nowrap rounded-full px-4 text-sm font-semibold text-brand-800 hover:bg-brand-50 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white';
  return (
    <nav aria-label={i18n._('cabinet.tabs')} className="mb-6 border-b border-line pb-3">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <NavLink to={localePath(lang, tab.path)} end={tab.end} className={tabClass}>
              {i18n._(`cabinet.tab.${tab.id}`)}
            </NavLink>
          </li>
        ))}
        <li className="sm:ml-auto">
          <button type="button" className={tabClass} onClick={() => void logout()} disabled={leaving} aria-busy={leaving}>
            {i18n._('cabinet.tab.logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
