import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react';
import { primaryButtonClass, secondaryButtonClass } from './ui';

/**
 * A "start again" action (clear the car): what it would clear, and a button that first asks to be
 * sure — every answer is lost — with the focus on the confirming button, and back on the first one
 * when the visitor keeps their answers.
 */
export function ResetBar({ label, subject, disabled, onReset }: { label: string; subject: string | null; disabled: boolean; onReset: () => void }) {
  const { i18n } = useLingui();
  const [asking, setAsking] = useState(false);
  const ask = useRef<HTMLButtonElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const asked = useRef(false);
  useEffect(() => {
    if (asking) confirm.current?.focus();
    else if (asked.current) ask.current?.focus();
    asked.current = asking;
  }, [asking]);
  const small = 'px-3 py-1.5 text-sm';
  return (
    <div className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3" data-testid="reset-bar">
      {asking ? (
        <div role="group" aria-labelledby="flow-reset-question">
          <p id="flow-reset-question" className="mb-2 text-sm text-slate-800">{i18n._('engine.reset.confirm')}</p>
          <div className="flex flex-wrap gap-2">
            <button ref={confirm} type="button" className={`${primaryButtonClass} ${small}`} onClick={() => { asked.current = false; setAsking(false); onReset(); }}>
              {i18n._(label)}
            </button>
            <button type="button" className={`${secondaryButtonClass} ${small}`} onClick={() => setAsking(false)}>
              {i18n._('engine.reset.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {subject && <p className="min-w-0 font-medium text-slate-900">{subject}</p>}
          <button ref={ask} type="button" className={`${secondaryButtonClass} ${small}`} disabled={disabled} onClick={() => setAsking(true)}>
            {i18n._(label)}
          </button>
        </div>
      )}
    </div>
  );
}
