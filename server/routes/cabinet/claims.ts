import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ClientClaimResponse, ClientClaimsResponse } from '../../../products/kit/api/cabinet-api.generated';
import { cleanFileName, headBytes, inspectFile, tailBytes } from '../../../engine/files/content';
import type { Client } from '../../db/database';
import { AppError, ok } from '../../envelope';
import { claimDetail, clientClaimRow, clientClaims } from '../../lib/claims';
import { documentField } from '../../lib/claims/claim-data';
import { discardRest, partsFailure, problemRefusal, readFile } from '../../lib/multipart-body';
import type { ClaimUpload } from '../../plugins/app/claim-forms';
import { sendClaimFile } from '../../lib/claims/claim-file-answer';
import { moveClaim } from '../../lib/claims/claim-status';

/** Statuses after the decision: nothing more is sent to such a claim. */
const closed = new Set(['approved', 'declined', 'paid']);

/**
 * The signed-in client's claims (server/README.md "Claims"): the list, one claim with its timeline
 * and files, a file's bytes, and the documents the insurer asked for. A claim is the client's when
 * they filed it or it is under a policy of theirs; any other id is the same 404 `claim_not_found`.
 */
export async function claimRoutes(app: FastifyInstance, clientOf: (request: FastifyRequest, reply: FastifyReply) => Promise<Client>): Promise<void> {
  const notFound = () => new AppError(404, 'claim_not_found');
  const claimOf = async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
    const row = await clientClaimRow(app, await clientOf(request, reply), request.params.id);
    if (!row) throw notFound();
    return row;
  };

  app.get('/client-claims', {
    config: { session: true, docs: { summary: 'The signed-in client\'s claims — those they filed and those filed under their policies — newest event first, with the number of the policy each was filed under, its status (`received`, `documents_requested`, `under_review`, `approved`, `declined`, `paid`) and the documents still needed; empty until there is one', response: 'cabinet/client-claims.response' } },
  }, async (request, reply) => ok<ClientClaimsResponse>(await clientClaims(app, await clientOf(request, reply))));

  app.get<{ Params: { id: string } }>('/client-claim/:id', {
    config: { session: true, docs: { summary: 'One claim of the signed-in client: its timeline (oldest first), every document of its form (needed, files sent), its files with their download addresses, the decision and the payout masked. 404 `claim_not_found` for an id that is not one of the client\'s', response: 'cabinet/client-claim.response' } },
  }, async (request, reply) => ok<ClientClaimResponse>(await claimDetail(app, await claimOf(request, reply))));

  app.get<{ Params: { id: string; fileId: string } }>('/client-claim/:id/file/:fileId', {
    config: { session: true, opensAsLink: true, docs: { summary: 'A file of a claim of the signed-in client, as an attachment (opened by the page\'s link with the session cookie alone); 404 `claim_not_found` for a claim or file that is not the client\'s', file: 'application/octet-stream' } },
  }, async (request, reply) => {
    const row = await claimOf(request, reply);
    const found = await app.claimForms.readFile(row.id, request.params.fileId);
    if (!found) throw notFound();
    return sendClaimFile(reply, found);
  });

  /** The documents' parts of an upload, each named by its kind, read and inspected against its field. */
  const documentsOf = async (request: FastifyRequest, product: string): Promise<ClaimUpload[]> => {
    const form = app.claimForms.get(product);
    if (!request.isMultipart()) throw new AppError(415, 'client-claim/:id/documents takes multipart/form-data: its files are parts of it', { field: '/' });
    const fields = new Map((form?.documents ?? []).flatMap((doc) => {
      const field = documentField(form as NonNullable<typeof form>, doc.kind);
      return field ? [[doc.kind, field] as const] : [];
    }));
    const maxFiles = [...fields.values()].reduce((sum, field) => sum + field.maxItems, 0);
    const limits = { fieldNameSize: 100, fieldSize: 1024, fields: 2, files: maxFiles + 2, parts: maxFiles + 4, headerPairs: 20, fileSize: Math.max(0, ...[...fields.values()].map((field) => field.rule.maxBytes)) + 1 };
    const uploads: ClaimUpload[] = [];
    try {
      for await (const part of request.parts({ limits }) as AsyncIterable<Multipart>) {
        const kind = part.fieldname.slice(0, 100);
        const field = fields.get(kind);
        if (!field) throw new AppError(400, 'claim_document_unknown', { field: `/${kind}` });
        if (part.type === 'field') throw new AppError(400, `body/${kind} must be a file`, { field: `/${kind}` });
        if (uploads.filter((upload) => upload.kind === kind).length >= field.maxItems) throw new AppError(400, `body/${kind} takes at most ${field.maxItems} file${field.maxItems === 1 ? '' : 's'}`, { field: `/${kind}` });
        const bytes = await readFile(part as MultipartFile, field.rule, kind);
        const inspection = inspectFile({ size: bytes.byteLength, head: bytes.subarray(0, headBytes), tail: bytes.subarray(Math.max(0, bytes.byteLength - tailBytes)) }, field.rule);
        if (inspection.problem) throw problemRefusal(kind, inspection.problem, field.rule, inspection.type, inspection.dimensions);
        uploads.push({ kind, filename: cleanFileName((part as MultipartFile).filename ?? ''), contentType: inspection.type ?? 'application/octet-stream', bytes });
      }
    } catch (error) {
      throw partsFailure(error);
    }
    if (uploads.length === 0) throw new AppError(400, 'body has no document', { field: '/' });
    return uploads;
  };

  app.post<{ Params: { id: string } }>('/client-claim/:id/documents', {
    config: { session: true, docs: { summary: 'Sends documents of a claim of the signed-in client: multipart/form-data, each file a part named by its document\'s kind (`photos`; a kind repeated up to its field\'s number of files), each checked by its content against its field (types, size). Files and the documents still needed change together; once nothing is needed a claim whose documents were asked for is under review again (an SMS says so). Answers the claim. 404 `claim_not_found`, 409 `claim_closed` once decided, 400 `claim_document_unknown` (field `/<kind>`) for a kind its form does not have, a refused file 400/413/415 with `reason`', response: 'cabinet/client-claim.response' } },
  }, async (request, reply) => {
    let uploads: ClaimUpload[];
    let row: Awaited<ReturnType<typeof claimOf>>;
    try {
      row = await claimOf(request, reply);
      if (closed.has(row.claim_status)) throw new AppError(409, 'claim_closed');
      uploads = await documentsOf(request, row.product);
    } catch (error) {
      discardRest(request, reply, 64 * 1024 * 1024);
      throw error;
    }
    const claimId = row.id;
    await app.db.transaction().execute(async (trx) => {
      // Under the claim's lock: a status the back office sets meanwhile is the one this change starts from.
      const current = await trx.selectFrom('claims').select(['claim_status', 'documents_needed']).where('id', '=', claimId).forUpdate().executeTakeFirstOrThrow();
      if (closed.has(current.claim_status)) throw new AppError(409, 'claim_closed');
      await app.claimForms.keepFiles(claimId, uploads, trx);
      const sent = new Set(uploads.map((upload) => upload.kind));
      const needed = current.documents_needed.filter((kind) => !sent.has(kind));
      await trx.updateTable('claims').set({ documents_needed: needed, updated_at: new Date() }).where('id', '=', claimId).execute();
      // Every document asked for is here: the claim is under review again, as a move of the claimant's (its event and SMS with it).
      if (current.claim_status === 'documents_requested' && needed.length === 0) await moveClaim(app, claimId, { status: 'under_review' }, 'claimant', { trx });
    });
    return ok<ClientClaimResponse>(await claimDetail(app, await claimOf(request, reply)));
  });
}
