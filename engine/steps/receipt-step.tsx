import { useLingui } from '@lingui/react';
import type { ClaimDocument, ClaimReceipt } from '../definition';
import { primaryButtonClass } from '../ui';
import { displayDate } from '../widgets/normalise';

export interface ReceiptStepProps {
  receipt: ClaimReceipt | null;
  /** The claim's documents, in the order it lists them: those the receipt names still needed are listed by their titles. */
  documents: readonly ClaimDocument[];
  /** The cabinet's list of the client's claims, where documents are sent later and the status is followed; none without a site. */
  applicationsHref?: string;
}

/**
 * The end of a claim's flow: its number, said large (the visitor calls the insurer by it), that it
 * went by SMS too, the documents still to send, what happens next and by when. No way back: the claim
 * is filed, and its answers are forgotten with it.
 */
export function ReceiptStep({ receipt, documents, applicationsHref }: ReceiptStepProps) {
  const { i18n } = useLingui();
  if (!receipt) return null;
  const needed = receipt.documents.map((kind) => documents.find((document) => document.kind === kind)?.title ?? `claim.document.${kind}`);
  return (
    <section aria-labelledby="receipt-title" className="mx-auto max-w-xl space-y-4 rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
      <h3 id="receipt-title" className="text-center text-lg font-semibold text-slate-900">
        {i18n._('engine.claim.receipt.title')}
      </h3>
      <p className="text-center text-slate-700">
        <span className="block">{i18n._('engine.claim.receipt.number')}</span>
        <strong className="block font-mono text-3xl text-slate-900" data-testid="claim-number">
          {receipt.number}
        </strong>
      </p>
      <p className="text-center text-slate-700">{i18n._('engine.claim.receipt.sms')}</p>
      {needed.length > 0 ? (
        <div className="rounded-lg bg-amber-50 p-4 text-amber-950">
          <p className="font-medium">{i18n._('engine.claim.receipt.documents')}</p>
          <ul className="mt-2 list-disc pl-5" data-testid="claim-documents">
            {needed.map((title) => (
              <li key={title}>{i18n._(title)}</li>
            ))}
          </ul>
          <p className="mt-2 text-sm">{i18n._('engine.claim.receipt.documents.how')}</p>
        </div>
      ) : (
        <p className="text-slate-700">{i18n._('engine.claim.receipt.documents.none')}</p>
      )}
      <p className="text-slate-700">{i18n._('engine.claim.receipt.next')}</p>
      <p className="font-medium text-slate-900" data-testid="claim-answer-by">
        {i18n._('engine.claim.receipt.answerBy', { date: displayDate(receipt.answerBy) })}
      </p>
      {applicationsHref && (
        <p className="text-center">
          <a href={applicationsHref} className={primaryButtonClass}>
            {i18n._('engine.claim.receipt.cabinet')}
          </a>
        </p>
      )}
    </section>
  );
}
