/**
 * First-load JavaScript read from the Vite build manifest (`dist/site/.vite/manifest.json`): a page's
 * entry chunk with every static import it pulls in, plus what the page loads before it is usable
 * (a flow page: its island's entry, the product's definition and its message catalogs). Used by the
 * budgets spec (fails above the budget) and the bundle-size benchmark (prints). Needs `npm run build`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const root = process.cwd();
const dist = join(root, 'dist/site');

export function readBuildManifest(): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/** Files a chunk loads eagerly: itself and its static imports, transitively (added to `seen`). */
export function eagerFiles(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) eagerFiles(manifest, imported, seen);
  return seen;
}

/** The gzipped size (level 9) of the JavaScript files among `files`, in KB. */
export function gzipKb(files: Iterable<string>): number {
  return [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0) / 1024;
}

/** The scripts a prerendered page's HTML names (module scripts and preloads), or null when it was not prerendered. */
export function prerenderedScripts(relativeFile: string): string[] | null {
  const file = join(dist, 'prerendered', relativeFile);
  if (!existsSync(file)) return null;
  return [...readFileSync(file, 'utf8').matchAll(/<script[^>]*src="\/([^"]+)"|<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] ?? m[2] ?? '');
}

/** The product folders (those with a product.ts). */
export function productIds(): string[] {
  return readdirSync(join(root, 'products'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(root, 'products', entry.name, 'product.ts')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * A product's flow page: the island's entry (site/flow-main.tsx), the definition with its step
 * schemas and validators, and the catalogs the flow shows in `lang` (`messages`: the areas its
 * manifest borrows).
 */
export function flowFiles(manifest: Record<string, ManifestChunk>, id: string, messages: readonly string[], lang = 'en'): Set<string> {
  const files = eagerFiles(manifest, 'flow-main.tsx');
  eagerFiles(manifest, `../products/${id}/definition.ts`, files);
  for (const area of ['site', 'engine', id, ...messages]) eagerFiles(manifest, `../locales/${lang}/${area}.po`, files);
  return files;
}

/** The message areas a product's manifest borrows (`messages` of its product.ts). */
export async function borrowedMessages(id: string): Promise<readonly string[]> {
  const manifest = (await import(pathToFileURL(join(root, 'products', id, 'product.ts')).href)) as { default: { messages?: readonly string[] } };
  return manifest.default.messages ?? [];
}
