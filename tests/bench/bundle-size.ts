/**
 * Prints the gzipped JavaScript each page type ships, read from the Vite build manifest:
 * the entry chunk plus every static import it pulls in, plus the route's own lazy chunks.
 * Targets (issue #7): home and content pages ≤ 70 KB, a flow page ≤ 160 KB.
 * Run after `npm run build`: `npx tsx tests/bench/bundle-size.ts`.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  src?: string;
}

const dist = join(process.cwd(), 'dist/site');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;

/** Files a chunk loads eagerly: itself and its static imports, transitively. */
function eagerFiles(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) eagerFiles(imported, seen);
  return seen;
}

const gzipKb = (files: Iterable<string>) =>
  [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gzipSync(readFileSync(join(dist, f)), { level: 9 }).length, 0) / 1024;

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
if (!entryKey) throw new Error('no entry chunk in the Vite manifest: was the site built with build.manifest?');
const entry = eagerFiles(entryKey);

// Every product folder's flow page: the page, the runtime and the definition with its step schemas and validators.
const productIds = readdirSync(join(process.cwd(), 'products'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(process.cwd(), 'products', entry.name, 'product.ts')))
  .map((entry) => entry.name);
const pages: Record<string, RegExp> = {
  ...Object.fromEntries(productIds.map((id) => [`flow (${id})`, new RegExp(`pages/product-page|products/${id}/definition|flow-runner`)])),
};

console.log(`entry (${entryKey}): ${gzipKb(entry).toFixed(1)} KB gzip`);
// The home page goes out prerendered (tools/prerender.ts): what it loads is what its HTML names.
for (const lang of ['uz', 'en', 'ru']) {
  const file = join(dist, 'prerendered', lang, 'index.html');
  if (!existsSync(file)) {
    console.log(`home (/${lang}): not prerendered, it loads the entry and the home page chunk`);
    continue;
  }
  const scripts = [...readFileSync(file, 'utf8').matchAll(/<script[^>]*src="\/([^"]+)"|<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] ?? m[2] ?? '');
  console.log(`home (/${lang}, prerendered): ${gzipKb(scripts).toFixed(1)} KB gzip JavaScript (${scripts.length} files)`);
}
for (const [page, pattern] of Object.entries(pages)) {
  const files = new Set(entry);
  for (const key of Object.keys(manifest)) if (pattern.test(key)) eagerFiles(key, files);
  console.log(`${page}: ${gzipKb(files).toFixed(1)} KB gzip JavaScript (${files.size} files)`);
}
