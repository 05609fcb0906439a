import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { maxPhotoSide, maxSourceBytes, prepareFile, type PhotoCodec } from './prepare';

const fixture = (name: string, as = name) => new File([readFileSync(new URL(`../../tests/fixtures/${name}`, import.meta.url))], as);
const photos = { types: ['image/jpeg', 'image/png', 'image/webp'], maxBytes: 10 * 1024 * 1024 };
const documents = { types: [...photos.types, 'application/pdf'], maxBytes: 10 * 1024 * 1024 };

/** A codec that answers a small JPEG and records what it was asked. */
function fakeCodec(answer: () => Promise<Blob> = async () => new Blob([new Uint8Array(1234)], { type: 'image/jpeg' })) {
  const downscale = vi.fn<PhotoCodec['downscale']>(answer);
  return { downscale };
}

describe('preparing a chosen file', () => {
  it('redraws a photo at most 2000 px on its long side as a JPEG named .jpg, saying each stage', async () => {
    const codec = fakeCodec();
    const stages: string[] = [];
    const prepared = await prepareFile(fixture('round-transparent.png', 'Screenshot 2026.PNG'), photos, { codec, onStage: (stage) => stages.push(stage) });
    expect(codec.downscale).toHaveBeenCalledWith(expect.any(File), maxPhotoSide);
    expect(stages).toEqual(['reading', 'resizing']);
    if (!('ref' in prepared)) throw new Error(`refused: ${prepared.problem}`);
    expect(prepared.ref).toEqual({ id: expect.stringMatching(/^[0-9a-f]{32}$/), name: 'Screenshot 2026.jpg', type: 'image/jpeg', size: 1234 });
    expect(prepared.blob.size).toBe(1234);
  });

  it('keeps a PDF as it is', async () => {
    const codec = fakeCodec();
    const file = fixture('salary-certificate.pdf', 'spravka.pdf');
    const prepared = await prepareFile(file, documents, { codec });
    expect(codec.downscale).not.toHaveBeenCalled();
    expect(prepared).toEqual({ ref: { id: expect.any(String), name: 'spravka.pdf', type: 'application/pdf', size: file.size }, blob: file });
  });

  it('refuses by content: a program named .jpg, an empty file, a PDF where photos go', async () => {
    const program = new File([new Uint8Array([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0])], 'cat.jpg', { type: 'image/jpeg' });
    expect(await prepareFile(program, photos, { codec: fakeCodec() })).toEqual({ problem: 'type' });
    expect(await prepareFile(new File([], 'cat.jpg'), photos, { codec: fakeCodec() })).toEqual({ problem: 'empty' });
    expect(await prepareFile(fixture('salary-certificate.pdf'), photos, { codec: fakeCodec() })).toEqual({ problem: 'type' });
  });

  it('refuses a decompression bomb before decoding it', async () => {
    const codec = fakeCodec();
    const header = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0xc3, 0x50, 0, 0, 0xc3, 0x50, 8, 6, 0, 0, 0];
    expect(await prepareFile(new File([new Uint8Array(header)], 'bomb.png'), photos, { codec })).toEqual({ problem: 'dimensions' });
    expect(codec.downscale).not.toHaveBeenCalled();
  });

  it('measures a photo after making it smaller, and a PDF as it is', async () => {
    const big = new File([readFileSync(new URL('../../tests/fixtures/pet-face.jpg', import.meta.url)), new Uint8Array(12 * 1024 * 1024)], 'big.jpg');
    expect('ref' in (await prepareFile(big, photos, { codec: fakeCodec() }))).toBe(true);
    const huge = new File([readFileSync(new URL('../../tests/fixtures/pet-face.jpg', import.meta.url)), new Uint8Array(maxSourceBytes)], 'huge.jpg');
    expect(await prepareFile(huge, photos, { codec: fakeCodec() })).toEqual({ problem: 'size' });
    const stillBig = fakeCodec(async () => new Blob([new Uint8Array(photos.maxBytes + 1)]));
    expect(await prepareFile(fixture('pet-face.jpg'), photos, { codec: stillBig })).toEqual({ problem: 'size' });
    const bigPdf = new File([readFileSync(new URL('../../tests/fixtures/salary-certificate.pdf', import.meta.url)), new Uint8Array(documents.maxBytes)], 'big.pdf');
    expect(await prepareFile(bigPdf, documents, { codec: fakeCodec() })).toEqual({ problem: 'size' });
  });

  it('says a photo the browser cannot decode is unreadable', async () => {
    const failing = fakeCodec(() => Promise.reject(new Error('The source image could not be decoded.')));
    expect(await prepareFile(fixture('pet-side.jpg'), photos, { codec: failing })).toEqual({ problem: 'unreadable' });
  });
});
