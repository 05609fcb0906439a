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
import { claimMessageAreas } from '../../products/kit/site/claim-areas';

interface ManifestChunk {
  file: string;
  imports?: string[];
  dynamicImports?: string[];
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

/** The module of a product's flow: its purchase's definition, or its claim. */
const flowModule = (id: string, flow: 'purchase' | 'claim') => `products/${id}/${flow === 'claim' ? 'claim' : 'definition'}.ts`;

/**
 * A product's flow page (its purchase's, or with `flow` its claim's): the island's entry
 * (site/flow-main.tsx), the definition with its step schemas, the validator of its first form step
 * (`firstStep`: the others load when the page is idle), and the catalogs the flow shows in `lang`
 * (`messages`: the areas its manifest borrows; a claim's are its family's, products/kit/site/claim-areas.ts).
 */
export function flowFiles(manifest: Record<string, ManifestChunk>, id: string, firstStep: string, messages: readonly string[], lang = 'en', flow: 'purchase' | 'claim' = 'purchase'): Set<string> {
  const files = eagerFiles(manifest, 'flow-main.tsx');
  const definition = eagerFiles(manifest, `../${flowModule(id, flow)}`);
  for (const file of definition) files.add(file);
  // Schemas a product shares with another sit in a chunk of their own, which names their validators.
  const validators = Object.values(manifest).filter((chunk) => definition.has(chunk.file))
    .flatMap((chunk) => chunk.dynamicImports ?? []).filter((key) => key.includes('step-validator:'));
  const first = validators.find((key) => key.endsWith(`/${firstStep}.json.js`));
  if (validators.length > 0 && !first) throw new Error(`${id}: no validator chunk of its first step "${firstStep}"`);
  if (first) eagerFiles(manifest, first, files);
  const areas = flow === 'claim' ? claimMessageAreas(id) : [id, ...messages];
  for (const area of ['site', 'engine', ...areas]) eagerFiles(manifest, `../locales/${lang}/${area}.po`, files);
  return files;
}

/** The id of a product's first form step, as its definition orders them. */
export async function firstFormStep(id: string): Promise<string> {
  const module = (await import(pathToFileURL(join(root, 'products', id, 'definition.ts')).href)) as { default: { steps: { id: string; component?: string }[] } };
  const first = module.default.steps.find((step) => (step.component ?? 'form') === 'form');
  if (!first) throw new Error(`${id}: no form step`);
  return first.id;
}

/** The message areas a product's manifest borrows (`messages` of its product.ts). */
export async function borrowedMessages(id: string): Promise<readonly string[]> {
  const manifest = (await import(pathToFileURL(join(root, 'products', id, 'product.ts')).href)) as { default: { messages?: readonly string[] } };
  return manifest.default.messages ?? [];
}
