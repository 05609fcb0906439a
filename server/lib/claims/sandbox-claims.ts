import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ClaimStatus } from '../../db/database';
import { AppError } from '../../envelope';
import { Html, html, page } from '../../html';
import { formXsrfRejected, once } from '../../payments/sandbox-checkout';
import { siteMessage } from '../policy-words';
import { formDocumentKinds, listClaims, type ClaimListItem } from './claim-detail';
import { moveClaim, movesFrom, type ClaimMove } from './claim-status';

/** What the page says after a move, by the key its redirect carries (never text from the address itself). */
const notices: Record<string, string> = {
  moved: 'The claim was moved and the claimant told by SMS.',
  claim_not_found: 'No such claim.',
  claim_status_not_allowed: 'That move is not allowed from the claim\'s status (it may have moved meanwhile).',
  claim_reason_required: 'A decline needs a reason.',
  claim_documents_required: 'Tick at least one document to ask for.',
  claim_documents_not_asked: 'Documents go only with "documents requested".',
  claim_amount_required: 'An approval needs an amount (whole soʻm).',
  claim_amount_not_taken: 'An amount goes only with an approval.',
  claim_document_unknown: 'A document its form does not have.',
  bad_form: 'The form was not sent as the page wrote it: each field once, the amount in whole soʻm (1 to 10¹²), the reason up to 1000 characters.',
  expired: 'The page was too old to send: it has been loaded again, try once more.',
};

const query = {
  type: 'object',
  properties: { notice: { type: 'string', enum: Object.keys(notices) }, claim: { type: 'string', format: 'uuid', maxLength: 36 } },
  additionalProperties: false,
};
const params = { type: 'object', properties: { id: { type: 'string', format: 'uuid', maxLength: 36 } }, required: ['id'], additionalProperties: false };

const statusName = (status: ClaimStatus) => siteMessage('en', `claim.status.${status}`) ?? status.replaceAll('_', ' ');
const documentName = (kind: string) => siteMessage('en', `claim.document.${kind}`) ?? kind.replaceAll('_', ' ');
const statuses = new Set<string>(['received', 'documents_requested', 'under_review', 'approved', 'declined', 'paid']);

/** The form of one move of one claim: the status it goes to, with the fields that status takes. */
function moveForm(claim: ClaimListItem, to: ClaimStatus, kinds: readonly string[], xsrf: string): Html {
  const id = (field: string) => `${claim.id}-${to}-${field}`;
  const reason = html`<label for="${id('reason')}">Reason${to === 'declined' ? '' : ' (optional)'}</label>
<input id="${id('reason')}" name="reason" maxlength="1000"${to === 'declined' ? new Html(' required') : ''}>`;
  const documents = to === 'documents_requested'
    ? html`<fieldset><legend>Documents to ask for</legend>${kinds.map((kind) => html`<label class="check"><input type="checkbox" name="documents" value="${kind}"${claim.documents_needed.includes(kind) ? new Html(' checked') : ''}> ${documentName(kind)}</label>`)}</fieldset>`
    : '';
  const amount = to === 'approved'
    ? html`<label for="${id('amount')}">Amount, soʻm</label><input id="${id('amount')}" name="amount" inputmode="numeric" pattern="[0-9 ]{1,17}" required>`
    : '';
  return html`<form method="post" action="/sandbox/claims/${claim.id}/status">
<input type="hidden" name="_xsrf" value="${xsrf}"><input type="hidden" name="status" value="${to}">
${documents}${amount}${reason}
<button type="submit">Move to ${statusName(to)}</button>
</form>`;
}

/** A form field the page writes once, read as sent once (a repeated one is not the page's form). */
function moveOf(form: Record<string, unknown>): ClaimMove | null {
  const status = once(form.status);
  if (status === null || !statuses.has(status)) return null;
  const reason = form.reason === undefined ? '' : once(form.reason);
  // Typed as people write sums (`1 500 000`): the spaces go.
  const amount = form.amount === undefined || form.amount === '' ? undefined : once(form.amount)?.replace(/\s/g, '') ?? null;
  if (reason === null || amount === null || reason.length > 1000 || /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(reason)) return null;
  if (amount !== undefined && !/^\d{1,13}$/.test(amount)) return null;
  const raw = form.documents === undefined ? [] : Array.isArray(form.documents) ? form.documents : [form.documents];
  if (raw.length > 20 || !raw.every((kind): kind is string => typeof kind === 'string' && /^[a-z][a-z0-9_]{0,39}$/.test(kind))) return null;
  const value = amount === undefined ? undefined : Number(amount);
  if (value !== undefined && (value < 1 || value > 1e12)) return null;
  return { status: status as ClaimStatus, reason: reason || undefined, documents: raw.length > 0 ? raw : undefined, amount: value };
}

/**
 * The back office by hand (`/sandbox/claims`): the newest claims with their number, product and
 * status, and for each a plain form per move its status allows (the reason, the documents to ask for
 * as checkboxes of the kinds its form has, the amount), which moves it as the back office's call
 * does and comes back to the page (POST, redirect, GET). Served with the rest of the sandbox only,
 * so it takes no token.
 */
export async function sandboxClaimsRoutes(app: FastifyInstance): Promise<void> {
  // A reason of 1000 Cyrillic letters, percent-encoded, and every document's box ticked.
  await app.register(formbody, { bodyLimit: 16_384 });

  const back = (reply: FastifyReply, notice: string, claimId?: string) =>
    reply.redirect(`/sandbox/claims?notice=${notice}${claimId ? `&claim=${claimId}` : ''}${claimId ? `#claim-${claimId}` : ''}`, 303);

  app.get<{ Querystring: { notice?: string; claim?: string } }>('', {
    schema: { querystring: query },
    config: { docs: { summary: 'Sandbox back office: the newest claims, each with a form per move its status allows (reason, documents, amount), to walk a claim to paid by hand' } },
  }, async (request, reply) => {
    const claims = await listClaims(app, { limit: 50 });
    const xsrf = reply.xsrfToken();
    const { notice, claim: noticed } = request.query;
    // Beside the claim it is about (the redirect scrolls there), else at the top.
    const message = notice ? html`<p class="${notice === 'moved' ? 'ok' : 'error'}" role="status">${notices[notice]}</p>` : '';
    const sections: Html[] = [];
    for (const claim of claims) {
      const moves = movesFrom(claim.claim_status);
      const kinds = moves.includes('documents_requested') ? (await formDocumentKinds(app, claim.id)) ?? [] : [];
      sections.push(html`<section id="claim-${claim.id}" aria-labelledby="claim-${claim.id}-title">
<h2 id="claim-${claim.id}-title">${claim.number}</h2>${claim.id === noticed ? message : ''}
<dl><dt>Product</dt><dd>${claim.product}</dd><dt>Status</dt><dd>${statusName(claim.claim_status)}</dd><dt>Event</dt><dd>${claim.event_date}</dd>${claim.documents_needed.length > 0 ? html`<dt>Still needed</dt><dd>${claim.documents_needed.map(documentName).join(', ')}</dd>` : ''}</dl>
${moves.length === 0 ? html`<p class="hint">Closed: no move left.</p>` : moves.map((to) => moveForm(claim, to, kinds, xsrf))}
</section>`);
    }
    const shownBeside = noticed !== undefined && claims.some((claim) => claim.id === noticed);
    const body = html`<h1>Sandbox back office: claims</h1>${shownBeside ? '' : message}${sections.length === 0 ? html`<p class="hint">No claim yet.</p>` : sections}`;
    return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(page('Sandbox back office: claims', body));
  });

  app.post<{ Params: { id: string } }>('/:id/status', {
    schema: { params },
    config: { docs: { summary: 'Sandbox back office: moves a claim as `POST /api/back-office/claims/{id}/status` does (form fields `status`, `reason`, `documents`, `amount`), then back to the page' } },
  }, async (request, reply) => {
    const { id } = request.params;
    const form = typeof request.body === 'object' && request.body !== null && !Array.isArray(request.body) ? request.body as Record<string, unknown> : {};
    if (formXsrfRejected(request, form)) return back(reply, 'expired', id);
    const move = moveOf(form);
    if (!move) return back(reply, 'bad_form', id);
    try {
      await moveClaim(app, id, move, 'back_office', { kinds: await formDocumentKinds(app, id) });
    } catch (error) {
      if (error instanceof AppError && error.message in notices) return back(reply, error.message, error.message === 'claim_not_found' ? undefined : id);
      throw error;
    }
    return back(reply, 'moved', id);
  });
}
