import { useLingui } from '@lingui/react';
import type { ClaimStatus, PolicyStatus } from './cabinet-api';
import { claimStatusText } from './claim-texts';

const tones: Record<PolicyStatus | ClaimStatus, string> = {
  active: 'bg-green-100 text-green-900',
  ending: 'bg-amber-100 text-amber-900',
  ended: 'bg-slate-200 text-slate-800',
  cancelled: 'bg-red-100 text-red-900',
  received: 'bg-sky-100 text-sky-900',
  documents_requested: 'bg-amber-100 text-amber-900',
  under_review: 'bg-sky-100 text-sky-900',
  approved: 'bg-green-100 text-green-900',
  declined: 'bg-red-100 text-red-900',
  paid: 'bg-green-100 text-green-900',
};

/** A policy's or a claim's status as a coloured word (the word carries it; the colour only helps). */
export function StatusBadge(props: { kind: 'policy'; status: PolicyStatus } | { kind: 'claim'; status: ClaimStatus }) {
  const { i18n } = useLingui();
  return (
    <span className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ${tones[props.status]}`} data-status={props.status}>
      {props.kind === 'claim' ? claimStatusText(i18n, props.status) : i18n._(`cabinet.policy.status.${props.status}`)}
    </span>
  );
}
