/**
 * What a file holds, read from its bytes — never from its name or from the type a browser or a
 * client claims for it. The file widget checks a chosen file with it before keeping it, and the
 * server checks every uploaded part with it before storing it, so both refuse the same files for
 * the same reasons. Pure (bytes in, facts out): no DOM, no Node.
 */

/** Why a file is refused; each has a message `engine.file.problem.<reason>` and is the `reason` of the server's 4xx. */
export type FileProblem = 'empty' | 'type' | 'size' | 'dimensions' | 'unreadable';

/** What a field accepts: the content types (as sniffed) and the most bytes. */
export interface FileRule {
  types: readonly string[];
  maxBytes: number;
}

/**
 * The largest image, in pixels, either side decodes: 100 megapixels is more than any phone saves by
 * default (12–50 MP), while a decompression bomb (a small PNG declaring 50 000 × 50 000, 2.5 Gpx,
 * 10 GB once decoded) is far above it.
 */
export const maxImagePixels = 100_000_000;

/**
 * Bytes of the start of a file that `inspectFile` reads: a JPEG's size sits after its metadata
 * segments (EXIF with a thumbnail, ICC profile, XMP), each up to 64 KB.
 */
export const headBytes = 512 * 1024;
/** Bytes of the end of a file that `inspectFile` reads (a PDF's end-of-file marker). */
export const tailBytes = 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

/** Signatures checked in order: what a file is, by its first bytes. */
const signatures: readonly { type: string; test: (head: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', test: (head) => startsWith(head, [0xff, 0xd8, 0xff]) },
  { type: 'image/png', test: (head) => startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { type: 'image/webp', test: (head) => startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8) },
  { type: 'image/gif', test: (head) => startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a')) },
  { type: 'application/pdf', test: (head) => startsWith(head, ascii('%PDF-')) },
  {
    type: 'image/heic',
    test: (head) => startsWith(head, ascii('ftyp'), 4) && ['heic', 'heix', 'hevc', 'mif1', 'msf1'].some((brand) => startsWith(head, ascii(brand), 8)),
  },
  { type: 'application/zip', test: (head) => startsWith(head, [0x50, 0x4b, 0x03, 0x04]) },
  // Programs named as pictures are the reason the type is read from the bytes.
  { type: 'application/vnd.microsoft.portable-executable', test: (head) => startsWith(head, ascii('MZ')) },
  { type: 'application/x-elf', test: (head) => startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) },
  { type: 'application/x-mach-binary', test: (head) => [[0xfe, 0xed, 0xfa, 0xce], [0xfe, 0xed, 0xfa, 0xcf], [0xce, 0xfa, 0xed, 0xfe], [0xcf, 0xfa, 0xed, 0xfe]].some((s) => startsWith(head, s)) },
  { type: 'text/x-shellscript', test: (head) => startsWith(head, ascii('#!')) },
];

/** The content type the first bytes of a file show, or null for an unknown kind. */
export function sniffType(head: Uint8Array): string | null {
  return signatures.find((signature) => signature.test(head))?.type ?? null;
}

export interface ImageDimensions {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, at: number) => ((b[at] ?? 0) << 8) | (b[at + 1] ?? 0);
const u16le = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, at: number) => u16le(b, at) | ((b[at + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, at: number) => (u16be(b, at) * 0x10000) + u16be(b, at + 2);

/** JPEG: the frame header (SOF0–SOF15 but DHT, JPG and DAC), found by walking the segments before the scan. */
function jpegDimensions(head: Uint8Array): ImageDimensions | null {
  let at = 2;
  while (at + 4 <= head.length) {
    if (head[at] !== 0xff) return null;
    const marker = head[at + 1] ?? 0;
    // Fill bytes before a marker.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    // Markers without a length: TEM and the restart markers.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    // The image data (SOS) or its end (EOI) before any frame header: no size to read.
    if (marker === 0xda || marker === 0xd9) return null;
    const length = u16be(head, at + 2);
    if (length < 2) return null;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      if (at + 9 > head.length) return null;
      return { height: u16be(head, at + 5), width: u16be(head, at + 7) };
    }
    at += 2 + length;
  }
  return null;
}

/** WebP: the lossy (VP8), lossless (VP8L) or extended (VP8X) header of its first chunk. */
function webpDimensions(head: Uint8Array): ImageDimensions | null {
  if (startsWith(head, ascii('VP8 '), 12) && startsWith(head, [0x9d, 0x01, 0x2a], 23)) {
    return { width: u16le(head, 26) & 0x3fff, height: u16le(head, 28) & 0x3fff };
  }
  if (startsWith(head, ascii('VP8L'), 12) && head[20] === 0x2f && head.length >= 25) {
    const b = (i: number) => head[21 + i] ?? 0;
    return { width: 1 + (((b(1) & 0x3f) << 8) | b(0)), height: 1 + (((b(3) & 0x0f) << 10) | (b(2) << 2) | ((b(1) & 0xc0) >> 6)) };
  }
  if (startsWith(head, ascii('VP8X'), 12) && head.length >= 30) {
    return { width: 1 + u24le(head, 24), height: 1 + u24le(head, 27) };
  }
  return null;
}

/** The size an image declares in its header (before anything is decoded), or null when the header cannot be read. */
export function imageDimensions(type: string, head: Uint8Array): ImageDimensions | null {
  switch (type) {
    case 'image/png':
      return startsWith(head, ascii('IHDR'), 12) && head.length >= 24 ? { width: u32be(head, 16), height: u32be(head, 20) } : null;
    case 'image/gif':
      return head.length >= 10 ? { width: u16le(head, 6), height: u16le(head, 8) } : null;
    case 'image/jpeg':
      return jpegDimensions(head);
    case 'image/webp':
      return webpDimensions(head);
    default:
      return null;
  }
}

/** A PDF ends with `%%EOF` (and perhaps line ends): one without it was cut off on its way. */
function pdfComplete(tail: Uint8Array): boolean {
  const text = String.fromCharCode(...tail.subarray(Math.max(0, tail.length - 64)));
  return /%%EOF\s*$/.test(text);
}

/** What `inspectFile` found: the sniffed type (null: unknown), an image's size, and the problem, if any. */
export interface FileInspection {
  type: string | null;
  dimensions: ImageDimensions | null;
  problem: FileProblem | null;
}

/**
 * Inspects a file by its size, its first `headBytes` and its last `tailBytes` against a rule:
 * empty; a type (by content) the rule does not accept; over the rule's size (unless `sizeChecked`
 * is false: a photo the page downscales is measured after that); an image whose header cannot be
 * read, or whose declared size is 0 or over `maxImagePixels`; a PDF cut off before its end.
 */
export function inspectFile(file: { size: number; head: Uint8Array; tail: Uint8Array }, rule: FileRule, options: { sizeChecked?: boolean } = {}): FileInspection {
  if (file.size === 0) return { type: null, dimensions: null, problem: 'empty' };
  const type = sniffType(file.head);
  if (type === null || !rule.types.includes(type)) return { type, dimensions: null, problem: 'type' };
  if ((options.sizeChecked ?? true) && file.size > rule.maxBytes) return { type, dimensions: null, problem: 'size' };
  if (type === 'application/pdf') return { type, dimensions: null, problem: pdfComplete(file.tail) ? null : 'unreadable' };
  if (!type.startsWith('image/')) return { type, dimensions: null, problem: null };
  const dimensions = imageDimensions(type, file.head);
  if (!dimensions || dimensions.width === 0 || dimensions.height === 0) return { type, dimensions, problem: 'unreadable' };
  if (dimensions.width * dimensions.height > maxImagePixels) return { type, dimensions, problem: 'dimensions' };
  return { type, dimensions, problem: null };
}

/**
 * A file's name as kept and sent: no folders, no control or NUL characters, no broken UTF-16, at
 * most 120 characters; with `extension` in place of its own when given (a photo redrawn as JPEG).
 */
export function cleanFileName(name: string, extension?: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/[\u0000-\u001f\u007f]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '')
    .trim();
  const stem = extension ? base.replace(/\.[^.]*$/, '') : base;
  // By code points: cutting between the halves of a surrogate pair would break the text.
  const kept = [...(stem || 'file')].slice(0, extension ? 115 : 120).join('');
  return extension ? `${kept}.${extension}` : kept;
}
