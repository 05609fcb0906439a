/**
 * How the file fields name what they take: the content types, by the names a visitor knows them by,
 * and sizes as a visitor reads a limit. Apart from the inspection of a file's bytes (content.ts), which
 * a page loads when a file is chosen.
 */

/** Content types the file widgets may accept, with the names a visitor knows them by. */
export const fileKinds: Readonly<Record<string, string>> = {
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/webp': 'WebP',
  'application/pdf': 'PDF',
};

/** `1.5 MB`, `300 KB`: a byte count as a visitor reads a limit. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
