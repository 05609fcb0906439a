import { spawnSync } from 'node:child_process';
import { PDFDocument } from 'pdf-lib';
import encodeQR from 'qr';
import decodeQR from 'qr/decode.js';
import { describe, expect, it } from 'vitest';
import { pdfText } from '../../tests/support/pdf-text';
import insurer from '../../config/insurer.json';
import { renderPolicyPdf, type PolicyDocument } from './policy-pdf';

const travelPolicy: PolicyDocument = {
  product: { series: 'TRV', title: { uz: 'Chet elga sayohat sugʻurtasi', ru: 'Страхование выезжающих за рубеж', en: 'Travel insurance abroad' }, subjectLabel: { uz: 'Hudud', ru: 'Территория' } },
  number: 'TRV 2026000001',
  holder: 'Vali Aliyev',
  insured: Array.from({ length: 10 }, (_, i) => ({ name: `Traveller Number${i + 1}`, passport: `AA${String(1234560 + i)}`, birthday: '1990-05-15' })),
  beginDate: '2026-12-01',
  endDate: '2027-11-30',
  premium: 1_234_567,
  sumInsured: 50_000,
  sumInsuredCurrency: 'USD',
  programName: 'Comfort',
  // Thirty countries, the most a trip may name.
  subject: Array.from({ length: 30 }, (_, i) => `Mamlakat${i + 1} / Страна${i + 1}`).join(', '),
  verifyUrl: 'https://shop.example.uz/verify/TRV%202026000001',
  issuedAt: new Date('2026-11-24T10:00:00Z'),
};

describe('policy PDF', () => {
  it('prints a long subject whole, wrapped under its label, and moves what does not fit to a second page', async () => {
    const bytes = await renderPolicyPdf(travelPolicy);
    const text = pdfText(bytes);
    expect(text).toContain('Mamlakat1 / Страна1');
    expect(text).toContain('Mamlakat30 / Страна30');
    expect(text).toContain('Traveller Number10');
    expect(text).toContain(travelPolicy.verifyUrl);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
    // The insurer's legal details (config/insurer.json) at the foot of each page.
    expect(text.split(insurer.legalName.ru).length - 1).toBe(2);
    expect(text).toContain(`ИНН ${insurer.tin}`);
  });

  it('prints a check address too long for its line over two, broken before its key', async () => {
    const verifyUrl = 'https://online.insurance-company.uz/verify/TRV%202026000001?k=Ab3dEf5hIj7lMn9p';
    const lines = pdfText(await renderPolicyPdf({ ...travelPolicy, verifyUrl })).split('\n').map((line) => line.trim());
    expect(lines).toContain('https://online.insurance-company.uz/verify/TRV%202026000001');
    expect(lines).toContain('?k=Ab3dEf5hIj7lMn9p');
  });

  it('prints what the cover holds beyond its program under it, and nothing when there is nothing', async () => {
    const one = { ...travelPolicy, insured: travelPolicy.insured.slice(0, 1), subject: 'Turkiya / Турция' };
    const text = pdfText(await renderPolicyPdf({ ...one, conditions: ['Koʻp martalik polis: chet elda 45 kun / Многократный полис: 45 дн. за рубежом', 'Bagajning yoʻqolishi / Утрата багажа'] }));
    expect(text).toMatch(/Shartlar \/ Условия\s+Koʻp martalik polis: chet elda 45 kun/);
    expect(text).toContain('Bagajning yoʻqolishi / Утрата багажа');
    expect(pdfText(await renderPolicyPdf(one))).not.toContain('Shartlar');
  });

  it('says a sum insured is each person\'s where the product\'s is', async () => {
    const one = { ...travelPolicy, insured: travelPolicy.insured.slice(0, 2), subject: 'Turkiya / Турция' };
    const perPerson = pdfText(await renderPolicyPdf({ ...one, product: { ...one.product, sumPerPerson: true } })).replace(/\s+/g, ' ');
    expect(perPerson).toContain('50 000 USD (har bir shaxsga / на каждого)');
    expect(pdfText(await renderPolicyPdf(one))).not.toContain('har bir shaxsga');
  });

  it('never breaks an amount over two lines', async () => {
    const one = { ...travelPolicy, insured: travelPolicy.insured.slice(0, 1), subject: 'Turkiya / Турция' };
    // Limits of every width, so that some amount meets the end of a line.
    const conditions = Array.from({ length: 12 }, (_, i) => `${'Javobgarlik '.repeat(i % 4)}limiti ${(i + 1) * 1_000_000} soʻm`.replace(/\d(?=(\d{3})+ )/g, '$& '));
    const text = pdfText(await renderPolicyPdf({ ...one, conditions: [conditions.join(', ')] }));
    for (let i = 1; i <= 12; i += 1) expect(text.replace(/\s+/g, ' ')).toContain(`${i} 000 000 soʻm`);
    expect(text).not.toMatch(/\d\n\s*\d{3}\b/);
  });

  it('sets a title wider than the page on more lines, not off its edge', async () => {
    const title = { uz: 'Avtotransport vositalari egalarining fuqarolik javobgarligini majburiy sugʻurta qilish (OSAGO)', ru: 'Обязательное страхование гражданской ответственности владельцев транспортных средств (ОСАГО)', en: 'OSAGO' };
    const text = pdfText(await renderPolicyPdf({ ...travelPolicy, insured: travelPolicy.insured.slice(0, 1), subject: 'Cobalt', product: { ...travelPolicy.product, title } }));
    expect(text).toContain('sugʻurta qilish (OSAGO)');
    expect(text).toContain('транспортных средств (ОСАГО)');
  });

  it('keeps a label and its value apart however long the label', async () => {
    const text = pdfText(
      await renderPolicyPdf({ ...travelPolicy, insured: travelPolicy.insured.slice(0, 1), product: { ...travelPolicy.product, subjectLabel: { uz: 'Sugʻurta obyekti', ru: 'Объект страхования' } }, subject: 'Kvartira / Квартира, Toshkent shahri / город Ташкент, Chilonzor 5' }),
    );
    expect(text).toMatch(/Объект страхования\s{2,}Kvartira/);
    expect(text).toContain('Toshkent shahri / город');
    expect(text).toContain('Chilonzor 5');
  });

  it('sets a bilingual label too wide for its column on two lines, its value beside the first, and a passport as the page shows it', async () => {
    const car = { ...travelPolicy.product, subjectLabel: { uz: 'Transport vositasi', ru: 'Транспортное средство' } };
    const foreigner = { name: 'Anna Muller', passport: 'FRA1234567', birthday: '1990-05-15' };
    const text = pdfText(await renderPolicyPdf({ ...travelPolicy, product: car, insured: [foreigner], subject: 'Chevrolet Cobalt, 01 A 123 BC, 2022' }));
    // The value was pushed a line below the label, alone in its row.
    expect(text).toMatch(/Transport vositasi \/\s{2,}Chevrolet Cobalt, 01 A 123 BC, 2022\n\s*Транспортное средство\n/);
    expect(text).toMatch(/Anna Muller\s+FRA 1234567/);
  });

  it('renders a policy as the same bytes every time, a few dozen kilobytes, and poppler draws it without complaint', async () => {
    const [first, second] = [await renderPolicyPdf(travelPolicy), await renderPolicyPdf(travelPolicy)];
    expect(Buffer.from(first).equals(Buffer.from(second))).toBe(true);
    // Two pages, two font subsets: the size of what it shows, not of the fonts.
    expect(first.length).toBeLessThan(40_000);
    const drawn = spawnSync('pdftoppm', ['-r', '30', '-'], { input: first });
    expect(drawn.status).toBe(0);
    expect(drawn.stderr.toString()).toBe('');
  });

  it('draws a QR code that a scanner reads as the verification address', async () => {
    const policy = { ...travelPolicy, insured: travelPolicy.insured.slice(0, 1), subject: 'Turkiya / Турция' };
    // 144 dpi: two pixels a point. The code is 140 points wide, its lower left corner at (50, 190).
    const page = spawnSync('pdftoppm', ['-r', '144', '-gray', '-f', '1', '-l', '1', '-'], { input: await renderPolicyPdf(policy), maxBuffer: 1 << 24 }).stdout;
    const [header = '', width = '0'] = /^P5\s+(\d+)\s+\d+\s+255\s/.exec(page.toString('latin1', 0, 40)) ?? [];
    // The code with a margin of page around it, as a camera would see it on paper: 320 × 320 pixels of grey.
    const [left, top, side] = [2 * 40, Math.round((841.89 - 190 - 150) * 2), 320];
    const crop = new Uint8Array(side * side);
    for (let row = 0; row < side; row += 1) crop.set(page.subarray(header.length + (top + row) * Number(width) + left, header.length + (top + row) * Number(width) + left + side), row * side);
    expect(decodeQR({ width: side, height: side, data: crop }, { format: 'I420' })).toBe(policy.verifyUrl);
    // Error correction would read it with some modules wrong: each one is drawn as encoded.
    const dark = (x: number, y: number) => (page[header.length + Math.round((841.89 - y) * 2) * Number(width) + Math.round(x * 2)] ?? 255) < 128;
    const modules = encodeQR(policy.verifyUrl, 'raw', { ecc: 'medium', border: 1 });
    const cell = 140 / modules.length;
    modules.forEach((cells, row) =>
      cells.forEach((isDark, col) => expect(dark(50 + (col + 0.5) * cell, 190 + 140 - (row + 0.5) * cell), `module ${row}, ${col}`).toBe(isDark)),
    );
  });
});
