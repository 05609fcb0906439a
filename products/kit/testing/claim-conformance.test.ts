import { describe, expect, it } from 'vitest';
import type { ClaimDefinition, FlowData } from '../../../engine/definition';
import { claimProblems, documentProblems } from './claim-conformance';
import osagoClaim from '../../osago/claim';

/** The claim checks find what a broken declaration gets wrong (the products' own claims pass them: products/kit/claims/claims.test.ts). */

const claim = osagoClaim as unknown as ClaimDefinition<FlowData, unknown>;
const catalog = { signedIn: false, policies: [] };

describe('claim conformance', () => {
  it('finds nothing wrong with a claim the kit assembles', () => {
    expect(claimProblems(claim, catalog)).toEqual([]);
  });

  it('names a document that is no file field, a file field that is no document, and a document under another title', () => {
    const broken = {
      ...claim,
      documents: [
        { kind: 'reportNumber', step: 'documents', title: 'claim.document.reportNumber', needed: true },
        { kind: 'photos', step: 'documents', title: 'claim.document.pictures', needed: true },
      ],
    };
    expect(documentProblems(broken)).toEqual([
      'document "reportNumber" is no file field of step "documents"',
      'document "photos" is titled "claim.document.pictures", not claim.document.photos',
      'file field documents.police_report is not one of the claim\'s documents',
    ]);
  });

  it('names a claim without its receipt, a consent that files nothing, an event without a description, and unbelievable decision days', () => {
    const steps = claim.steps.filter((s) => s.id !== 'receipt').map((s) => {
      if (s.id === 'consent') return { ...s, submit: undefined };
      if (s.id !== 'event') return s;
      const { description: _description, ...properties } = (s.schema?.properties ?? {}) as Record<string, unknown>;
      return { ...s, schema: { ...s.schema, properties, required: ['date'] } };
    });
    const problems = claimProblems({ ...claim, steps, decisionDays: 400 } as ClaimDefinition<FlowData, unknown>, catalog);
    expect(problems).toEqual(expect.arrayContaining([
      'the steps do not end with the hidden "receipt" step',
      'the last visible step is not "consent" filing the claim (submit: save)',
      'event.description is not a required text of 10 to 2000 characters',
      'decisionDays 400 is not a believable number of days',
    ]));
  });

  it('names an options list a uiSchema draws from that the claim does not offer', () => {
    expect(claimProblems({ ...claim, options: () => ({}) }, catalog)).toEqual(expect.arrayContaining([
      'step "policy"/way: options list "ways" is not offered',
      'step "policy"/policyId: options list "policies" is not offered',
    ]));
  });
});
