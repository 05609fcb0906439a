/**
 * Prints the gzipped JavaScript each page type ships, read from the Vite build manifest: the
 * entry chunk plus every static import it pulls in, plus what the page loads before it is usable
 * (a flow page: its island's entry, the product's definition and its message catalogs in a language).
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

const siteEntry = eagerFiles('index.html');
console.log(`site entry (index.html, the pages the router hydrates): ${gzipKb(siteEntry).toFixed(1)} KB gzip`);
// The home page goes out prerendered (tools/prerender.ts): what it loads is what its HTML names.
for (const lang of ['uz', 'en', 'ru']) {
  const file = join(dist, 'prerendered', lang, 'index.html');
  if (!existsSync(file)) {
    console.log(`home (/${lang}): not prerendered, it loads the site entry and the home page chunk`);
    continue;
  }
  const scripts = [...readFileSync(file, 'utf8').matchAll(/<script[^>]*src="\/([^"]+)"|<link rel="modulepreload"[^>]*href="\/([^"]+)"/g)].map((m) => m[1] ?? m[2] ?? '');
  console.log(`home (/${lang}, prerendered): ${gzipKb(scripts).toFixed(1)} KB gzip JavaScript (${scripts.length} files)`);
}

// Every product folder's flow page: the island's entry (site/flow-main.tsx), the definition with its
// step schemas and validators, and the catalogs the flow shows, in English (the largest language is within a few hundred bytes).
const productIds = readdirSync(join(process.cwd(), 'products'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(process.cwd(), 'products', entry.name, 'product.ts')))
  .map((entry) => entry.name);
for (const id of productIds) {
  const { default: manifestOf } = (await import(join(process.cwd(), 'products', id, 'product.ts'))) as { default: { messages?: string[] } };
  const files = eagerFiles('flow-main.tsx');
  eagerFiles(`../products/${id}/definition.ts`, files);
  for (const area of ['site', 'engine', id, ...(manifestOf.messages ?? [])]) eagerFiles(`../locales/en/${area}.po`, files);
  console.log(`flow (${id}): ${gzipKb(files).toFixed(1)} KB gzip JavaScript (${files.size} files)`);
}
