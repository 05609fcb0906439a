import { renderPolicyPdf, type PolicyDocument } from './policy-pdf';

/** The pool's task (lib/pdf-pool.ts): one policy PDF, drawn in a worker thread with its own fonts. */
export default function render(document: PolicyDocument): Promise<Uint8Array> {
  return renderPolicyPdf(document);
}
