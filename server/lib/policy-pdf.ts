import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { fill, PDFDocument, popGraphicsState, pushGraphicsState, rectangle, rgb, setFillingRgbColor, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import subsetFont from 'subset-font';
import { type InsuredPerson, type PolicyWording } from '../../products/sale';
import { groupDigits } from '../../products/api-format';
import insurer from '../../config/insurer.json';

export interface PolicyDocument {
  /** What the product's policy is called and how it names its subject. */
  product: PolicyWording;
  number: string;
  holder: string;
  insured: InsuredPerson[];
  /** ISO dates. */
  beginDate: string;
  endDate: string;
  premium: number;
  sumInsured: number;
  sumInsuredCurrency: 'UZS' | 'USD';
  programName: string;
  subject: string;
  verifyUrl: string;
  issuedAt: Date;
}


/** ISO `2026-05-15` → `15.05.2026`. */
export function formatDate(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d}.${m}.${y}`;
}

// The font comes from the dejavu-fonts-ttf package, never from the host, so a PDF looks the same
// (and has Cyrillic glyphs) on every machine the server runs on.
const require = createRequire(import.meta.url);
const fontDir = require.resolve('dejavu-fonts-ttf/package.json').replace(/package\.json$/, 'ttf/');
/** Every character a policy may print: Latin with Uzbek's letters and apostrophes, Cyrillic (Uzbek and Russian), punctuation, currency signs. */
const printableRanges: [first: number, last: number][] = [[0x20, 0x7e], [0xa0, 0x24f], [0x2b0, 0x2ff], [0x400, 0x4ff], [0x2010, 0x206f], [0x20a0, 0x20bf], [0x2116, 0x2116]];
const printable = printableRanges
  .flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)))
  .join('');

/**
 * DejaVu cut down, once per process, to what a policy prints and to the tables a PDF needs: shaping
 * (the GSUB/GPOS lookups of every script DejaVu covers, decoded anew for every document) was most of
 * a policy's rendering time, and a form of names, dates and numbers needs no ligatures or kerning.
 * Hinting goes too: PDF viewers rasterise at any size without it.
 */
async function printableSubset(file: string): Promise<Buffer> {
  return subsetFont(await readFile(file), printable, {
    targetFormat: 'truetype',
    dropTables: ['GSUB', 'GPOS', 'GDEF', 'kern', 'fpgm', 'prep', 'cvt ', 'hdmx', 'LTSH', 'VDMX'],
  });
}

let fontBytes: Promise<[Buffer, Buffer]> | null = null;
function loadFonts(): Promise<[Buffer, Buffer]> {
  fontBytes ??= Promise.all([printableSubset(`${fontDir}DejaVuSans.ttf`), printableSubset(`${fontDir}DejaVuSans-Bold.ttf`)]);
  return fontBytes;
}

/**
 * The QR code as vector rectangles (each run of dark modules in a row is one), `size` points wide
 * with its lower left corner at (x, y): no PNG to encode, decode and compress for every policy.
 */
function drawQrCode(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const margin = 1;
  const cell = size / (modules.size + 2 * margin);
  const operators = [pushGraphicsState(), setFillingRgbColor(1, 1, 1), rectangle(x, y, size, size), fill(), setFillingRgbColor(0, 0, 0)];
  for (let row = 0; row < modules.size; row += 1) {
    // PDF coordinates grow upwards: the first row is the top one.
    const top = y + size - (row + margin + 1) * cell;
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      let end = col;
      while (end + 1 < modules.size && modules.get(row, end + 1)) end += 1;
      operators.push(rectangle(x + (col + margin) * cell, top, (end - col + 1) * cell, cell));
      col = end;
    }
  }
  operators.push(fill(), popGraphicsState());
  page.pushOperators(...operators);
}

const pageSize: [number, number] = [595.28, 841.89];
const pageTop = 790;
// Above the insurer's details at the foot of every page.
const pageBottom = 80;

interface Pen {
  pdf: PDFDocument;
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

/** Moves to a new page unless `height` points still fit above the bottom margin. */
function room(pen: Pen, height: number): void {
  if (pen.y - height >= pageBottom) return;
  pen.page = pen.pdf.addPage(pageSize);
  pen.y = pageTop;
}

function line(pen: Pen, text: string, opts: { size?: number; bold?: boolean; gap?: number; x?: number } = {}): void {
  const size = opts.size ?? 11;
  room(pen, size);
  pen.page.drawText(text, { x: opts.x ?? 50, y: pen.y, size, font: opts.bold ? pen.bold : pen.regular, color: rgb(0.1, 0.1, 0.15) });
  pen.y -= opts.gap ?? size + 7;
}

const pageLeft = 50;
const valueLeft = 265;
const pageRight = 545;

/** `text` broken at spaces into lines no wider than `width` points (a longer word stands alone). */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else {
      current = candidate;
    }
  }
  return current ? [...lines, current] : lines;
}

/**
 * A label and its value: the value in the right column, wrapped over as many lines as it needs;
 * a label too wide for the left column puts its value on the lines below it, never over it.
 */
function row(pen: Pen, label: string, value: string): void {
  room(pen, 11);
  pen.page.drawText(label, { x: pageLeft, y: pen.y, size: 10, font: pen.regular, color: rgb(0.35, 0.35, 0.4) });
  if (pageLeft + pen.regular.widthOfTextAtSize(label, 10) + 8 > valueLeft) pen.y -= 14;
  for (const text of wrap(value, pen.bold, 11, pageRight - valueLeft)) {
    room(pen, 11);
    pen.page.drawText(text, { x: valueLeft, y: pen.y, size: 11, font: pen.bold });
    pen.y -= 15;
  }
  pen.y -= 5;
}

/** The insurer's legal details (config/insurer.json) in Uzbek and Russian at the foot of every page, with the page number. */
function insurerFooter(pdf: PDFDocument, font: PDFFont): void {
  const pages = pdf.getPages();
  const lines = [
    `${insurer.legalName.uz} · ${insurer.licence.uz} · STIR ${insurer.tin}`,
    `${insurer.legalName.ru} · ${insurer.licence.ru} · ИНН ${insurer.tin}`,
    `${insurer.address.uz} / ${insurer.address.ru}`,
  ];
  pages.forEach((page, i) => {
    lines.forEach((text, line) => {
      // A longer text is set smaller rather than cut or wrapped over the next line.
      const size = Math.min(7.5, (7.5 * (pageRight - pageLeft - 30)) / font.widthOfTextAtSize(text, 7.5));
      page.drawText(text, { x: pageLeft, y: 50 - line * 11, size, font, color: rgb(0.4, 0.4, 0.45) });
    });
    if (pages.length > 1) page.drawText(`${i + 1}/${pages.length}`, { x: pageRight - 20, y: 50, size: 7.5, font, color: rgb(0.4, 0.4, 0.45) });
  });
}

/** Renders the policy as a one-page A4 PDF with an embedded Unicode font and a verification QR code. */
export async function renderPolicyPdf(doc: PolicyDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`${doc.number} — ${doc.product.title.en}`);
  pdf.setCreator('insurance-shop');
  // Dated by the issue, not the rendering: the same policy always renders to the same bytes.
  pdf.setCreationDate(doc.issuedAt);
  pdf.setModificationDate(doc.issuedAt);
  const [regularBytes, boldBytes] = await loadFonts();
  const pen: Pen = {
    pdf,
    page: pdf.addPage(pageSize),
    y: pageTop,
    regular: await pdf.embedFont(regularBytes, { subset: true }),
    bold: await pdf.embedFont(boldBytes, { subset: true }),
  };
  const title = doc.product.title;
  line(pen, "SUGʻURTA POLISI / СТРАХОВОЙ ПОЛИС", { size: 18, bold: true, gap: 26 });
  line(pen, title.uz, { size: 13, bold: true });
  line(pen, title.ru, { size: 13, bold: true, gap: 28 });

  row(pen, 'Polis raqami / Номер полиса', doc.number);
  row(pen, 'Dastur / Программа', doc.programName);
  row(pen, "Sugʻurtalovchi / Страхователь", doc.holder);
  row(pen, `${doc.product.subjectLabel.uz} / ${doc.product.subjectLabel.ru}`, doc.subject);
  row(pen, 'Amal qilish muddati / Срок действия', `${formatDate(doc.beginDate)} — ${formatDate(doc.endDate)}`);
  row(pen, "Sugʻurta mukofoti / Страховая премия", `${groupDigits(doc.premium)} soʻm`);
  row(pen, "Sugʻurta summasi / Страховая сумма", `${groupDigits(doc.sumInsured)} ${doc.sumInsuredCurrency === 'UZS' ? "soʻm" : 'USD'}`);
  row(pen, 'Berilgan sana / Дата выдачи', formatDate(doc.issuedAt.toISOString().slice(0, 10)));
  pen.y -= 10;

  line(pen, "Sugʻurtalangan shaxslar / Застрахованные лица", { size: 12, bold: true });
  doc.insured.forEach((person, i) => {
    line(pen, `${i + 1}. ${person.name}   ${person.passport}   ${formatDate(person.birthday)}`, { size: 10, gap: 16 });
  });

  // The verification block stays whole: on the next page when it does not fit below the text.
  room(pen, 160);
  const qrTop = pen.y === pageTop ? pageTop : Math.min(pen.y - 10, 330);
  drawQrCode(pen.page, doc.verifyUrl, 50, qrTop - 140, 140);
  pen.page.drawText('Tekshirish / Проверка:', { x: 210, y: qrTop - 40, size: 10, font: pen.regular });
  pen.page.drawText(doc.verifyUrl, { x: 210, y: qrTop - 58, size: 9, font: pen.regular, color: rgb(0.1, 0.3, 0.7) });
  insurerFooter(pdf, pen.regular);
  return pdf.save({ useObjectStreams: false });
}
