import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import QRCode from 'qrcode';
import { groupDigits, type InsuredPerson, type PolicyWording } from '../../products/sale';

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
let fontBytes: Promise<[Buffer, Buffer]> | null = null;
function loadFonts(): Promise<[Buffer, Buffer]> {
  fontBytes ??= Promise.all([readFile(`${fontDir}DejaVuSans.ttf`), readFile(`${fontDir}DejaVuSans-Bold.ttf`)]);
  return fontBytes;
}

interface Pen {
  page: PDFPage;
  y: number;
  regular: PDFFont;
  bold: PDFFont;
}

function line(pen: Pen, text: string, opts: { size?: number; bold?: boolean; gap?: number; x?: number } = {}): void {
  const size = opts.size ?? 11;
  pen.page.drawText(text, { x: opts.x ?? 50, y: pen.y, size, font: opts.bold ? pen.bold : pen.regular, color: rgb(0.1, 0.1, 0.15) });
  pen.y -= opts.gap ?? size + 7;
}

function row(pen: Pen, label: string, value: string): void {
  pen.page.drawText(label, { x: 50, y: pen.y, size: 10, font: pen.regular, color: rgb(0.35, 0.35, 0.4) });
  pen.page.drawText(value, { x: 250, y: pen.y, size: 11, font: pen.bold });
  pen.y -= 20;
}

/** Renders the policy as a one-page A4 PDF with an embedded Unicode font and a verification QR code. */
export async function renderPolicyPdf(doc: PolicyDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(`${doc.number} — ${doc.product.title.en}`);
  pdf.setCreator('insurance-shop');
  const [regularBytes, boldBytes] = await loadFonts();
  const pen: Pen = {
    page: pdf.addPage([595.28, 841.89]),
    y: 790,
    regular: await pdf.embedFont(regularBytes, { subset: true }),
    bold: await pdf.embedFont(boldBytes, { subset: true }),
  };
  const title = doc.product.title;
  line(pen, "SUG'URTA POLISI / СТРАХОВОЙ ПОЛИС", { size: 18, bold: true, gap: 26 });
  line(pen, title.uz, { size: 13, bold: true });
  line(pen, title.ru, { size: 13, bold: true, gap: 28 });

  row(pen, 'Polis raqami / Номер полиса', doc.number);
  row(pen, 'Dastur / Программа', doc.programName);
  row(pen, "Sug'urtalovchi / Страхователь", doc.holder);
  row(pen, `${doc.product.subjectLabel.uz} / ${doc.product.subjectLabel.ru}`, doc.subject.length > 60 ? `${doc.subject.slice(0, 57)}...` : doc.subject);
  row(pen, 'Amal qilish muddati / Срок действия', `${formatDate(doc.beginDate)} — ${formatDate(doc.endDate)}`);
  row(pen, "Sug'urta mukofoti / Страховая премия", `${groupDigits(doc.premium)} so'm`);
  row(pen, "Sug'urta summasi / Страховая сумма", `${groupDigits(doc.sumInsured)} ${doc.sumInsuredCurrency === 'UZS' ? "so'm" : 'USD'}`);
  row(pen, 'Berilgan sana / Дата выдачи', formatDate(doc.issuedAt.toISOString().slice(0, 10)));
  pen.y -= 10;

  line(pen, "Sug'urtalangan shaxslar / Застрахованные лица", { size: 12, bold: true });
  doc.insured.forEach((person, i) => {
    line(pen, `${i + 1}. ${person.name}   ${person.passport}   ${formatDate(person.birthday)}`, { size: 10, gap: 16 });
  });

  const qr = await pdf.embedPng(await QRCode.toBuffer(doc.verifyUrl, { type: 'png', margin: 1, width: 240 }));
  const qrTop = Math.min(pen.y - 10, 330);
  pen.page.drawImage(qr, { x: 50, y: qrTop - 140, width: 140, height: 140 });
  pen.page.drawText('Tekshirish / Проверка:', { x: 210, y: qrTop - 40, size: 10, font: pen.regular });
  pen.page.drawText(doc.verifyUrl, { x: 210, y: qrTop - 58, size: 9, font: pen.regular, color: rgb(0.1, 0.3, 0.7) });
  return pdf.save();
}
