import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { MessageId } from './definition';
import { primaryButtonClass } from './ui';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/** Blocking error dialog: focus moves in, stays trapped, Escape or Close dismisses, focus returns. */
export function ErrorModal({ messageId, onClose }: { messageId: MessageId; onClose: () => void }) {
  const { i18n } = useLingui();
  const dialog = useRef<HTMLDivElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    closeButton.current?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !dialog.current) return;
    const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-900/50 p-4">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby="flow-error-title"
        aria-describedby="flow-error-text"
        className="w-full max-w-md rounded-2xl bg-white p-6 shadow-xl"
        onKeyDown={onKeyDown}
      >
        <h2 id="flow-error-title" className="text-lg font-semibold text-slate-900">
          {i18n._('engine.modal.title')}
        </h2>
        <p id="flow-error-text" className="mt-2 text-slate-700">
          {i18n._(messageId)}
        </p>
        <div className="mt-6 flex justify-end">
          <button ref={closeButton} type="button" className={primaryButtonClass} onClick={onClose}>
            {i18n._('engine.modal.close')}
          </button>
        </div>
      </div>
    </div>
  );
}
