import type { FileRef } from '../definition';
import { cleanFileName, headBytes, inspectFile, sniffType, tailBytes, type FileProblem, type FileRule } from './content';
import { randomId } from './draft-files';

/**
 * What happens to a file the visitor chose before the flow keeps it: its content is inspected
 * (type by its bytes, size, an image's declared size), and a photo is redrawn at most
 * `maxPhotoSide` pixels on its long side, upright as its EXIF orientation says, as a JPEG — small
 * enough for a phone's uplink, and without the metadata a camera writes (the place it was taken).
 */

/** The long side of a photo once the page has made it smaller. */
export const maxPhotoSide = 2000;
/** The largest photo the page reads at all: it is made smaller, so it may exceed the field's own limit. */
export const maxSourceBytes = 40 * 1024 * 1024;
const jpegQuality = 0.85;

/** Where preparation stands (the widget's progress bar). */
export type PrepareStage = 'reading' | 'resizing' | 'keeping';

/** Redraws a photo; tests and stories may give their own. */
export interface PhotoCodec {
  /** The photo upright, its long side at most `maxSide`, as a JPEG; rejects when it cannot be decoded. */
  downscale(blob: Blob, maxSide: number): Promise<Blob>;
}

/** The browser's: `createImageBitmap` (which applies the EXIF orientation) drawn on a canvas. */
export const canvasCodec: PhotoCodec = {
  async downscale(blob, maxSide) {
    const bitmap = await createImageBitmap(blob, { imageOrientation: 'from-image' });
    try {
      const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
      const width = Math.max(1, Math.round(bitmap.width * scale));
      const height = Math.max(1, Math.round(bitmap.height * scale));
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no 2D canvas');
      // A transparent PNG on white, not on the black a JPEG would give its see-through pixels.
      context.fillStyle = '#fff';
      context.fillRect(0, 0, width, height);
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, width, height);
      return await new Promise<Blob>((resolve, reject) => {
        canvas.toBlob((result) => (result ? resolve(result) : reject(new Error('the photo could not be encoded'))), 'image/jpeg', jpegQuality);
      });
    } finally {
      bitmap.close();
    }
  },
};

export type Prepared = { ref: FileRef; blob: Blob } | { problem: FileProblem };

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());

/**
 * A chosen file made ready to keep: the FileRef and the bytes to send, or the problem that refuses
 * it. Photos (JPEG, PNG, WebP) are redrawn when the rule accepts JPEG; a PDF is kept as it is.
 */
export async function prepareFile(file: File, rule: FileRule, options: { codec?: PhotoCodec; onStage?: (stage: PrepareStage) => void } = {}): Promise<Prepared> {
  const { codec = canvasCodec, onStage } = options;
  onStage?.('reading');
  const head = await bytesOf(file.slice(0, headBytes));
  const tail = await bytesOf(file.slice(Math.max(0, file.size - tailBytes)));
  // A photo is measured after it is made smaller; anything else as it is.
  const photo = rule.types.includes('image/jpeg') && sniffType(head)?.startsWith('image/') === true;
  const first = inspectFile({ size: file.size, head, tail }, rule, { sizeChecked: !photo });
  if (first.problem) return { problem: first.problem };
  if (photo && file.size > maxSourceBytes) return { problem: 'size' };
  let blob: Blob = file;
  let type = first.type ?? '';
  if (photo) {
    onStage?.('resizing');
    try {
      blob = await codec.downscale(file, maxPhotoSide);
    } catch {
      return { problem: 'unreadable' };
    }
    type = 'image/jpeg';
    if (blob.size > rule.maxBytes) return { problem: 'size' };
  }
  const ref: FileRef = { id: randomId(), name: cleanFileName(file.name, photo ? 'jpg' : undefined), type, size: blob.size };
  return { ref, blob };
}
