import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../tests/support/pdf-text';
import { TrueTypeFont, type FontSubset } from './pdf-font';
import { PdfWriter, ref } from './pdf-writer';

const fontFile = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const dejaVu = new TrueTypeFont(readFileSync(fontFile), 'DejaVuSans');

// Ё, й, ў and é are composite glyphs in DejaVu (a base letter and an accent); ʻ and Ғ are simple ones.
const sample = 'Ёлка йод ўзбек café Ғʻ';

/** A one-page document showing `text` (nothing when empty) in `subset`, a new subset of DejaVu unless given. */
function documentWith(text: string, subset: FontSubset = dejaVu.newSubset()): Uint8Array {
  const pdf = new PdfWriter();
  const shown = text ? `BT /F1 12 Tf 10 50 Td ${subset.encode(text)} Tj ET` : '';
  const font = subset.embed(pdf);
  const pages = pdf.reserve();
  const page = pdf.object(`<< /Type /Page /Parent ${ref(pages)} /MediaBox [0 0 300 100] /Resources << /Font << /F1 ${ref(font)} >> >> /Contents ${ref(pdf.stream('', new TextEncoder().encode(shown)))} >>`);
  pdf.object(`<< /Type /Pages /Kids [${ref(page)}] /Count 1 >>`, pages);
  return pdf.bytes(pdf.object(`<< /Type /Catalog /Pages ${ref(pages)} >>`), pdf.object('<< >>'));
}

/** The embedded TrueType program of the document's only font, read back. */
async function embeddedProgram(bytes: Uint8Array): Promise<Uint8Array> {
  const pdf = await PDFDocument.load(bytes);
  const fonts = pdf.getPage(0).node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
  const type0 = fonts?.lookup(PDFName.of('F1'), PDFDict);
  const cidFont = type0?.lookup(PDFName.of('DescendantFonts'), PDFArray).lookup(0, PDFDict);
  const descriptor = cidFont?.lookup(PDFName.of('FontDescriptor'), PDFDict);
  const stream = descriptor?.lookup(PDFName.of('FontFile2'), PDFStream);
  if (!(stream instanceof PDFRawStream)) throw new Error('no FontFile2 stream');
  return inflateSync(stream.contents);
}

const u32 = (bytes: Uint8Array, at: number) => new DataView(bytes.buffer, bytes.byteOffset).getUint32(at);

describe('TrueTypeFont subsets', () => {
  it('embed only the shown glyphs, and pdftotext reads the text back, Cyrillic, Uzbek ʻ and accents included', async () => {
    const bytes = documentWith(sample);
    expect(pdfText(bytes)).toContain(sample);
    // A few dozen glyphs of DejaVu's 6 000: a few kilobytes, not the 700 KB font.
    expect((await embeddedProgram(bytes)).length).toBeLessThan(20_000);
  });

  it('keeps every glyph drawn as in the font, composite letters pointing at their renumbered parts', async () => {
    const subset = dejaVu.newSubset();
    const shown = (subset.encode(sample).match(/[0-9a-f]{4}/g) ?? []).map((hex) => parseInt(hex, 16));
    const embedded = new TrueTypeFont(await embeddedProgram(documentWith('', subset)), 'subset');
    /** A glyph's outline with the outlines of its parts, whatever they are numbered. */
    const drawing = (font: TrueTypeFont, glyph: number): unknown => {
      const parts = font.partsOf(glyph);
      if (!parts) return Array.from(font.outlineOf(glyph));
      const outline = Array.from(font.outlineOf(glyph));
      for (const at of parts.offsets) outline.splice(at, 2, 0, 0);
      return { outline, parts: parts.glyphs.map((part) => drawing(font, part)) };
    };
    [...sample].forEach((char, i) => {
      const original = dejaVu.glyphOf(char.codePointAt(0) ?? 0);
      expect(drawing(embedded, shown[i] ?? 0)).toEqual(drawing(dejaVu, original));
      expect(embedded.advanceOf(shown[i] ?? 0)).toBe(dejaVu.advanceOf(original));
    });
    expect(['Ё', 'й', 'ў', 'é'].every((char) => embedded.partsOf(shown[[...sample].indexOf(char)] ?? 0))).toBe(true);
  });

  it('writes a well-formed TrueType file: table checksums and the whole-file adjustment add up', async () => {
    const program = await embeddedProgram(documentWith(sample));
    const checksum = (from: number, length: number) => {
      const padded = new Uint8Array((length + 3) & ~3);
      padded.set(program.subarray(from, from + length));
      let sum = 0;
      for (let at = 0; at < padded.length; at += 4) sum = (sum + u32(padded, at)) >>> 0;
      return sum;
    };
    expect(checksum(0, program.length)).toBe(0xb1b0afba);
    const tables = new DataView(program.buffer, program.byteOffset).getUint16(4);
    for (let i = 0; i < tables; i += 1) {
      const entry = 12 + 16 * i;
      const tag = String.fromCharCode(...program.subarray(entry, entry + 4));
      const [sum, offset, length] = [u32(program, entry + 4), u32(program, entry + 8), u32(program, entry + 12)];
      // head's own checksum is taken with its checkSumAdjustment as zero.
      const adjustment = tag === 'head' ? u32(program, offset + 8) : 0;
      expect((checksum(offset, length) - adjustment) >>> 0).toBe(sum);
    }
    // Poppler draws it without complaint.
    expect(execFileSync('pdftoppm', ['-r', '30', '-q', '-'], { input: documentWith(sample), stdio: ['pipe', 'pipe', 'pipe'] }).length).toBeGreaterThan(0);
  });

  it('sets control characters as spaces and characters the font lacks as its .notdef box', async () => {
    const subset = dejaVu.newSubset();
    expect(subset.encode('a\nb')).toBe(subset.encode('a b'));
    expect(dejaVu.widthOfTextAtSize('a\nb', 10)).toBe(dejaVu.widthOfTextAtSize('a b', 10));
    expect(subset.encode('中')).toBe('<0000>');
    expect(dejaVu.widthOfTextAtSize('ab', 10)).toBeCloseTo(((dejaVu.advanceOf(dejaVu.glyphOf(0x61)) + dejaVu.advanceOf(dejaVu.glyphOf(0x62))) * 10) / dejaVu.unitsPerEm);
  });

  it('names a subset after its glyphs, so the same text is the same bytes', async () => {
    const [one, two, other] = [documentWith(sample), documentWith(sample), documentWith('другой')];
    expect(Buffer.from(one).equals(Buffer.from(two))).toBe(true);
    const baseFont = async (bytes: Uint8Array) => {
      const fonts = (await PDFDocument.load(bytes)).getPage(0).node.Resources()?.lookup(PDFName.of('Font'), PDFDict);
      return fonts?.lookup(PDFName.of('F1'), PDFDict).get(PDFName.of('BaseFont'))?.toString();
    };
    expect(await baseFont(one)).toMatch(/^\/[A-Z]{6}\+DejaVuSans$/);
    expect(await baseFont(other)).not.toBe(await baseFont(one));
  });
});

