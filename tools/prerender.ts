/**
 * Writes the pages whose first view does not depend on the address as finished HTML
 * (`dist/site/prerendered/<lang>/<page>/index.html`): the home page and every product's page and
 * webview page in each language, and the 404 and 500 pages, rendered by the site's own components
 * (site/prerender.tsx, built by `vite build --ssr`) into the built shell. The home, 404 and 500
 * pages need no script and go without; a flow page keeps the site's scripts, which hydrate it and
 * then load the flow. The server sends these files for their addresses (server/lib/page-shell.ts).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { pageDocument } from '../server/lib/page-shell';
import type { prerender as Prerender, prerenderTargets as PrerenderTargets } from '../site/prerender';

const siteDir = join(process.cwd(), 'dist/site');
const { prerender, prerenderTargets } = (await import(pathToFileURL(join(process.cwd(), 'dist/prerender/prerender.js')).href)) as {
  prerender: typeof Prerender;
  prerenderTargets: typeof PrerenderTargets;
};
const shell = readFileSync(join(siteDir, 'index.html'), 'utf8');

const targets = prerenderTargets();
for (const target of targets) {
  const file = join(siteDir, target.file);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, pageDocument(shell, await prerender(target)));
}
console.log(`prerendered ${targets.length} pages into dist/site/prerendered/`);
