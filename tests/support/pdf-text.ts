import { execFileSync } from 'node:child_process';

/** Text of a PDF as Debian's poppler `pdftotext` extracts it (proves the text layer is real). */
export function pdfText(pdf: Uint8Array): string {
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf, encoding: 'utf8' });
}
