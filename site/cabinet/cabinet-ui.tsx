import type { ReactNode } from 'react';
import { useLingui } from '@lingui/react';
import type { CabinetRefusal } from './cabinet-api';

export const cabinetInputClass =
  'block w-full rounded-lg border border-slate-400 bg-white px-3 py-2.5 text-base text-ink focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 aria-[invalid=true]:border-red-700';

/** An ISO date (`2026-12-07`, or a timestamp) as the site writes dates: `07.12.2026`. */
export function shownDate(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return match ? `${match[3]}.${match[2]}.${match[1]}` : iso;
}

/** Uzbekistan's offset from UTC (no daylight saving). */
const tashkentOffsetMs = 5 * 3_600_000;

/** The day of a moment (`2026-12-01T20:30:00Z`) as the client lives it, in Tashkent: `02.12.2026`. */
export function shownDay(dateTime: string): string {
  const ms = Date.parse(dateTime);
  return Number.isNaN(ms) ? shownDate(dateTime) : shownDate(new Date(ms + tashkentOffsetMs).toISOString());
}

/** A refusal's text: the server's key translated (`cabinet.error.<key>`), with the minutes to wait or the attempts left it names. */
export function useRefusalText(): (refusal: CabinetRefusal) => string {
  const { i18n } = useLingui();
  return (refusal) =>
    i18n._(`cabinet.error.${refusal.key}`, {
      minutes: Math.max(1, Math.ceil((refusal.retryAfter ?? 60) / 60)),
      seconds: refusal.retryAfter ?? 60,
      attempts: refusal.attemptsLeft ?? 0,
    });
}

/** The page's heading; focused by the sign-in page when its step changes, so a screen reader says where the visitor is. */
export function PageHeading({ children, focusRef }: { children: ReactNode; focusRef?: React.Ref<HTMLHeadingElement> }) {
  return (
    <h1 id="page-title" ref={focusRef} tabIndex={-1} className="text-2xl font-bold outline-none sm:text-3xl">
      {children}
    </h1>
  );
}

export function Loading() {
  const { i18n } = useLingui();
  return (
    <p role="status" className="flex items-center gap-3 py-6 text-ink-soft">
      <span className="spinner" aria-hidden="true" />
      {i18n._('cabinet.loading')}
    </p>
  );
}

/** A failed call's text with a way to ask again. */
export function Failed({ refusal, onRetry }: { refusal: CabinetRefusal; onRetry: () => void }) {
  const { i18n } = useLingui();
  const text = useRefusalText();
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 ring-1 ring-line">
      <p>{text(refusal)}</p>
      <button type="button" className="btn-secondary mt-4" onClick={onRetry}>
        {i18n._('cabinet.retry')}
      </button>
    </div>
  );
}

/** A field's error next to it (the input names it with `aria-describedby`). */
export function FieldError({ id, text }: { id: string; text: string | null }) {
  if (!text) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-800">
      {text}
    </p>
  );
}

/** A fact of a policy or a claim in a description list. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-ink-soft">{label}</dt>
      <dd className="break-words font-semibold">{value}</dd>
    </div>
  );
}
