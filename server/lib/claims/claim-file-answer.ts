import type { FastifyReply } from 'fastify';
import type { ClaimFileInfo } from '../../plugins/app/claim-forms';

/** `Content-Disposition` of a download: an ASCII name for old clients, the real one (RFC 6266) for the rest. */
function attachment(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * A claim's file as its owner and the back office download it: an attachment (never shown in the
 * site's origin, whatever it holds), its type the one read from its content, not sniffed again.
 */
export function sendClaimFile(reply: FastifyReply, found: { file: ClaimFileInfo; bytes: Uint8Array }): FastifyReply {
  return reply
    .type(found.file.content_type)
    .header('content-disposition', attachment(found.file.filename))
    .header('x-content-type-options', 'nosniff')
    .header('x-robots-tag', 'noindex')
    .send(Buffer.from(found.bytes));
}
