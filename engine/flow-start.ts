import type { FlowData, ProductDefinition } from './definition';

/**
 * A new flow's data with the step objects `filled` gives (a renewal's) over a new flow's, field by
 * field, so what it leaves out keeps the flow's defaults; a variant's fixed answers stay whatever it gives.
 */
export function startData(definition: Pick<ProductDefinition, 'initialData' | 'preset'>, filled: Partial<FlowData>): FlowData {
  const data = structuredClone(definition.initialData);
  for (const [step, object] of Object.entries(filled)) if (object) data[step] = { ...data[step], ...structuredClone(object) };
  for (const [step, fixed] of Object.entries(definition.preset ?? {})) if (fixed) data[step] = { ...data[step], ...fixed };
  return data;
}

/** What a signed-in client offers a flow's applicant step: the person's fields (`FlowPerson`) and a phone. */
export interface ApplicantOffer {
  person: Record<string, string>;
  phone?: string;
}
