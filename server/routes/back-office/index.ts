import type { FastifyInstance } from 'fastify';
import type { ClaimStatus } from '../../db/database';
import { AppError, ok } from '../../envelope';
import { claimDetail, formDocumentKinds, listClaims } from '../../lib/claims/claim-detail';
import { sendClaimFile } from '../../lib/claims/claim-file-answer';
import { moveClaim, type ClaimMove } from '../../lib/claims/claim-status';

// Under /api beside the site API, but outside routes/api/: the back office has a credential of its own (autohooks.ts).
export const prefixOverride = '/api/back-office';

const fileUrl = (claimId: string) => (fileId: string) => `/api/back-office/claims/${claimId}/file/${fileId}`;

/**
 * The insurer's side of claims: the claims, one claim with its timeline, files and answers, a file's
 * bytes, and moving a claim through its statuses (server/lib/claims/claim-status.ts), each change told
 * to the claimant by SMS once.
 */
export default async function backOfficeRoutes(app: FastifyInstance): Promise<void> {
  const claimParams = app.apiSchema('back-office/claim.params');

  app.get<{ Querystring: { status?: ClaimStatus; limit?: string; before?: string } }>('/claims', {
    schema: { querystring: app.apiSchema('back-office/claims.query') },
    config: { docs: { summary: 'Back office: the claims, newest first (`status` for one status\'s, `limit` per page, 50 unless said, `before` the last one\'s `created_at` for the next page)', response: 'back-office/claims.response' } },
  }, async (request) => ok(await listClaims(app, { status: request.query.status, limit: Number(request.query.limit ?? 50), before: request.query.before })));

  app.get<{ Params: { id: string } }>('/claims/:id', {
    schema: { params: claimParams },
    config: { docs: { summary: 'Back office: one claim: the cabinet\'s detail (timeline, documents, files, decision) with the claimant\'s phone and the form\'s answers, masked where they could be used; 404 `claim_not_found`', response: 'back-office/claim.response' } },
  }, async (request) => ok(await claimDetail(app, request.params.id, fileUrl(request.params.id))));

  app.get<{ Params: { id: string; fileId: string } }>('/claims/:id/file/:fileId', {
    schema: { params: app.apiSchema('back-office/claim-file.params') },
    config: { docs: { summary: 'Back office: the bytes of one file of a claim, as an attachment; 404 `claim_file_not_found`', file: 'application/octet-stream' } },
  }, async (request, reply) => {
    const found = await app.claimForms.readFile(request.params.id, request.params.fileId);
    if (!found) throw new AppError(404, 'claim_file_not_found');
    return sendClaimFile(reply, found);
  });

  app.post<{ Params: { id: string }; Body: ClaimMove }>('/claims/:id/status', {
    schema: { params: claimParams, body: app.apiSchema('back-office/status.request') },
    config: { docs: { summary: 'Back office: moves a claim (its allowed moves in the request\'s description), tells the claimant by SMS and answers the claim; the same move again answers 200 and changes nothing; 409 `claim_status_not_allowed` for another move, 400 naming `/reason`, `/documents` or `/amount` when the status needs it or does not take it', response: 'back-office/claim.response' } },
  }, async (request) => {
    const { id } = request.params;
    await moveClaim(app, id, request.body, 'back_office', { kinds: await formDocumentKinds(app, id) });
    return ok(await claimDetail(app, id, fileUrl(id)));
  });
}
