/**
 * A PDF file written object by object, as text in PDF syntax and bytes of already encoded streams:
 * what a policy needs of a PDF library (a catalog, pages, fonts, content streams, document
 * information and the cross-reference table) without building an object graph to serialise, which
 * cost a policy more than drawing it.
 */

import { deflateSync } from 'node:zlib';

const encoder = new TextEncoder();

/**
 * A stream's data compressed for `/Filter /FlateDecode`, by Node's native zlib. Level 3 rather than
 * the default 6: a policy a tenth of a millisecond faster to write for 3 % more bytes (measured on
 * a one-page policy: 1.40 against 1.56 ms, 18.0 against 17.5 KB).
 */
export function flate(data: Uint8Array | string): Uint8Array {
  return deflateSync(data, { level: 3 });
}

/** `n 0 R`: a reference to object `n`. */
export const ref = (n: number) => `${n} 0 R`;

/** A PDF number: at most four decimals, never an exponent, so the same drawing is the same bytes. */
export function pdfNumber(value: number): string {
  return String(Math.round(value * 10_000) / 10_000);
}

/** A text string (document information): UTF-16BE with its byte order mark, in hex, so any script and any bracket is safe. */
export function pdfTextString(text: string): string {
  let hex = '<FEFF';
  for (let i = 0; i < text.length; i += 1) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `${hex}>`;
}

/** A date string, `(D:YYYYMMDDHHmmSSZ)`, in UTC. */
export function pdfDate(date: Date): string {
  return `(D:${date.toISOString().replace(/[-:T]/g, '').slice(0, 14)}Z)`;
}

// The binary comment tells transfer tools the file is binary (PDF 32000 §7.5.2).
const header = Uint8Array.from([...encoder.encode('%PDF-1.7\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]);

export class PdfWriter {
  /** Object n's bytes (`n 0 obj … endobj`) at index n − 1; empty while reserved. */
  readonly #objects: Uint8Array[][] = [];

  /** The number of an object to write later, so others can refer to it first (a page's parent). */
  reserve(): number {
    this.#objects.push([]);
    return this.#objects.length;
  }

  /** Writes `body` (a dictionary or any value in PDF syntax) as object `n`, a new one unless given; its number. */
  object(body: string, n = this.reserve()): number {
    this.#objects[n - 1] = [encoder.encode(`${n} 0 obj\n${body}\nendobj\n`)];
    return n;
  }

  /** Writes a stream: `entries` of its dictionary besides Length, and its data as it is stored (already filtered); its number. */
  stream(entries: string, data: Uint8Array, n = this.reserve()): number {
    this.#objects[n - 1] = [encoder.encode(`${n} 0 obj\n<< ${entries} /Length ${data.length} >>\nstream\n`), data, encoder.encode('\nendstream\nendobj\n')];
    return n;
  }

  /** The file: header, objects, cross-reference table, and the trailer naming the catalog and the document information. */
  bytes(catalog: number, info: number): Uint8Array {
    const offsets: number[] = [];
    let size = header.length;
    for (const [i, parts] of this.#objects.entries()) {
      if (parts.length === 0) throw new Error(`PDF object ${i + 1} reserved but never written`);
      offsets.push(size);
      for (const part of parts) size += part.length;
    }
    const count = this.#objects.length + 1;
    // Each entry is exactly 20 bytes: ten-digit offset, generation, keyword, two-character end of line.
    const xref = `xref\n0 ${count}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('')}`;
    const tail = encoder.encode(`${xref}trailer\n<< /Size ${count} /Root ${ref(catalog)} /Info ${ref(info)} >>\nstartxref\n${size}\n%%EOF\n`);
    const file = new Uint8Array(size + tail.length);
    file.set(header, 0);
    let at = header.length;
    for (const parts of this.#objects) {
      for (const part of parts) {
        file.set(part, at);
        at += part.length;
      }
    }
    file.set(tail, at);
    return file;
  }
}
