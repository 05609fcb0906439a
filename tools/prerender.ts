/**
 * Writes the pages that need no script as finished HTML (`dist/site/prerendered/<lang>/index.html`):
 * the home page in each language, rendered by the site's own components (site/prerender.tsx, built
 * by `vite build --ssr`) into the built shell, with the shell's scripts left out. The server sends
 * them for those addresses (server/lib/page-shell.ts): the first response is the page, and the home
 * page costs no JavaScript at all; its links lead to the other pages, which run the site as before.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { siteLanguages } from '../products/site-pages';
import type { PrerenderedPage } from '../site/prerender';

const siteDir = join(process.cwd(), 'dist/site');
const { prerender } = (await import(pathToFileURL(join(process.cwd(), 'dist/prerender/prerender.js')).href)) as {
  prerender: (path: string, lang: (typeof siteLanguages)[number]) => Promise<PrerenderedPage>;
};
const shell = readFileSync(join(siteDir, 'index.html'), 'utf8');

/** The built shell around a rendered page: its language and title, its markup in #root, no scripts. */
function page({ html, title, lang }: PrerenderedPage): string {
  const escapedTitle = title.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return shell
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapedTitle}</title>`)
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
    .replace('<div id="root"></div>', `<div id="root">${html}</div>`);
}

for (const lang of siteLanguages) {
  const document = page(await prerender(`/${lang}`, lang));
  const dir = join(siteDir, 'prerendered', lang);
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'index.html');
  writeFileSync(file, document);
  writeFileSync(`${file}.br`, brotliCompressSync(document));
  writeFileSync(`${file}.gz`, gzipSync(document, { level: 9 }));
  console.log(`prerendered /${lang}: ${(Buffer.byteLength(document) / 1024).toFixed(1)} KB`);
}
