import type { ClaimDefinition, FlowData } from '../engine/definition';
import { loadOnce } from './load-once';

// The message areas of a product's claim page, for the page to load with its claim (site/flow-preparation.ts).
export { claimMessageAreas } from '../products/kit/site/claim-areas';

// A product's insurance-event claim (`products/<id>/claim.ts`), each a chunk of its own loaded only by its claim page.
const claims = import.meta.glob<{ default: ClaimDefinition<FlowData, unknown> }>('../products/*/claim.ts');

/** The products that have a claim (`products/<id>/claim.ts`), by folder name: each has a claim page (`/insurance-event/<id>`). */
export const claimProductIds: readonly string[] = Object.keys(claims).map((path) => path.split('/').at(-2) ?? '').sort();

/** Loads a product's claim once (as `loadDefinition`). */
export const loadClaim = loadOnce((id: string): Promise<ClaimDefinition<FlowData, unknown>> => {
  const load = claims[`../products/${id}/claim.ts`];
  return load ? load().then((module) => module.default) : Promise.reject(new Error(`no claim of product "${id}"`));
});
