import type { ApiPort, ClaimBinding } from '../../../engine/definition';
import type { FindPolicyResponse, PoliciesResponse } from '../api/claims-api.generated';
import { isApiFailure, ProductBindingFailure, requireFields, toFailure } from '../binding/binding-failure';
import { call } from '../binding/binding-kit';
import type { ClaimCatalog, ClaimData } from './claim-data';

/**
 * A claim's calls (`/api/insurance-event/{product}/…`): the client's policies, a policy found by its
 * number, and the filing (claim-filing.ts), whose refusals are said at the field they name.
 */

const path = (product: string, call: string) => `/insurance-event/${product}/${call}`;

/** The binding of the claim of `product` (its folder id). */
export function claimBinding(product: string): ClaimBinding<ClaimData, ClaimCatalog> {
  return {
    async load(api: ApiPort) {
      const envelope = await call(() => api.get<PoliciesResponse>(path(product, 'policies')));
      const answer = requireFields<PoliciesResponse>(envelope.response, ['signed_in', 'policies'], path(product, 'policies'));
      return {
        signedIn: answer.signed_in === true,
        policies: Array.isArray(answer.policies)
          ? answer.policies.map((p) => ({ id: p.id, number: p.number, subject: p.subject, beginDate: p.begin_date, endDate: p.end_date }))
          : [],
      };
    },
    calls: {
      // A policy chosen among the client's own needs no finding; one typed by number is checked against its policyholder.
      async findPolicy(api, data) {
        const { way, policyNumber, passport, birthday } = data.policy;
        if (way === 'mine') return {};
        const field = { step: 'policy', path: '/policyNumber' };
        const request = { policy_number: policyNumber, passport, birthday };
        let envelope;
        try {
          envelope = await api.post<FindPolicyResponse>(path(product, 'find-policy'), request);
        } catch (error) {
          if (isApiFailure(error) && error.status === 404) throw new ProductBindingFailure('claim_policy_not_found', { field, cause: error, detail: 'HTTP 404' });
          throw toFailure(error);
        }
        if (!envelope.result) throw new ProductBindingFailure('claim_policy_not_found', { field, detail: `${envelope.error} "${envelope.message}"` });
        const found = requireFields<FindPolicyResponse>(envelope.response, ['policy_number'], path(product, 'find-policy'));
        return { policy: { ...data.policy, policyNumber: found.policy_number } };
      },
    },
    // The filing's code (its multipart body, its refusals) loads when the claim is filed, not with the form's first step.
    file: async (api, data, context) => (await import('./claim-filing')).fileClaim(path(product, 'file'), api, data, context),
  };
}
