import multipart, { type Multipart, type MultipartFile, type MultipartValue } from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationHookHandler } from 'fastify';
import type { ClaimDefinition } from '../../../engine/definition';
import { cleanFileName, headBytes, inspectFile, tailBytes } from '../../../engine/files/content';
import type { FileRequest, FileResponse, FindPolicyRequest, FindPolicyResponse, PoliciesResponse } from '../../../products/kit/api/claims-api.generated';
import type { Client } from '../../db/database';
import { AppError, ok } from '../../envelope';
import { checkClaimData, documentField, type CheckedClaim } from '../../lib/claims/claim-data';
import { claimantPolicy, checkEventDate, claimLang, claimsToday, clientPolicies, fileClaim, policyByNumber, policyNotFound } from '../../lib/claims/filing';
import { FailureThrottle } from '../../lib/failure-throttle';
import { discardRest, partsFailure, problemRefusal, readFile } from '../../lib/multipart-body';
import { sessionCookieOf } from '../../plugins/app/cabinet';
import type { UploadedFile } from '../../plugins/app/contract-files';
import { checkRequestPart } from '../../plugins/app/edge';

export const prefixOverride = '/api/insurance-event';

declare module 'fastify' {
  interface FastifyRequest {
    /** A claim's data checked against its form (the filing call), once its body is read. */
    checkedClaim: CheckedClaim | null;
  }
}

type ProductParams = { product: string };

/** The most bytes the `claim` part (the form's answers as JSON) may hold. */
const claimBytes = 256 * 1024;
/** Failed policy lookups an address may make in a window before it waits. */
export const findPolicyLimit = { attempts: 10, windowMs: 10 * 60_000 };

/** The claim form of the URL's product, or 404. */
function formOf(app: FastifyInstance, product: string): ClaimDefinition {
  const claim = app.claimForms.get(product);
  if (!claim) throw new AppError(404, 'claim_product_unknown', { field: '/product' });
  return claim;
}

/** The form's answers as the `claim` part (or a JSON body) holds them, checked against its form. */
function checkedBody(claim: ClaimDefinition, body: unknown): { checked: CheckedClaim; returnUrl: string | undefined } {
  checkRequestPart('body', body);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new AppError(400, 'body/claim must be a JSON object', { field: '/claim' });
  const { data, return_url: returnUrl, ...rest } = body as Record<string, unknown>;
  const stranger = Object.keys(rest)[0];
  if (stranger !== undefined) throw new AppError(400, `body/${stranger.slice(0, 100)} is not allowed`, { field: `/${stranger.slice(0, 100)}` });
  if (returnUrl !== undefined && (typeof returnUrl !== 'string' || returnUrl.length > 500)) throw new AppError(400, 'body/return_url must be a page address', { field: '/return_url' });
  return { checked: checkClaimData(claim, data), returnUrl };
}

/**
 * Reads a claim's multipart body (a preValidation hook): the `claim` part first, checked against the
 * form, then one part per FileRef it names (the part's name is the FileRef's id), each read up to its
 * field's limit and inspected by its content. A part of no FileRef, one sent twice, a file before
 * `claim`, and a FileRef without its part are a 400 naming the field; a refused file as saves refuse it.
 */
function claimBody(app: FastifyInstance): preValidationHookHandler {
  const read = async (request: FastifyRequest<{ Params: ProductParams }>): Promise<void> => {
    const claim = formOf(app, request.params.product);
    if (!request.isMultipart()) {
      const { checked, returnUrl } = checkedBody(claim, request.body);
      const first = checked.files[0];
      if (first) throw new AppError(400, 'claim_file_missing', { field: first.path });
      request.checkedClaim = checked;
      request.body = { data: checked.data, ...(returnUrl === undefined ? {} : { return_url: returnUrl }) };
      return;
    }
    const maxFiles = claim.documents.reduce((sum, doc) => sum + (documentField(claim, doc.kind)?.maxItems ?? 0), 0);
    const maxFileBytes = Math.max(0, ...claim.documents.map((doc) => documentField(claim, doc.kind)?.rule.maxBytes ?? 0));
    const limits = { fieldNameSize: 100, fieldSize: claimBytes, fields: 3, files: maxFiles + 2, parts: maxFiles + 5, headerPairs: 20, fileSize: maxFileBytes + 1 };
    let checked: CheckedClaim | null = null;
    let returnUrl: string | undefined;
    const uploads: UploadedFile[] = [];
    const kinds = new Map<string, string>();
    try {
      for await (const part of request.parts({ limits }) as AsyncIterable<Multipart>) {
        const name = part.fieldname.slice(0, 100);
        if (part.type === 'field') {
          const value = part as MultipartValue<unknown>;
          if (name !== 'claim') throw new AppError(400, `body/${name} is not allowed`, { field: `/${name}` });
          if (checked) throw new AppError(400, 'body/claim is sent twice', { field: '/claim' });
          if (value.valueTruncated || typeof value.value !== 'string') throw new AppError(413, 'body/claim is longer than a claim may be', { field: '/claim' });
          let parsed: unknown;
          try {
            parsed = JSON.parse(value.value);
          } catch {
            throw new AppError(400, 'body/claim is not JSON', { field: '/claim' });
          }
          ({ checked, returnUrl } = checkedBody(claim, parsed));
          continue;
        }
        if (!checked) throw new AppError(400, 'body/claim must come before the files it names', { field: '/claim' });
        const slot = checked.files.find((file) => file.id === name);
        if (!slot) throw new AppError(400, `body/${name} is not a file the claim names`, { field: `/${name}` });
        if (kinds.has(slot.id)) throw new AppError(400, `body${slot.path} is sent twice`, { field: slot.path });
        const bytes = await readFile(part as MultipartFile, slot.rule, slot.path.slice(1));
        const inspection = inspectFile({ size: bytes.byteLength, head: bytes.subarray(0, headBytes), tail: bytes.subarray(Math.max(0, bytes.byteLength - tailBytes)) }, slot.rule);
        if (inspection.problem) throw problemRefusal(slot.path.slice(1), inspection.problem, slot.rule, inspection.type, inspection.dimensions);
        kinds.set(slot.id, slot.kind);
        uploads.push({ field: slot.id, filename: cleanFileName((part as MultipartFile).filename || slot.name), contentType: inspection.type ?? 'application/octet-stream', bytes });
      }
    } catch (error) {
      throw partsFailure(error);
    }
    if (!checked) throw new AppError(400, 'body/claim is required', { field: '/claim' });
    const missing = checked.files.find((file) => !kinds.has(file.id));
    if (missing) throw new AppError(400, 'claim_file_missing', { field: missing.path });
    request.checkedClaim = checked;
    // What the idempotency key's fingerprint and the schema see: the answers as read, the files as uploads.
    request.body = { data: checked.data, ...(returnUrl === undefined ? {} : { return_url: returnUrl }) };
    request.uploads = uploads;
  };
  return (request, reply, done) => {
    read(request as FastifyRequest<{ Params: ProductParams }>).then(() => done(), (error: Error) => {
      discardRest(request, reply, 64 * 1024 * 1024);
      done(error);
    });
  };
}

/**
 * The insurance-event form's calls (`/api/insurance-event/{product}/…`): the signed-in client's
 * policies, a policy found by number with its policyholder's passport and birthday, and filing the
 * claim with its files (server/README.md "Claims").
 */
export default async function claimRoutes(app: FastifyInstance): Promise<void> {
  await app.register(multipart, { throwFileSizeLimit: false });
  app.decorateRequest('checkedClaim', null);
  if (!app.hasRequestDecorator('uploads')) app.decorateRequest('uploads', null);
  const cookie = sessionCookieOf(app.config.publicUrl);
  const throttle = new FailureThrottle({ limit: findPolicyLimit.attempts, windowMs: findPolicyLimit.windowMs, summarise: async () => undefined });
  app.addHook('onClose', () => throttle.closeAll());

  /**
   * Looks a policy up by what the visitor typed (number, passport, birthday): a miss (nothing found,
   * or a 404) counts against the address, and an address that missed too often in the window is
   * refused before it may guess again, whichever call it guesses through.
   */
  const guessCounted = async <T>(request: FastifyRequest, reply: FastifyReply, field: string, find: () => Promise<T>): Promise<T> => {
    const key = `find-policy ${request.ip}`;
    if (throttle.spent(key)) {
      reply.header('retry-after', String(findPolicyLimit.windowMs / 1000));
      throw new AppError(429, 'too_many_attempts', { field });
    }
    try {
      const found = await find();
      if (found === undefined || found === null) throttle.admit(key, 404);
      return found;
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 404) throttle.admit(key, 404);
      throw error;
    }
  };

  /** The signed-in client of the session cookie, if any: these calls do not need one. */
  const clientOf = async (request: FastifyRequest): Promise<Client | null> => {
    const token = request.cookies[cookie.name];
    return token ? app.cabinet.sessionClient(token) : null;
  };

  app.get<{ Params: ProductParams }>('/:product/policies', {
    config: { docs: { summary: 'The policies of the product the signed-in client (the session cookie, if any) may file a claim under, newest first; signed out, `signed_in: false` and none. 404 `claim_product_unknown` for a product without a claim form', response: 'claims/policies.response' } },
  }, async (request) => {
    const claim = formOf(app, request.params.product);
    const client = await clientOf(request);
    const policies = client ? await clientPolicies(app, client, claim.id) : [];
    return ok<PoliciesResponse>({ signed_in: client !== null, policies: policies.map(({ id, number, subject, begin_date, end_date }) => ({ id, number, subject, begin_date, end_date })) });
  });

  app.post<{ Params: ProductParams; Body: FindPolicyRequest }>('/:product/find-policy', {
    schema: { body: app.apiSchema('claims/find-policy.request') },
    config: { docs: { summary: 'A policy of the product by its number and the passport and birthday of its policyholder or applicant (checked in the person registry). 404 `claim_policy_not_found` (field `/policy_number`) whether the number is unknown or the person is not its policyholder; 429 `too_many_attempts` after 10 misses from one address in 10 minutes', response: 'claims/find-policy.response' } },
  }, async (request, reply) => {
    const claim = formOf(app, request.params.product);
    const { policy_number: number, passport, birthday } = request.body;
    const policy = await guessCounted(request, reply, '/policy_number', () => policyByNumber(app, request, claim.id, { number, passport, birthday }));
    if (!policy) throw policyNotFound('/policy_number');
    return ok<FindPolicyResponse>({ policy_number: policy.number, subject: policy.subject, begin_date: policy.begin_date, end_date: policy.end_date });
  });

  app.post<{ Params: ProductParams; Body: FileRequest }>('/:product/file', {
    preValidation: claimBody(app),
    schema: { body: app.apiSchema('claims/file.request'), consumes: ['multipart/form-data', 'application/json'] },
    config: {
      idempotent: true,
      docs: {
        summary: 'Files a claim: multipart/form-data with a text part `claim` (JSON `{ data, return_url? }`: the form\'s answers by step) first, then one part per file named by its FileRef\'s id; or that JSON alone without files. Each step is checked against the product\'s claim form, each file by its content against its field (types, size), the policy (signed in with `way: mine` the client\'s own; else number, passport and birthday) and the event\'s day (within the cover, not after today). Claim, files, its first status, the SMS and the chat\'s message are kept together or not at all. Refusals: 404 `claim_product_unknown`, 404 `claim_policy_not_found`, 400 `claim_event_outside_cover` / `claim_event_in_future` (field `/event/date`), 400 `claim_file_missing`, 400 a field of a step (`/<step>/<path>`), a refused file 400/413/415 with `reason`',
        response: 'claims/file.response',
      },
    },
  }, async (request, reply) => {
    const claim = formOf(app, request.params.product);
    const checked = request.checkedClaim;
    if (!checked) throw new AppError(400, 'body/claim is required', { field: '/claim' });
    const client = await clientOf(request);
    // A claim by number is a guess like find-policy's, counted with them: filing is no way around their limit.
    const byNumber = checked.data.policy?.way !== 'mine';
    const policy = byNumber
      ? await guessCounted(request, reply, '/policy/policyNumber', () => claimantPolicy(app, request, claim, checked.data, client))
      : await claimantPolicy(app, request, claim, checked.data, client);
    checkEventDate(String(checked.data.event?.date ?? ''), policy, claimsToday(app));
    const slots = new Map(checked.files.map((file) => [file.id, file.kind]));
    const uploads = (request.uploads ?? []).map((upload) => ({ kind: slots.get(upload.field) ?? upload.field, filename: upload.filename, contentType: upload.contentType, bytes: upload.bytes }));
    const lang = claimLang(request.body.return_url, request.headers.referer);
    return ok<FileResponse>(await fileClaim(app, { claim, checked, uploads, policy, client, lang }), 'Claim filed');
  });
}
