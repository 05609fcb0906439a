import { createHash } from 'node:crypto';
import { flate, pdfNumber, ref, type PdfWriter } from './pdf-writer';

/** A composite glyph's parts: the glyphs it is drawn from and where their ids sit in its bytes. */
export interface Components {
  glyphs: number[];
  offsets: number[];
}

const u16 = (bytes: Uint8Array, at: number) => (bytes[at]! << 8) | bytes[at + 1]!;
const i16 = (bytes: Uint8Array, at: number) => (u16(bytes, at) << 16) >> 16;
const u32 = (bytes: Uint8Array, at: number) => ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;

/** TrueType's checksum: the sum of the table as big-endian 32-bit words, zero-padded. */
function checksum(bytes: Uint8Array): number {
  let sum = 0;
  const whole = bytes.length & ~3;
  for (let at = 0; at < whole; at += 4) sum = (sum + u32(bytes, at)) >>> 0;
  if (whole < bytes.length) {
    const tail = new Uint8Array(4);
    tail.set(bytes.subarray(whole));
    sum = (sum + u32(tail, 0)) >>> 0;
  }
  return sum;
}

/** The glyph ids of a composite glyph's components (glyf flags per the OpenType spec). */
function componentsOf(glyph: Uint8Array): Components {
  const parts: Components = { glyphs: [], offsets: [] };
  let at = 10;
  for (;;) {
    const flags = u16(glyph, at);
    parts.offsets.push(at + 2);
    parts.glyphs.push(u16(glyph, at + 2));
    at += 4 + (flags & 0x0001 ? 4 : 2);
    if (flags & 0x0008) at += 2;
    else if (flags & 0x0040) at += 4;
    else if (flags & 0x0080) at += 8;
    if (!(flags & 0x0020)) return parts;
  }
}

/** Code point → glyph id from a format 4 (BMP) subtable. */
function readCmap4(bytes: Uint8Array, at: number, into: Map<number, number>): void {
  const segments = u16(bytes, at + 6) / 2;
  const ends = at + 14;
  const starts = ends + 2 * segments + 2;
  const deltas = starts + 2 * segments;
  const rangeOffsets = deltas + 2 * segments;
  for (let s = 0; s < segments; s += 1) {
    const start = u16(bytes, starts + 2 * s);
    const end = u16(bytes, ends + 2 * s);
    const delta = u16(bytes, deltas + 2 * s);
    const rangeOffset = u16(bytes, rangeOffsets + 2 * s);
    for (let code = start; code <= end && code !== 0xffff; code += 1) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const id = u16(bytes, rangeOffsets + 2 * s + rangeOffset + 2 * (code - start));
        glyph = id === 0 ? 0 : (id + delta) & 0xffff;
      }
      if (glyph !== 0) into.set(code, glyph);
    }
  }
}

/**
 * The character set for `char`: control characters (a line break typed into a name) as spaces, so
 * a policy line never breaks inside a value and measures as it is drawn.
 */
const shownChar = (char: string) => {
  const codePoint = char.codePointAt(0) ?? 0;
  return codePoint < 0x20 || (codePoint >= 0x7f && codePoint < 0xa0) ? ' ' : char;
};

/** The text a PDF's ToUnicode maps a glyph back to, as UTF-16BE hex. */
const utf16Hex = (text: string) =>
  Array.from({ length: text.length }, (_, i) => text.charCodeAt(i).toString(16).padStart(4, '0')).join('');

/**
 * A TrueType font read once per process: its glyph map, advances and raw glyph outlines, so that
 * embedding it in a document is copying the glyphs that document shows (`FontSubset`) instead of
 * parsing and subsetting the font again, which was most of a policy PDF's rendering time.
 */
export class TrueTypeFont {
  readonly postScriptName: string;
  readonly unitsPerEm: number;
  readonly #tables = new Map<string, Uint8Array>();
  readonly #glyphOf = new Map<number, number>();
  readonly #advances: number[] = [];
  readonly #leftBearings: number[] = [];
  readonly #glyphs: Uint8Array[] = [];
  readonly #components = new Map<number, Components>();
  /** FontDescriptor values in PDF glyph space (1000 units per em). */
  readonly metrics: { bbox: [number, number, number, number]; ascent: number; descent: number };

  constructor(bytes: Uint8Array, postScriptName: string) {
    this.postScriptName = postScriptName;
    const count = u16(bytes, 4);
    for (let i = 0; i < count; i += 1) {
      const entry = 12 + 16 * i;
      const tag = String.fromCharCode(...bytes.subarray(entry, entry + 4));
      const offset = u32(bytes, entry + 8);
      this.#tables.set(tag, bytes.subarray(offset, offset + u32(bytes, entry + 12)));
    }
    const head = this.#table('head');
    const hhea = this.#table('hhea');
    const hmtx = this.#table('hmtx');
    const loca = this.#table('loca');
    const glyf = this.#table('glyf');
    this.unitsPerEm = u16(head, 18);
    const longLoca = i16(head, 50) === 1;
    const glyphCount = u16(this.#table('maxp'), 4);
    const longMetrics = u16(hhea, 34);
    const scale = 1000 / this.unitsPerEm;
    this.metrics = {
      bbox: [i16(head, 36) * scale, i16(head, 38) * scale, i16(head, 40) * scale, i16(head, 42) * scale],
      ascent: i16(hhea, 4) * scale,
      descent: i16(hhea, 6) * scale,
    };
    for (let glyph = 0; glyph < glyphCount; glyph += 1) {
      const metric = Math.min(glyph, longMetrics - 1);
      this.#advances.push(u16(hmtx, 4 * metric));
      this.#leftBearings.push(glyph < longMetrics ? i16(hmtx, 4 * glyph + 2) : i16(hmtx, 4 * longMetrics + 2 * (glyph - longMetrics)));
      const start = longLoca ? u32(loca, 4 * glyph) : 2 * u16(loca, 2 * glyph);
      const end = longLoca ? u32(loca, 4 * glyph + 4) : 2 * u16(loca, 2 * glyph + 2);
      const outline = glyf.subarray(start, end);
      this.#glyphs.push(outline);
      if (outline.length > 0 && i16(outline, 0) < 0) this.#components.set(glyph, componentsOf(outline));
    }
    // A program embedded in a PDF has no cmap: its glyphs are addressed by id.
    const cmap = this.#tables.get('cmap');
    if (!cmap) return;
    // Windows Unicode BMP (3, 1), else Unicode (0, *): every font a PDF embeds for text has one.
    const subtables = Array.from({ length: u16(cmap, 2) }, (_, i) => ({ platform: u16(cmap, 4 + 8 * i), encoding: u16(cmap, 6 + 8 * i), offset: u32(cmap, 8 + 8 * i) }));
    const unicode = subtables.find((s) => s.platform === 3 && s.encoding === 1) ?? subtables.find((s) => s.platform === 0);
    if (!unicode || u16(cmap, unicode.offset) !== 4) throw new Error(`${postScriptName}: no format 4 Unicode cmap`);
    readCmap4(cmap, unicode.offset, this.#glyphOf);
  }

  #table(tag: string): Uint8Array {
    const table = this.#tables.get(tag);
    if (!table) throw new Error(`${this.postScriptName}: no ${tag} table`);
    return table;
  }

  /** The glyph of a code point; 0 (.notdef, drawn as a box) when the font has none. */
  glyphOf(codePoint: number): number {
    return this.#glyphOf.get(codePoint) ?? 0;
  }

  advanceOf(glyph: number): number {
    return this.#advances[glyph] ?? 0;
  }

  leftBearingOf(glyph: number): number {
    return this.#leftBearings[glyph] ?? 0;
  }

  /** The glyph's outline as the glyf table holds it (empty for a blank glyph). */
  outlineOf(glyph: number): Uint8Array {
    return this.#glyphs[glyph] ?? new Uint8Array(0);
  }

  /** The parts of a composite glyph; undefined for a simple one. */
  partsOf(glyph: number): Components | undefined {
    return this.#components.get(glyph);
  }

  /** A copy of a table to patch. */
  tableCopy(tag: 'head' | 'hhea' | 'maxp'): Uint8Array {
    return Uint8Array.from(this.#table(tag));
  }

  /** Width of `text` set at `size` points: its glyphs' advances, without kerning. */
  widthOfTextAtSize(text: string, size: number): number {
    let units = 0;
    for (const char of text) units += this.advanceOf(this.glyphOf(shownChar(char).codePointAt(0) ?? 0));
    return (units * size) / this.unitsPerEm;
  }

  /** Per document: the glyphs it shows, numbered from 1 in order of first use. */
  newSubset(): FontSubset {
    return new FontSubset(this);
  }
}

/**
 * The glyphs one document shows of a `TrueTypeFont`: `encode` gives text as glyph ids of this
 * subset (numbered as they are first used, so the embedded font stays as small as the text needs),
 * `embed` writes the font objects of those glyphs into the document.
 */
export class FontSubset {
  readonly #font: TrueTypeFont;
  /** New id → the font's glyph; id 0 is .notdef, as TrueType requires. */
  readonly #used: number[] = [0];
  readonly #idOf = new Map<number, number>([[0, 0]]);
  /** New id → the text it was first used for (ToUnicode). */
  readonly #text: (string | undefined)[] = [undefined];

  constructor(font: TrueTypeFont) {
    this.#font = font;
  }

  #idFor(glyph: number, text: string | undefined): number {
    let id = this.#idOf.get(glyph);
    if (id === undefined) {
      id = this.#used.length;
      this.#used.push(glyph);
      this.#text.push(text);
      this.#idOf.set(glyph, id);
    }
    return id;
  }

  /** `text` as a PDF hex string of this subset's glyph ids, for `Tj` (control characters as spaces). */
  encode(text: string): string {
    let hex = '<';
    for (const char of text) {
      const shown = shownChar(char);
      hex += this.#idFor(this.#font.glyphOf(shown.codePointAt(0) ?? 0), shown).toString(16).padStart(4, '0');
    }
    return `${hex}>`;
  }

  /** The TrueType program of the used glyphs (and the parts of composite ones), renumbered. */
  #program(): Uint8Array {
    // Parts of composite glyphs join the subset at the end; the loop reaches them as it grows.
    for (let id = 0; id < this.#used.length; id += 1) {
      for (const part of this.#font.partsOf(this.#used[id]!)?.glyphs ?? []) this.#idFor(part, undefined);
    }
    const count = this.#used.length;
    const outlines = this.#used.map((glyph) => {
      const outline = this.#font.outlineOf(glyph);
      const parts = this.#font.partsOf(glyph);
      if (!parts) return outline;
      const copy = Uint8Array.from(outline);
      parts.offsets.forEach((at, i) => {
        const id = this.#idOf.get(parts.glyphs[i]!) ?? 0;
        copy[at] = id >> 8;
        copy[at + 1] = id & 0xff;
      });
      return copy;
    });
    const glyfLength = outlines.reduce((sum, outline) => sum + ((outline.length + 3) & ~3), 0);
    const glyf = new Uint8Array(glyfLength);
    const loca = new DataView(new ArrayBuffer(4 * (count + 1)));
    let offset = 0;
    outlines.forEach((outline, id) => {
      loca.setUint32(4 * id, offset);
      glyf.set(outline, offset);
      offset += (outline.length + 3) & ~3;
    });
    loca.setUint32(4 * count, offset);
    const hmtx = new DataView(new ArrayBuffer(4 * count));
    this.#used.forEach((glyph, id) => {
      hmtx.setUint16(4 * id, this.#font.advanceOf(glyph));
      hmtx.setInt16(4 * id + 2, this.#font.leftBearingOf(glyph));
    });
    const head = this.#font.tableCopy('head');
    const hhea = this.#font.tableCopy('hhea');
    const maxp = this.#font.tableCopy('maxp');
    const headView = new DataView(head.buffer);
    // checkSumAdjustment counts as 0 in the table checksums; it is set once the file is whole.
    headView.setUint32(8, 0);
    // Long loca offsets: any glyf length, no halving.
    headView.setInt16(50, 1);
    new DataView(hhea.buffer).setUint16(34, count);
    new DataView(maxp.buffer).setUint16(4, count);
    // The tables a PDF's TrueType program needs (PDF 32000 §9.9; no cmap: glyphs are addressed by id), in tag order.
    const tables: [string, Uint8Array][] = [
      ['glyf', glyf],
      ['head', head],
      ['hhea', hhea],
      ['hmtx', new Uint8Array(hmtx.buffer)],
      ['loca', new Uint8Array(loca.buffer)],
      ['maxp', maxp],
    ];
    const directory = 12 + 16 * tables.length;
    const size = tables.reduce((sum, [, table]) => sum + ((table.length + 3) & ~3), directory);
    const program = new Uint8Array(size);
    const view = new DataView(program.buffer);
    view.setUint32(0, 0x00010000);
    view.setUint16(4, tables.length);
    // searchRange, entrySelector, rangeShift of 6 tables: 4 · 16, log2(4), 6 · 16 − 64.
    view.setUint16(6, 64);
    view.setUint16(8, 2);
    view.setUint16(10, tables.length * 16 - 64);
    let at = directory;
    let headAt = 0;
    tables.forEach(([tag, table], i) => {
      const entry = 12 + 16 * i;
      for (let c = 0; c < 4; c += 1) program[entry + c] = tag.charCodeAt(c);
      view.setUint32(entry + 4, checksum(table));
      view.setUint32(entry + 8, at);
      view.setUint32(entry + 12, table.length);
      program.set(table, at);
      if (tag === 'head') headAt = at;
      at += (table.length + 3) & ~3;
    });
    view.setUint32(headAt + 8, (0xb1b0afba - checksum(program)) >>> 0);
    return program;
  }

  #toUnicode(): string {
    const entries = this.#text.flatMap((text, id) => (text === undefined || id === 0 ? [] : [`<${id.toString(16).padStart(4, '0')}> <${utf16Hex(text)}>`]));
    const blocks: string[] = [];
    // A bfchar block holds at most 100 entries.
    for (let i = 0; i < entries.length; i += 100) {
      const block = entries.slice(i, i + 100);
      blocks.push(`${block.length} beginbfchar\n${block.join('\n')}\nendbfchar`);
    }
    return [
      '/CIDInit /ProcSet findresource begin',
      '12 dict begin',
      'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def',
      '/CMapType 2 def',
      '1 begincodespacerange\n<0000> <ffff>\nendcodespacerange',
      ...blocks,
      'endcmap',
      'CMapName currentdict /CMap defineresource pop',
      'end',
      'end',
    ].join('\n');
  }

  /** Writes the Type0 font of this subset (program, widths, ToUnicode) into `pdf`; its object number. */
  embed(pdf: PdfWriter): number {
    const program = this.#program();
    // A subset's name starts with six capitals naming its glyphs (PDF 32000 §9.6.4); derived from them, so a policy always renders the same bytes.
    const digest = createHash('sha256').update(Uint16Array.from(this.#used)).digest();
    const tag = Array.from(digest.subarray(0, 6), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
    const baseFont = `/${tag}+${this.#font.postScriptName}`;
    const { bbox, ascent, descent } = this.#font.metrics;
    const fontFile = pdf.stream(`/Filter /FlateDecode /Length1 ${program.length}`, flate(program));
    // Symbolic (flags 4): glyphs are addressed by id, not by a standard encoding.
    const descriptor = pdf.object(
      `<< /Type /FontDescriptor /FontName ${baseFont} /Flags 4 /FontBBox [${bbox.map(pdfNumber).join(' ')}] /ItalicAngle 0 ` +
        `/Ascent ${pdfNumber(ascent)} /Descent ${pdfNumber(descent)} /CapHeight ${pdfNumber(ascent)} /StemV 0 /FontFile2 ${ref(fontFile)} >>`,
    );
    const scale = 1000 / this.#font.unitsPerEm;
    const widths = this.#used.map((glyph) => pdfNumber(this.#font.advanceOf(glyph) * scale)).join(' ');
    const cidFont = pdf.object(
      `<< /Type /Font /Subtype /CIDFontType2 /BaseFont ${baseFont} /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> ` +
        `/FontDescriptor ${ref(descriptor)} /CIDToGIDMap /Identity /W [0 [${widths}]] >>`,
    );
    const toUnicode = pdf.stream('/Filter /FlateDecode', flate(this.#toUnicode()));
    return pdf.object(`<< /Type /Font /Subtype /Type0 /BaseFont ${baseFont} /Encoding /Identity-H /DescendantFonts [${ref(cidFont)}] /ToUnicode ${ref(toUnicode)} >>`);
  }
}
