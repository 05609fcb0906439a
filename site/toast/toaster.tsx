import { useSyncExternalStore } from 'react';
import { useLingui } from '@lingui/react';
import { toasts as siteToasts, type ToastStore } from './toast-store';

const kindStyles = {
  error: 'border-red-700 bg-red-50 text-red-900',
  info: 'border-brand-700 bg-white text-ink',
  success: 'border-emerald-700 bg-emerald-50 text-emerald-950',
} as const;

/** Toasts top-right; errors are announced assertively (role=alert), others politely. */
export function Toaster({ store = siteToasts }: { store?: ToastStore }) {
  const { i18n } = useLingui();
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <div className="pointer-events-none fixed top-3 right-3 z-50 flex w-[min(24rem,calc(100vw-1.5rem))] flex-col gap-2">
      {items.map((toast) => (
        <div
          key={toast.id}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto rounded-lg border-l-4 shadow-lg ${kindStyles[toast.kind]}`}
          onMouseEnter={() => store.pause(toast.id)}
          onMouseLeave={() => store.resume(toast.id)}
          onFocus={() => store.pause(toast.id)}
          onBlur={() => store.resume(toast.id)}
        >
          <button
            type="button"
            className="block w-full cursor-pointer px-4 py-3 text-left text-sm"
            onClick={() => store.dismiss(toast.id)}
            aria-label={`${i18n._(toast.message)}. ${i18n._('site.toast.close')}`}
          >
            {i18n._(toast.message)}
          </button>
        </div>
      ))}
    </div>
  );
}
