import { useLingui } from '@lingui/react';
import { formatPhone, supportPhone } from '../contacts';

/**
 * The sticky help of requirements §2: a call link with opening hours (no form that would send nowhere).
 * On a purchase flow it sits in the page flow instead of over it: floating there, it covered the
 * errors at the bottom of a form and the flow's own bar with the total and Next.
 */
export function HelpCall({ floating = true }: { floating?: boolean }) {
  const { i18n } = useLingui();
  if (!supportPhone) return null;
  return (
    <aside
      aria-label={i18n._('site.help.label')}
      className={floating ? 'fixed inset-x-3 bottom-3 z-40 sm:inset-x-auto sm:right-4 sm:bottom-4' : 'mx-auto flex w-full max-w-6xl justify-end px-4 pb-6'}
    >
      <a
        href={`tel:${supportPhone}`}
        className="flex items-center gap-3 rounded-2xl bg-white px-4 py-2.5 shadow-lg ring-1 ring-line hover:ring-brand-600"
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6 shrink-0 fill-brand-700">
          <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
        </svg>
        <span className="text-sm leading-tight">
          <span className="block font-semibold text-ink">
            {/* The number whole on its own line rather than broken after "+998 71" on a phone. */}
            {i18n._('site.help.title')} <span className="whitespace-nowrap">{formatPhone(supportPhone)}</span>
          </span>
          <span className="block text-ink-soft">{i18n._('site.help.hours')}</span>
        </span>
      </a>
    </aside>
  );
}
