/**
 * `tsx tools/make-sample-files.ts [name…]`: draws the sample files of `tests/fixtures/` in Chromium
 * (the pet's two photos, a work-book page, a tall photo that stands on its side until its EXIF
 * orientation turns it, a transparent PNG, the claim samples' photos and bills) and prints a salary
 * certificate and the claim samples' documents as PDFs. The files are committed; this says how they
 * were made, and makes them again when a test needs another: the files named, or all of them.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const dir = fileURLToPath(new URL('../tests/fixtures/', import.meta.url));

/** A JPEG's bytes with an EXIF block (APP1) saying `orientation` right after its start marker. */
export function withExifOrientation(jpeg: Buffer, orientation: number): Buffer {
  // TIFF header (little endian), one IFD entry: Orientation (0x0112), SHORT, 1 value; no next IFD.
  const tiff = Buffer.from([0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, orientation, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00]);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(payload.length + 2);
  return Buffer.concat([jpeg.subarray(0, 2), Buffer.from([0xff, 0xe1]), length, payload, jpeg.subarray(2)]);
}

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const page = await browser.newPage();

/** Draws on a canvas in the page with the painter `painter` (a script put in the page) and answers its bytes as `type`. */
async function draw(width: number, height: number, type: 'image/jpeg' | 'image/png' | 'image/webp', painter: string): Promise<Buffer> {
  const name = `paint${(await page.evaluate(() => document.scripts.length))}`;
  await page.addScriptTag({ content: `window.${name} = function (g, w, h) {${painter}};` });
  const dataUrl = await page.evaluate(
    ({ width, height, type, name }) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const g = canvas.getContext('2d');
      if (!g) throw new Error('no canvas');
      (window as unknown as Record<string, (g: CanvasRenderingContext2D, w: number, h: number) => void>)[name]?.(g, width, height);
      return canvas.toDataURL(type, 0.82);
    },
    { width, height, type, name },
  );
  return Buffer.from(dataUrl.split(',')[1] ?? '', 'base64');
}

/** A cat's face (front) or the whole cat (side) on a sofa-coloured background. */
const cat = (side: boolean) => `
  const sky = g.createLinearGradient(0, 0, 0, h); sky.addColorStop(0, '#c9b79c'); sky.addColorStop(1, '#8a6f52');
  g.fillStyle = sky; g.fillRect(0, 0, w, h);
  g.fillStyle = '#e08a3c'; g.strokeStyle = '#7a4416'; g.lineWidth = 6;
  const cx = w / 2, cy = h / 2;
  ${side ? `
  g.beginPath(); g.ellipse(cx, cy + 60, 260, 150, 0, 0, Math.PI * 2); g.fill(); g.stroke();
  g.beginPath(); g.moveTo(cx + 250, cy + 60); g.quadraticCurveTo(cx + 420, cy - 80, cx + 330, cy - 200); g.lineWidth = 30; g.strokeStyle = '#e08a3c'; g.stroke();
  g.lineWidth = 6; g.strokeStyle = '#7a4416';
  g.beginPath(); g.arc(cx - 250, cy - 60, 120, 0, Math.PI * 2); g.fill(); g.stroke();
  for (const x of [-180, -60, 60, 180]) { g.fillRect(cx + x - 20, cy + 170, 40, 110); }
  const hx = cx - 250, hy = cy - 60;` : `
  const hx = cx, hy = cy + 20;
  g.beginPath(); g.arc(hx, hy, 230, 0, Math.PI * 2); g.fill(); g.stroke();`}
  const r = ${side ? 120 : 230};
  g.beginPath(); g.moveTo(hx - r * 0.9, hy - r * 0.45); g.lineTo(hx - r * 0.75, hy - r * 1.35); g.lineTo(hx - r * 0.2, hy - r * 0.9); g.fill(); g.stroke();
  g.beginPath(); g.moveTo(hx + r * 0.9, hy - r * 0.45); g.lineTo(hx + r * 0.75, hy - r * 1.35); g.lineTo(hx + r * 0.2, hy - r * 0.9); g.fill(); g.stroke();
  g.fillStyle = '#2f5d2a'; for (const s of [-1, 1]) { g.beginPath(); g.ellipse(hx + s * r * 0.38, hy - r * 0.15, r * 0.14, r * 0.2, 0, 0, Math.PI * 2); g.fill(); }
  g.fillStyle = '#d4547a'; g.beginPath(); g.moveTo(hx - r * 0.1, hy + r * 0.15); g.lineTo(hx + r * 0.1, hy + r * 0.15); g.lineTo(hx, hy + r * 0.28); g.fill();
  g.strokeStyle = '#3b2a1a'; g.lineWidth = 3; for (const s of [-1, 1]) for (const d of [-0.08, 0.05, 0.18]) { g.beginPath(); g.moveTo(hx + s * r * 0.2, hy + r * 0.25); g.lineTo(hx + s * r * 0.85, hy + r * (0.2 + d)); g.stroke(); }
  g.fillStyle = '#fff'; g.font = 'bold 40px sans-serif'; g.fillText('Mosh', 30, h - 40);`;

const workBook = `
  g.fillStyle = '#f4f1e8'; g.fillRect(0, 0, w, h);
  g.fillStyle = '#1f2937'; g.font = 'bold 44px serif'; g.fillText('MEHNAT DAFTARCHASI', 360, 110);
  g.font = '28px serif';
  const rows = [['12.03.2018', 'Ishga qabul qilindi: buxgalter', '№ 14-k'], ['01.09.2020', 'Bosh buxgalter lavozimiga oʻtkazildi', '№ 52-k'], ['15.01.2024', 'Moliya boʻlimi boshligʻi', '№ 7-k']];
  g.strokeStyle = '#9ca3af'; g.lineWidth = 2;
  for (let i = 0; i <= rows.length; i += 1) { g.beginPath(); g.moveTo(80, 200 + i * 90); g.lineTo(w - 80, 200 + i * 90); g.stroke(); }
  rows.forEach((row, i) => { g.fillText(row[0], 100, 255 + i * 90); g.fillText(row[1], 330, 255 + i * 90); g.fillText(row[2], w - 260, 255 + i * 90); });
  g.strokeStyle = '#1d4ed8'; g.lineWidth = 4; g.beginPath(); g.arc(w - 260, h - 200, 90, 0, Math.PI * 2); g.stroke();
  g.fillStyle = '#1d4ed8'; g.font = '22px sans-serif'; g.fillText('KADRLAR', w - 310, h - 192);`;

const tall = `
  g.fillStyle = '#dbeafe'; g.fillRect(0, 0, w, h);
  // Drawn lying on its side, the arrow pointing right: turned as its EXIF orientation (6) says, it points down.
  g.fillStyle = '#b91c1c'; g.beginPath(); g.moveTo(w - 300, h / 2); g.lineTo(w - 900, h / 2 - 400); g.lineTo(w - 900, h / 2 + 400); g.fill();
  g.fillRect(300, h / 2 - 120, w - 1200, 240);`;

const transparent = `
  g.clearRect(0, 0, w, h); g.fillStyle = 'rgba(14, 116, 144, 0.8)'; g.beginPath(); g.arc(w / 2, h / 2, w / 3, 0, Math.PI * 2); g.fill();`;

/** A photo of a damaged thing: a background, the thing as a shape, the damage as a dark crack, and a caption. */
const damage = (background: string, thing: string, caption: string) => `
  g.fillStyle = '${background}'; g.fillRect(0, 0, w, h);
  g.fillStyle = '${thing}'; g.beginPath(); g.roundRect(w * 0.1, h * 0.3, w * 0.8, h * 0.4, 40); g.fill();
  g.strokeStyle = '#111827'; g.lineWidth = 8; g.beginPath(); g.moveTo(w * 0.35, h * 0.32); g.lineTo(w * 0.45, h * 0.5); g.lineTo(w * 0.4, h * 0.55); g.lineTo(w * 0.55, h * 0.68); g.stroke();
  g.fillStyle = '#fff'; g.font = 'bold 36px sans-serif'; g.fillText('${caption}', 30, h - 30);`;

/** A number plate, as photographed at the scene. */
const plate = `
  g.fillStyle = '#4b5563'; g.fillRect(0, 0, w, h);
  g.fillStyle = '#fff'; g.strokeStyle = '#111827'; g.lineWidth = 6; g.beginPath(); g.roundRect(w * 0.12, h * 0.35, w * 0.76, h * 0.3, 12); g.fill(); g.stroke();
  g.fillStyle = '#111827'; g.font = 'bold 96px monospace'; g.fillText('01 A 123 BC', w * 0.16, h * 0.56);`;

/** A receipt: a shop's name, rows of services and a total. */
const bill = (title: string, rows: [string, string][]) => `
  g.fillStyle = '#fff'; g.fillRect(0, 0, w, h);
  g.fillStyle = '#111827'; g.font = 'bold 30px sans-serif'; g.fillText('${title}', 40, 70);
  g.font = '24px monospace';
  ${JSON.stringify(rows)}.forEach((row, i) => { g.fillText(row[0], 40, 140 + i * 44); g.fillText(row[1], w - 220, 140 + i * 44); });
  g.font = 'bold 26px monospace'; g.fillText('TOTAL', 40, h - 50);`;

/** A one-page document as a PDF: a title, paragraphs, and a signature line. */
async function pdf(title: string, paragraphs: string[]): Promise<Buffer> {
  await page.setContent(`<!doctype html><html><body style="font-family: serif; padding: 40px"><h1 style="font-size: 22px">${title}</h1>${paragraphs.map((p) => `<p>${p}</p>`).join('')}<p>________</p></body></html>`);
  return page.pdf({ format: 'A5' });
}

const samples: Record<string, () => Promise<Buffer>> = {
  'pet-face.jpg': () => draw(1200, 900, 'image/jpeg', cat(false)),
  'pet-side.jpg': () => draw(1200, 900, 'image/jpeg', cat(true)),
  'work-book.jpg': () => draw(1600, 1100, 'image/jpeg', workBook),
  'tall-photo-exif-6.jpg': async () => withExifOrientation(await draw(3000, 2000, 'image/jpeg', tall), 6),
  'round-transparent.png': () => draw(400, 400, 'image/png', transparent),
  'salary-certificate.pdf': async () => {
    await page.setContent(`<!doctype html><html><body style="font-family: serif; padding: 40px">
  <h1 style="font-size: 22px">MAOSH TOʻGʻRISIDA MAʼLUMOTNOMA / СПРАВКА О ЗАРАБОТНОЙ ПЛАТЕ</h1>
  <p>"NEO LOGISTIKA" MChJ (STIR 301234567) shuni tasdiqlaydiki, Aliyev Vali 2018-yil 12-martdan buyon bosh buxgalter lavozimida ishlaydi.</p>
  <table style="border-collapse: collapse" border="1" cellpadding="6">
    <tr><th>Oy</th><th>Hisoblangan ish haqi, soʻm</th></tr>
    <tr><td>2026-yil avgust</td><td>6 000 000</td></tr><tr><td>2026-yil sentabr</td><td>6 000 000</td></tr><tr><td>2026-yil oktabr</td><td>6 000 000</td></tr>
  </table>
  <p>Direktor: Karimova D. ________</p></body></html>`);
    return page.pdf({ format: 'A5' });
  },
  // The claim samples' files (products/kit/claims/samples.ts), small as a phone's shrunk photos are.
  'bumper.jpg': () => draw(800, 600, 'image/jpeg', damage('#9ca3af', '#1e3a8a', 'bamper')),
  'plate.jpg': () => draw(800, 600, 'image/jpeg', plate),
  'ceiling.jpg': () => draw(800, 600, 'image/jpeg', damage('#e5e7eb', '#d6c7a1', 'shift')),
  'wall.webp': () => draw(800, 600, 'image/webp', damage('#f3f4f6', '#a3b18a', 'devor')),
  'vet-bill.jpg': () => draw(600, 800, 'image/jpeg', bill('VET KLINIKA "DOST"', [['Koʻrik', '150 000'], ['Tahlil', '220 000'], ['Dori', '95 000']])),
  'bill.png': () => draw(600, 800, 'image/png', bill('ACIBADEM HOSPITAL', [['Consultation', '120 EUR'], ['Blood test', '60 EUR'], ['Room, 2 days', '480 EUR']])),
  'police-report.pdf': () => pdf('YOʻL-TRANSPORT HODISASI TOʻGʻRISIDA MAʼLUMOTNOMA / СПРАВКА О ДТП', ['№ YPX-2030-118. Toshkent, Amir Temur koʻchasi 12, 14:30.', '01A123BC va 01B456CD avtomobillari toʻqnashuvi.']),
  'discharge.pdf': () => pdf('DISCHARGE SUMMARY', ['Acibadem Hospital, Istanbul.', 'Patient: Aliyev Vali. Diagnosis: acute febrile illness; treated for two days.']),
  'x-ray-report.pdf': () => pdf('RENTGEN XULOSASI / РЕНТГЕНОЛОГИЧЕСКОЕ ЗАКЛЮЧЕНИЕ', ['Chap bilak suyagining siniqi. Gips bogʻlami, 4 hafta.']),
  'vet-report.pdf': () => pdf('VETERINARIYA XULOSASI', ['Itda oshqozon infeksiyasi; davolash 5 kun.']),
  'police-certificate.pdf': () => pdf('IIB MAʼLUMOTNOMASI / СПРАВКА ОВД', ['Fuqaro Aliyev Vali pasportining oʻgʻirlangani haqida ariza qabul qilindi.']),
  'termination-order.pdf': () => pdf('BUYRUQ / ПРИКАЗ № 41-k', ['Xodimlar sonining qisqarishi munosabati bilan Aliyev Vali bilan mehnat shartnomasi bekor qilinsin.']),
};

const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(name in samples));
if (unknown.length > 0) throw new Error(`no sample file ${unknown.join(', ')}; known: ${Object.keys(samples).join(', ')}`);
for (const name of asked.length > 0 ? asked : Object.keys(samples)) writeFileSync(`${dir}${name}`, await samples[name]?.() ?? Buffer.alloc(0));
await browser.close();
