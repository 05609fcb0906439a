/*
 * Claims filed as the insurance-event page files them, against the fixture claim form
 * (tests/support/claims/osago/claim.ts): its flow data, signed out by number or signed in with one
 * of the client's policies, with its photos as file parts named by their FileRefs' ids.
 */
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { FlowData } from '../../engine/definition';
import { fixtureFile, postMultipart, siteAuth, type MultipartBody } from '../../server/test-helpers';

/** The folder the test apps read claim forms from (`claimsDir`). */
export const fixtureClaimsDir = fileURLToPath(new URL('./claims/', import.meta.url));

/** Vali of the sandbox person registry: the policyholder of the fixtures' policies. */
export const vali = { passport: 'AA1234567', birthday: '1990-05-15', pinfl: '31505900000011' };

/** A file's id as FileRefs have them (32 hex digits). */
export const fileId = (n: number) => `${'0'.repeat(31)}${n.toString(16)}`.slice(-32);

/** A FileRef of one of tests/fixtures' photos. */
export const photoRef = (n: number, name = 'pet-face.jpg') => ({ id: fileId(n), name, type: 'image/jpeg', size: 25_537 });

/** A complete claim of an event on `eventDate`: filed by number (or `mine` with `policyId`), two photos, no police report, paid to a card; any step's fields replaced by `overrides`. */
export function claimData(policy: { number?: string; policyId?: string }, eventDate: string, overrides: Partial<Record<string, Record<string, unknown>>> = {}): FlowData {
  const way = policy.policyId ? { way: 'mine', policyId: policy.policyId } : { way: 'number', policyNumber: policy.number, passport: vali.passport, birthday: vali.birthday };
  return {
    policy: { ...way, phone: '998901234567', ...overrides.policy },
    event: { date: eventDate, description: 'A truck scratched the left door at a crossing.', ...overrides.event },
    damage: { photos: [photoRef(1), photoRef(2, 'pet-side.jpg')], ...overrides.damage },
    payout: { method: 'card', card: '8600123412341234', holder: 'VALI ALIYEV', ...overrides.payout },
    consent: { agree: true },
  };
}

/** The multipart body of a claim: `claim` first, then a part per FileRef the data names (photos from tests/fixtures). */
export function claimBody(data: FlowData, extra: { returnUrl?: string; files?: MultipartBody['files'] } = {}): MultipartBody {
  const photos = () => ((data.damage?.photos ?? []) as { id: string; name: string }[]).map((ref) => ({ name: ref.id, filename: ref.name, blob: fixtureFile(ref.name) }));
  return {
    fields: [['claim', JSON.stringify({ data, ...(extra.returnUrl ? { return_url: extra.returnUrl } : {}) })]],
    files: extra.files ?? photos(),
  };
}

/** POSTs a claim of the fixture form (`osago`) as multipart, with the site's credential and any headers, from `remoteAddress` if given. */
export function fileClaim(app: FastifyInstance, body: MultipartBody, headers: Record<string, string> = {}, remoteAddress?: string): Promise<LightMyRequestResponse> {
  return postMultipart(app, '/api/insurance-event/osago/file', body, { authorization: siteAuth, ...headers }, remoteAddress);
}
