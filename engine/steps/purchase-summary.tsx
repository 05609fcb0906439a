import { useLingui } from '@lingui/react';
import type { MessageId, Price, SummaryRow, SummaryText } from '../definition';
import { formatPrice } from '../format';
import { displayPlate } from '../plate-text';

export interface PurchaseSummaryProps {
  /** The product's title. */
  title: MessageId;
  rows: SummaryRow[];
  /** The amount saved with the contract (the payment's), else the live price. */
  total: number | null;
}

/** What is bought and for how much: the product, the product's own rows, the total. */
export function PurchaseSummary({ title, rows, total }: PurchaseSummaryProps) {
  const { i18n } = useLingui();
  const text = (value: SummaryText) => {
    if (typeof value === 'string') return value;
    if ('plate' in value) return displayPlate(value.plate);
    return 'uzs' in value ? `${formatPrice(value.uzs)} ${i18n._('engine.currency')}` : i18n._(value.message, value.values);
  };
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[minmax(8rem,auto)_1fr]" data-testid="purchase-summary">
      <dt className="text-slate-600">{i18n._('engine.summary.product')}</dt>
      <dd className="font-medium text-slate-900 sm:mb-0 mb-2">{i18n._(title)}</dd>
      {rows.map((row) => (
        <SummaryLine key={row.label} label={i18n._(row.label)}>
          {Array.isArray(row.value) ? (
            <ul>
              {row.value.map((value, i) => (
                <li key={i}>{text(value)}</li>
              ))}
            </ul>
          ) : (
            text(row.value)
          )}
        </SummaryLine>
      ))}
      {total !== null && (
        <SummaryLine label={i18n._('engine.price.total')}>
          <strong className="text-lg" data-testid="summary-total">
            {formatPrice(total)} {i18n._('engine.currency')}
          </strong>
        </SummaryLine>
      )}
    </dl>
  );
}

function SummaryLine({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{label}</dt>
      <dd className="mb-2 text-slate-900 sm:mb-0">{children}</dd>
    </>
  );
}

/** The total a summary states: what the contract was saved for, else the live (exact) price. */
export function summaryTotal(saved: number | null | undefined, price: Price | null): number | null {
  if (saved !== null && saved !== undefined) return saved;
  return price && !price.lowest ? price.total : null;
}
