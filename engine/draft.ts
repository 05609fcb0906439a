import type { ClaimReceipt, FlowData, FlowDefinition, PaymentDetails, PolicyResult } from './definition';
import { stepOf, type FlowContext, type FlowResume, type StepsProgress } from './machine';
import { lookupVerdicts } from './machine/lookups';
import { isRecord } from './is-record';
import type { LookupVerdicts } from './machine/types';

/** What sessionStorage keeps of a flow under `flow:<productId>` (a claim's under `flow:claim:<productId>`, `flowKey`). */
export interface FlowDraft {
  product: string;
  version: number;
  step: string;
  data: FlowData;
  steps: StepsProgress;
  payment: PaymentDetails | null;
  policy: PolicyResult | null;
  /** A filed claim's receipt (absent in a purchase's draft). */
  receipt?: ClaimReceipt | null;
  /** What the lookups and the flow's rules said (absent in a draft written before they were kept). */
  verdicts?: LookupVerdicts;
  savedAt: string;
}

/**
 * What a flow's draft and files are kept under: the product's id, a claim's prefixed (`claim:osago`),
 * as a product's claim and its purchase may be open in the same tab at once.
 */
export function flowKeyOf(definition: Pick<FlowDefinition, 'id' | 'kind'>): string {
  return definition.kind === 'claim' ? `claim:${definition.id}` : definition.id;
}

/** The sessionStorage key of a flow's draft (by `flowKeyOf`). */
export function draftKey(productId: string): string {
  return `flow:${productId}`;
}

/** Writes the draft of a snapshot standing on a step; does nothing while the catalog loads. */
export function saveDraft(
  storage: Storage,
  definition: Pick<FlowDefinition, 'id' | 'version' | 'kind'>,
  snapshot: { value: unknown; context: FlowContext },
  now: Date = new Date(),
): void {
  const step = stepOf(snapshot.value);
  if (!step) return;
  const { data, steps, payment, policy, receipt } = snapshot.context;
  const draft: FlowDraft = {
    product: definition.id,
    version: definition.version,
    step,
    data,
    steps,
    payment,
    policy,
    ...(receipt ? { receipt } : {}),
    verdicts: lookupVerdicts(snapshot.context),
    savedAt: now.toISOString(),
  };
  try {
    storage.setItem(draftKey(flowKeyOf(definition)), JSON.stringify(draft));
  } catch {
    // A full or disabled storage only costs the resume; the flow itself goes on.
  }
}

function isVerdicts(value: unknown): value is LookupVerdicts {
  return isRecord(value) && isRecord(value.fieldErrors) && isRecord(value.lookupKeys) && isRecord(value.lookupFailures) && isRecord(value.lookupAnswers);
}

/**
 * Reads a product's draft as the machine's resume input. A draft of another product or version,
 * naming an unknown step, or unreadable, is removed and null is returned.
 */
export function loadDraft(storage: Storage, definition: Pick<FlowDefinition, 'id' | 'version' | 'steps' | 'kind'>): FlowResume | null {
  const key = draftKey(flowKeyOf(definition));
  const raw = storage.getItem(key);
  if (raw === null) return null;
  try {
    const draft = JSON.parse(raw) as Partial<FlowDraft>;
    const valid =
      draft.product === definition.id &&
      draft.version === definition.version &&
      typeof draft.step === 'string' &&
      definition.steps.some((s) => s.id === draft.step) &&
      typeof draft.data === 'object' && draft.data !== null &&
      typeof draft.steps === 'object' && draft.steps !== null;
    if (valid) {
      return {
        step: draft.step as string,
        data: draft.data as FlowData,
        steps: draft.steps as StepsProgress,
        payment: draft.payment ?? null,
        policy: draft.policy ?? null,
        ...(draft.receipt ? { receipt: draft.receipt } : {}),
        ...(isVerdicts(draft.verdicts) ? { verdicts: draft.verdicts } : {}),
      };
    }
  } catch {
    // Unreadable JSON falls through to removal.
  }
  storage.removeItem(key);
  return null;
}
