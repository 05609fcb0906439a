import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import encodeQR from 'qr';
import subsetFont from 'subset-font';
import { type InsuredPerson, type PolicyWording } from '../../products/kit/sale/sale';
import { groupDigits } from '../../products/kit/api/api-format';
import insurer from '../../config/insurer.json';
import { TrueTypeFont, type FontSubset } from './pdf-font';
import { flate, pdfDate, pdfNumber, pdfTextString, PdfWriter, ref } from './pdf-writer';
import { printableRanges } from '../../engine/printable-text';
import { policyPassport } from '../../engine/passport-text';

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
  /** `PolicyTerms.conditions`: printed under the program when there are any. */
  conditions?: string[];
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
const printable = printableRanges
  .flatMap(([first, last]) => Array.from({ length: last - first + 1 }, (_, i) => String.fromCodePoint(first + i)))
  .join('');

/**
 * DejaVu cut down, once per process, to the characters a policy prints and to what a PDF's font
 * program needs: no layout tables (a form of names, dates and numbers is set glyph by glyph, without
 * ligatures or kerning) and no hinting, tables or glyph instructions (PDF viewers rasterise at any
 * size without it; the instructions were a third of every embedded glyph).
 */
async function printableSubset(file: string): Promise<Buffer> {
  return subsetFont(await readFile(file), printable, {
    targetFormat: 'truetype',
    noHinting: true,
    dropTables: ['GSUB', 'GPOS', 'GDEF', 'kern', 'fpgm', 'prep', 'cvt ', 'hdmx', 'LTSH', 'VDMX'],
  });
}

let fonts: Promise<[TrueTypeFont, TrueTypeFont]> | null = null;
function loadFonts(): Promise<[TrueTypeFont, TrueTypeFont]> {
  fonts ??= Promise.all([
    printableSubset(`${fontDir}DejaVuSans.ttf`).then((bytes) => new TrueTypeFont(bytes, 'DejaVuSans')),
    printableSubset(`${fontDir}DejaVuSans-Bold.ttf`).then((bytes) => new TrueTypeFont(bytes, 'DejaVuSans-Bold')),
  ]);
  return fonts;
}

type Color = [r: number, g: number, b: number];
const ink: Color = [0.1, 0.1, 0.15];
const black: Color = [0, 0, 0];
const grey: Color = [0.35, 0.35, 0.4];
const footerGrey: Color = [0.4, 0.4, 0.45];
const linkBlue: Color = [0.1, 0.3, 0.7];

/** A font as a page uses it: the process's parsed font and this document's subset of it, under its page resource name. */
interface Face {
  font: TrueTypeFont;
  subset: FontSubset;
  resource: string;
}

/** A page being drawn: its content stream as PDF operators, one line each. */
interface Page {
  operators: string[];
}

const rgb = ([r, g, b]: Color) => `${pdfNumber(r)} ${pdfNumber(g)} ${pdfNumber(b)} rg`;

function drawText(page: Page, face: Face, text: string, x: number, y: number, size: number, color: Color): void {
  page.operators.push(`BT /${face.resource} ${pdfNumber(size)} Tf ${rgb(color)} ${pdfNumber(x)} ${pdfNumber(y)} Td ${face.subset.encode(text)} Tj ET`);
}

/**
 * The QR code as vector rectangles (each run of dark modules in a row is one), `size` points wide
 * with its lower left corner at (x, y): no PNG to encode, decode and compress for every policy.
 * Encoded by `qr`, whose choice of mask (scoring all eight, as the standard asks) took 45 µs where
 * `qrcode` took 300, a sixth of drawing a whole policy.
 */
function drawQrCode(page: Page, text: string, x: number, y: number, size: number): void {
  // A quiet zone of one light module around the code, inside the white ground.
  const modules = encodeQR(text, 'raw', { ecc: 'medium', border: 1 });
  const span = modules.length;
  // White ground, then a scale to modules: every dark run is a rectangle of whole numbers.
  const operators = ['q', rgb([1, 1, 1]), `${pdfNumber(x)} ${pdfNumber(y)} ${pdfNumber(size)} ${pdfNumber(size)} re f`, `${pdfNumber(size / span)} 0 0 ${pdfNumber(size / span)} ${pdfNumber(x)} ${pdfNumber(y)} cm`, rgb(black)];
  modules.forEach((cells, row) => {
    // PDF coordinates grow upwards: the first row is the top one.
    const bottom = span - 1 - row;
    for (let col = 0; col < span; col += 1) {
      if (!cells[col]) continue;
      let end = col;
      while (end + 1 < span && cells[end + 1]) end += 1;
      operators.push(`${col} ${bottom} ${end - col + 1} 1 re`);
      col = end;
    }
  });
  operators.push('f', 'Q');
  page.operators.push(...operators);
}

const pageSize: [number, number] = [595.28, 841.89];
const pageTop = 790;
// Above the insurer's details at the foot of every page.
const pageBottom = 80;

interface Pen {
  pages: Page[];
  page: Page;
  y: number;
  regular: Face;
  bold: Face;
}

/** Moves to a new page unless `height` points still fit above the bottom margin. */
function room(pen: Pen, height: number): void {
  if (pen.y - height >= pageBottom) return;
  pen.page = { operators: [] };
  pen.pages.push(pen.page);
  pen.y = pageTop;
}

function line(pen: Pen, text: string, opts: { size?: number; bold?: boolean; gap?: number; x?: number } = {}): void {
  const size = opts.size ?? 11;
  const face = opts.bold ? pen.bold : pen.regular;
  const x = opts.x ?? pageLeft;
  // A text wider than the page (a product's long title) goes on as many lines as it needs, not off the edge.
  const lines = wrap(text, face.font, size, pageRight - x);
  lines.forEach((part, i) => {
    room(pen, size);
    drawText(pen.page, face, part, x, pen.y, size, ink);
    pen.y -= i < lines.length - 1 ? size + 4 : (opts.gap ?? size + 7);
  });
}

const pageLeft = 50;
const valueLeft = 265;
const pageRight = 545;

/**
 * Where a line may break: at a space, but not inside an amount, whose groups of three digits stay
 * on one line (`10 000 000`, not `10` over `000 000`).
 */
const breakable = /(?<!\d)\s+|\s+(?!\d{3}(?:\D|$))/;

/** `text` broken at spaces into lines no wider than `width` points (a longer word stands alone). */
function wrap(text: string, font: TrueTypeFont, size: number, width: number): string[] {
  return fitLines(text.split(breakable).filter(Boolean), ' ', font, size, width);
}

/** An address broken into lines no wider than `width` points: after a slash or before its query, as it has no spaces. */
function wrapAddress(url: string, font: TrueTypeFont, size: number, width: number): string[] {
  return fitLines(url.split(/(?<=\/)|(?=\?)/), '', font, size, width);
}

/** `parts` put together with `joiner` into as few lines no wider than `width` points as they allow (a longer part stands alone). */
function fitLines(parts: string[], joiner: string, font: TrueTypeFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of parts) {
    const candidate = current ? `${current}${joiner}${word}` : word;
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
 * A bilingual label in the left column: whole when it fits, else its Uzbek and its Russian each on a
 * line of its own (`Transport vositasi /` over `Транспортное средство`), broken further only when
 * one of them alone is wider than the column.
 */
function labelLines(label: string, font: TrueTypeFont, size: number, width: number): string[] {
  if (font.widthOfTextAtSize(label, size) <= width) return [label];
  const languages = label.split(' / ');
  return languages.flatMap((part, i) => wrap(i < languages.length - 1 ? `${part} /` : part, font, size, width));
}

/**
 * A label and its value side by side, each in its column on as many lines as it needs, the value
 * starting beside the label's first line: never over it, nor pushed below a long label.
 */
function row(pen: Pen, label: string, value: string): void {
  const labels = labelLines(label, pen.regular.font, 10, valueLeft - pageLeft - 8);
  const values = wrap(value, pen.bold.font, 11, pageRight - valueLeft);
  for (let i = 0; i < Math.max(labels.length, values.length); i += 1) {
    room(pen, 11);
    const labelPart = labels[i];
    const valuePart = values[i];
    if (labelPart !== undefined) drawText(pen.page, pen.regular, labelPart, pageLeft, pen.y, 10, grey);
    if (valuePart !== undefined) drawText(pen.page, pen.bold, valuePart, valueLeft, pen.y, 11, black);
    pen.y -= 15;
  }
  pen.y -= 5;
}

/** The insurer's legal details (config/insurer.json) in Uzbek and Russian at the foot of every page, with the page number. */
function insurerFooter(pages: Page[], face: Face): void {
  const lines = [
    `${insurer.legalName.uz} · ${insurer.licence.uz} · STIR ${insurer.tin}`,
    `${insurer.legalName.ru} · ${insurer.licence.ru} · ИНН ${insurer.tin}`,
    `${insurer.address.uz} / ${insurer.address.ru}`,
  ];
  pages.forEach((page, i) => {
    lines.forEach((text, line) => {
      // A longer text is set smaller rather than cut or wrapped over the next line.
      const size = Math.min(7.5, (7.5 * (pageRight - pageLeft - 30)) / face.font.widthOfTextAtSize(text, 7.5));
      drawText(page, face, text, pageLeft, 50 - line * 11, size, footerGrey);
    });
    if (pages.length > 1) drawText(page, face, `${i + 1}/${pages.length}`, pageRight - 20, 50, 7.5, footerGrey);
  });
}

/**
 * Renders the policy as an A4 PDF (more pages when the insured persons need them) with DejaVu
 * embedded as the subset it shows and a vector QR code to its verification page. The layout is
 * set with the fonts parsed once per process (`TrueTypeFont`); per document only the shown glyphs
 * are copied, so a policy costs little more than its content stream.
 */
export async function renderPolicyPdf(doc: PolicyDocument): Promise<Uint8Array> {
  const [regular, bold] = await loadFonts();
  const first: Page = { operators: [] };
  const pen: Pen = {
    pages: [first],
    page: first,
    y: pageTop,
    regular: { font: regular, subset: regular.newSubset(), resource: 'F1' },
    bold: { font: bold, subset: bold.newSubset(), resource: 'F2' },
  };
  const title = doc.product.title;
  line(pen, "SUGʻURTA POLISI / СТРАХОВОЙ ПОЛИС", { size: 18, bold: true, gap: 26 });
  line(pen, title.uz, { size: 13, bold: true });
  line(pen, title.ru, { size: 13, bold: true, gap: 28 });

  row(pen, 'Polis raqami / Номер полиса', doc.number);
  row(pen, 'Dastur / Программа', doc.programName);
  if (doc.conditions?.length) row(pen, 'Shartlar / Условия', doc.conditions.join('; '));
  // Sugʻurtalovchi is the insurer; the one who takes out the policy is the sugʻurta qildiruvchi.
  row(pen, "Sugʻurta qildiruvchi / Страхователь", doc.holder);
  row(pen, `${doc.product.subjectLabel.uz} / ${doc.product.subjectLabel.ru}`, doc.subject);
  row(pen, 'Amal qilish muddati / Срок действия', `${formatDate(doc.beginDate)} — ${formatDate(doc.endDate)}`);
  row(pen, "Sugʻurta mukofoti / Страховая премия", `${groupDigits(doc.premium)} soʻm`);
  const perPerson = doc.product.sumPerPerson ? " (har bir shaxsga / на каждого)" : '';
  row(pen, "Sugʻurta summasi / Страховая сумма", `${groupDigits(doc.sumInsured)} ${doc.sumInsuredCurrency === 'UZS' ? "soʻm" : 'USD'}${perPerson}`);
  row(pen, 'Berilgan sana / Дата выдачи', formatDate(doc.issuedAt.toISOString().slice(0, 10)));
  pen.y -= 10;

  // A policy of a thing (a car, a carrier's seats) names no insured person: no heading over nobody.
  if (doc.insured.length > 0) {
    line(pen, "Sugʻurtalangan shaxslar / Застрахованные лица", { size: 12, bold: true });
    doc.insured.forEach((person, i) => {
      line(pen, `${i + 1}. ${person.name}   ${policyPassport(person.passport)}   ${formatDate(person.birthday)}`, { size: 10, gap: 16 });
    });
  }

  // The verification block stays whole: on the next page when it does not fit below the text.
  room(pen, 160);
  const qrTop = pen.y === pageTop ? pageTop : Math.min(pen.y - 10, 330);
  drawQrCode(pen.page, doc.verifyUrl, 50, qrTop - 140, 140);
  drawText(pen.page, pen.regular, 'Tekshirish / Проверка:', 210, qrTop - 40, 10, black);
  wrapAddress(doc.verifyUrl, pen.regular.font, 9, pageRight - 210).forEach((part, i) => {
    drawText(pen.page, pen.regular, part, 210, qrTop - 58 - i * 12, 9, linkBlue);
  });
  insurerFooter(pen.pages, pen.regular);

  const pdf = new PdfWriter();
  const fonts = `/Font << /${pen.regular.resource} ${ref(pen.regular.subset.embed(pdf))} /${pen.bold.resource} ${ref(pen.bold.subset.embed(pdf))} >>`;
  const pagesRef = pdf.reserve();
  const pages = pen.pages.map((page) => {
    const contents = pdf.stream('/Filter /FlateDecode', flate(page.operators.join('\n')));
    return pdf.object(`<< /Type /Page /Parent ${ref(pagesRef)} /MediaBox [0 0 ${pageSize.map(pdfNumber).join(' ')}] /Resources << ${fonts} >> /Contents ${ref(contents)} >>`);
  });
  pdf.object(`<< /Type /Pages /Kids [${pages.map(ref).join(' ')}] /Count ${pages.length} >>`, pagesRef);
  const catalog = pdf.object(`<< /Type /Catalog /Pages ${ref(pagesRef)} >>`);
  // Dated by the issue, not the rendering: the same policy always renders to the same bytes.
  const issued = pdfDate(doc.issuedAt);
  const info = pdf.object(`<< /Title ${pdfTextString(`${doc.number} — ${doc.product.title.en}`)} /Creator (insurance-shop) /CreationDate ${issued} /ModDate ${issued} >>`);
  return pdf.bytes(catalog, info);
}
