import { useLingui } from '@lingui/react';
import type { PolicyResult } from '../definition';
import { primaryButtonClass, secondaryButtonClass } from '../ui';

/** The end of a flow: the issued policy's number, its PDF, and a way to buy another from scratch. */
export function DownloadStep({ policy, onRestart }: { policy: PolicyResult | null; onRestart: () => void }) {
  const { i18n } = useLingui();
  if (!policy) return null;
  return (
    <section aria-labelledby="download-title" className="mx-auto max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-6 text-center shadow-sm">
      <h3 id="download-title" className="text-lg font-semibold text-slate-900">
        {i18n._('engine.download.title')}
      </h3>
      <p className="text-slate-700">
        {i18n._('engine.download.number')}: <strong className="font-mono" data-testid="policy-number">{policy.policyNumber}</strong>
      </p>
      <a href={policy.policyUrl} className={primaryButtonClass} download target="_blank" rel="noopener">
        {i18n._('engine.download')}
      </a>
      <div>
        <button type="button" className={secondaryButtonClass} onClick={onRestart}>
          {i18n._('engine.download.again')}
        </button>
      </div>
    </section>
  );
}
