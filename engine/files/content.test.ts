import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cleanFileName, headBytes, imageDimensions, inspectFile, maxImagePixels, sniffType, tailBytes } from './content';
import { formatBytes } from './file-kinds';

const fixture = (name: string) => new Uint8Array(readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url)));
const bytes = (...parts: (string | number[])[]) => new Uint8Array(parts.flatMap((part) => (typeof part === 'string' ? [...part].map((c) => c.charCodeAt(0)) : part)));
const le16 = (n: number) => [n & 0xff, n >> 8];
const le24 = (n: number) => [n & 0xff, (n >> 8) & 0xff, n >> 16];
const be32 = (n: number) => [n >>> 24, (n >> 16) & 0xff, (n >> 8) & 0xff, n & 0xff];

const png = (width: number, height: number) => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], be32(13), 'IHDR', be32(width), be32(height), [8, 6, 0, 0, 0]);
const webpLossy = (width: number, height: number) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8 ', [0, 0, 0, 0], [0x30, 0x01, 0x00], [0x9d, 0x01, 0x2a], le16(width), le16(height));
const webpLossless = (width: number, height: number) => {
  const w = width - 1;
  const h = height - 1;
  return bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8L', [0, 0, 0, 0], [0x2f], [w & 0xff, ((w >> 8) & 0x3f) | ((h & 0x3) << 6), (h >> 2) & 0xff, (h >> 10) & 0x0f]);
};
const webpExtended = (width: number, height: number) => bytes('RIFF', [0, 0, 0, 0], 'WEBP', 'VP8X', [10, 0, 0, 0], [0, 0, 0, 0], le24(width - 1), le24(height - 1));
const gif = (width: number, height: number) => bytes('GIF89a', le16(width), le16(height));

const photos = { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 10 * 1024 * 1024 };
const documents = { types: [...photos.types, 'application/pdf'], maxBytes: 10 * 1024 * 1024 };
const whole = (data: Uint8Array) => ({ size: data.length, head: data.subarray(0, headBytes), tail: data.subarray(Math.max(0, data.length - tailBytes)) });

describe('what a file is, by its bytes', () => {
  it('knows images, PDFs, archives and programs by their first bytes, whatever they are called', () => {
    expect(sniffType(fixture('pet-face.jpg'))).toBe('image/jpeg');
    expect(sniffType(fixture('round-transparent.png'))).toBe('image/png');
    expect(sniffType(fixture('salary-certificate.pdf'))).toBe('application/pdf');
    expect(sniffType(webpLossy(10, 10))).toBe('image/webp');
    expect(sniffType(gif(1, 1))).toBe('image/gif');
    expect(sniffType(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBe('image/heic');
    expect(sniffType(bytes('PK', [3, 4]))).toBe('application/zip');
    expect(sniffType(bytes('MZ', [0x90, 0]))).toBe('application/vnd.microsoft.portable-executable');
    expect(sniffType(bytes([0x7f], 'ELF'))).toBe('application/x-elf');
    expect(sniffType(bytes('#!/bin/sh'))).toBe('text/x-shellscript');
    expect(sniffType(bytes('hello'))).toBeNull();
    expect(sniffType(new Uint8Array())).toBeNull();
  });

  it('reads the size an image declares before anything is decoded', () => {
    expect(imageDimensions('image/jpeg', fixture('pet-face.jpg'))).toEqual({ width: 1200, height: 900 });
    // Stored on its side: the header gives the stored size; EXIF turns it when it is drawn.
    expect(imageDimensions('image/jpeg', fixture('tall-photo-exif-6.jpg'))).toEqual({ width: 3000, height: 2000 });
    expect(imageDimensions('image/png', fixture('round-transparent.png'))).toEqual({ width: 400, height: 400 });
    expect(imageDimensions('image/png', png(50_000, 50_000))).toEqual({ width: 50_000, height: 50_000 });
    expect(imageDimensions('image/webp', webpLossy(640, 480))).toEqual({ width: 640, height: 480 });
    expect(imageDimensions('image/webp', webpLossless(1234, 777))).toEqual({ width: 1234, height: 777 });
    expect(imageDimensions('image/webp', webpExtended(16_383, 16_383))).toEqual({ width: 16_383, height: 16_383 });
    expect(imageDimensions('image/gif', gif(320, 200))).toEqual({ width: 320, height: 200 });
    // A JPEG whose image data starts before any frame header, or that is cut off in its metadata.
    expect(imageDimensions('image/jpeg', bytes([0xff, 0xd8, 0xff, 0xda, 0, 4, 0, 0]))).toBeNull();
    expect(imageDimensions('image/jpeg', fixture('pet-face.jpg').subarray(0, 8))).toBeNull();
  });
});

describe('inspecting a file against a rule', () => {
  it('accepts the sample photos and the PDF where they are taken', () => {
    expect(inspectFile(whole(fixture('pet-face.jpg')), photos)).toEqual({ type: 'image/jpeg', dimensions: { width: 1200, height: 900 }, problem: null });
    expect(inspectFile(whole(fixture('salary-certificate.pdf')), documents)).toMatchObject({ type: 'application/pdf', problem: null });
  });

  it('refuses the empty, the wrong type, the too large, the bomb and the cut-off', () => {
    expect(inspectFile(whole(new Uint8Array()), photos).problem).toBe('empty');
    expect(inspectFile(whole(fixture('salary-certificate.pdf')), photos).problem).toBe('type');
    expect(inspectFile(whole(bytes('MZ', [0x90, 0, 3, 0])), documents).problem).toBe('type');
    expect(inspectFile(whole(bytes([0, 0, 0, 0x18], 'ftypheic')), photos)).toMatchObject({ type: 'image/heic', problem: 'type' });
    expect(inspectFile({ ...whole(fixture('pet-face.jpg')), size: photos.maxBytes + 1 }, photos).problem).toBe('size');
    expect(inspectFile(whole(png(50_000, 50_000)), photos)).toEqual({ type: 'image/png', dimensions: { width: 50_000, height: 50_000 }, problem: 'dimensions' });
    expect(inspectFile(whole(png(10_000, 10_000)), photos).problem).toBeNull();
    expect(10_001 * 10_000).toBeGreaterThan(maxImagePixels);
    expect(inspectFile(whole(png(10_001, 10_000)), photos).problem).toBe('dimensions');
    expect(inspectFile(whole(png(0, 10)), photos).problem).toBe('unreadable');
    const pdf = fixture('salary-certificate.pdf');
    expect(inspectFile(whole(pdf.subarray(0, pdf.length - 200)), documents).problem).toBe('unreadable');
  });

  it('leaves the size to the caller when asked (a photo the page makes smaller first)', () => {
    expect(inspectFile({ ...whole(fixture('pet-face.jpg')), size: 30 * 1024 * 1024 }, photos, { sizeChecked: false }).problem).toBeNull();
  });
});

describe('file names and sizes', () => {
  it('keeps a name without folders, control characters or broken text, and gives a redrawn photo its extension', () => {
    expect(cleanFileName('C:\\Users\\vali\\IMG_0042.HEIC', 'jpg')).toBe('IMG_0042.jpg');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\u001fc\uD800.pdf')).toBe('abc.pdf');
    expect(cleanFileName('   ')).toBe('file');
    expect([...cleanFileName('😺'.repeat(200))]).toHaveLength(120);
    expect(cleanFileName('😺'.repeat(200))).not.toMatch(/[\uD800-\uDBFF]$/);
  });

  it('says sizes as a limit is read', () => {
    expect(formatBytes(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatBytes(1_572_864)).toBe('1.5 MB');
    expect(formatBytes(300 * 1024)).toBe('300 KB');
    expect(formatBytes(10)).toBe('1 KB');
  });
});
