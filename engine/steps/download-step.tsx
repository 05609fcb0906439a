import { useLingui } from '@lingui/react';
import type { MessageId, PolicyResult, Price, SummaryRow } from '../definition';
import { primaryButtonClass, secondaryButtonClass } from '../ui';
import { PurchaseSummary, summaryTotal } from './purchase-summary';

export interface DownloadStepProps {
  policy: PolicyResult | null;
  title: MessageId;
  summary: SummaryRow[];
  /** The amount saved with the contract (what was paid), if known. */
  paid: number | null | undefined;
  price: Price | null;
  onRestart: () => void;
}

/** The end of a flow: the issued policy's number, what it covers, its PDF, and a way to buy another from scratch. */
export function DownloadStep({ policy, title, summary, paid, price, onRestart }: DownloadStepProps) {
  const { i18n } = useLingui();
  if (!policy) return null;
  return (
    <section aria-labelledby="download-title" className="mx-auto max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 id="download-title" className="text-center text-lg font-semibold text-slate-900">
        {i18n._('engine.download.title')}
      </h3>
      <p className="text-center text-slate-700">
        {i18n._('engine.download.number')}: <strong className="font-mono" data-testid="policy-number">{policy.policyNumber}</strong>
      </p>
      <PurchaseSummary title={title} rows={summary} total={summaryTotal(paid, price)} />
      <p className="text-center">
        <a href={policy.policyUrl} className={primaryButtonClass} download target="_blank" rel="noopener">
          {i18n._('engine.download')}
        </a>
      </p>
      <p className="text-center">
        <button type="button" className={secondaryButtonClass} onClick={onRestart}>
          {i18n._('engine.download.again')}
        </button>
      </p>
    </section>
  );
}
