/**
 * Prints the gzipped JavaScript each page type ships, read from the Vite build manifest
 * (tests/support/bundle-manifest.ts; `tests/e2e/budgets.spec.ts` holds the same figures to their budgets).
 * Targets (issue #7): home and content pages ≤ 70 KB, a flow page ≤ 160 KB.
 * Run after `npm run build`: `npx tsx tests/bench/bundle-size.ts`.
 */
import { borrowedMessages, eagerFiles, firstFormStep, flowFiles, gzipKb, prerenderedScripts, productIds, readBuildManifest } from '../support/bundle-manifest';

const manifest = readBuildManifest();
console.log(`site entry (index.html, the pages the router hydrates): ${gzipKb(eagerFiles(manifest, 'index.html')).toFixed(1)} KB gzip`);
// The home page goes out prerendered (tools/prerender.ts): what it loads is what its HTML names.
for (const lang of ['uz', 'en', 'ru']) {
  const scripts = prerenderedScripts(`${lang}/index.html`);
  if (scripts === null) console.log(`home (/${lang}): not prerendered, it loads the site entry and the home page chunk`);
  else console.log(`home (/${lang}, prerendered): ${gzipKb(scripts).toFixed(1)} KB gzip JavaScript (${scripts.length} files)`);
}
for (const id of productIds()) {
  const files = flowFiles(manifest, id, await firstFormStep(id), await borrowedMessages(id));
  console.log(`flow (${id}): ${gzipKb(files).toFixed(1)} KB gzip JavaScript (${files.size} files)`);
}
