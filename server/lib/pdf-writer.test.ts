import { spawnSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfDate, pdfNumber, pdfTextString, PdfWriter, ref } from './pdf-writer';

/** Two empty pages, one referring to its parent before that is written, and a title in two scripts. */
function twoPages(): Uint8Array {
  const pdf = new PdfWriter();
  const pages = pdf.reserve();
  const kids = [1, 2].map(() => pdf.object(`<< /Type /Page /Parent ${ref(pages)} /MediaBox [0 0 200 100] /Contents ${ref(pdf.stream('', new TextEncoder().encode('0 0 m 200 100 l S')))} >>`));
  pdf.object(`<< /Type /Pages /Kids [${kids.map(ref).join(' ')}] /Count 2 >>`, pages);
  const info = pdf.object(`<< /Title ${pdfTextString('Polis (№ 1) — Полис')} /CreationDate ${pdfDate(new Date('2026-11-24T10:00:00Z'))} >>`);
  return pdf.bytes(pdf.object(`<< /Type /Catalog /Pages ${ref(pages)} >>`), info);
}

describe('PdfWriter', () => {
  it('writes a cross-reference table whose every offset starts its object, and startxref pointing at it', () => {
    const file = Buffer.from(twoPages());
    const text = file.toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const entries = text.slice(startxref).split('\n').slice(3).filter((line) => / 00000 n $/.test(line));
    expect(entries).toHaveLength(7);
    entries.forEach((entry, i) => expect(text.slice(Number(entry.slice(0, 10))).startsWith(`${i + 1} 0 obj\n`)).toBe(true));
    expect(text).toContain('/Size 8 ');
  });

  it('is read by pdf-lib and by poppler without a complaint, document information included', async () => {
    const file = twoPages();
    const document = await PDFDocument.load(file, { updateMetadata: false });
    expect(document.getPageCount()).toBe(2);
    expect(document.getTitle()).toBe('Polis (№ 1) — Полис');
    expect(document.getCreationDate()?.toISOString()).toBe('2026-11-24T10:00:00.000Z');
    const info = spawnSync('pdfinfo', ['-'], { input: file });
    expect(info.stderr.toString()).toBe('');
    expect(info.stdout.toString()).toMatch(/Pages:\s+2/);
  });

  it('refuses to write a file with an object reserved and never written', () => {
    const pdf = new PdfWriter();
    pdf.reserve();
    expect(() => pdf.bytes(pdf.object('<< /Type /Catalog >>'), pdf.object('<< >>'))).toThrow(/reserved but never written/);
  });

  it('writes numbers with at most four decimals and never an exponent', () => {
    expect([1, 0.1 + 0.2, 595.28, 140 / 31, -0, 1e-7, 12345678.9].map(pdfNumber)).toEqual(['1', '0.3', '595.28', '4.5161', '0', '0', '12345678.9']);
  });
});
