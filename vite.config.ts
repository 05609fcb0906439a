/// <reference types="vitest/config" />
import { randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { stepValidators } from './tools/vite-plugin-step-validators';
import { precompress } from './tools/vite-plugin-precompress';
import { rjsfRegistry } from './tools/vite-plugin-rjsf-registry';
import { plainDynamicImports } from './tools/vite-plugin-plain-dynamic-imports';

/** One id per build: compiled into the page and written to builds/latest.json, so an open page
 * notices a new deployment (site/navigation/build-version.ts). */
const buildId = process.env.BUILD_ID ?? `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;
const builtAt = new Date().toISOString();
/** The products (a folder of `products/` with a product.ts): a module that many chunks share is every flow's. */
const productCount = readdirSync(fileURLToPath(new URL('./products', import.meta.url)), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(fileURLToPath(new URL(`./products/${entry.name}/product.ts`, import.meta.url)))).length;

function buildManifest(): Plugin {
  const body = () => JSON.stringify({ version: buildId, builtAt });
  return {
    name: 'site-build-manifest',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'builds/latest.json', source: body() });
    },
    configureServer(server) {
      server.middlewares.use('/builds/latest.json', (_req, res) => {
        res.setHeader('Content-Type', 'application/json');
        res.setHeader('Cache-Control', 'no-store');
        res.end(body());
      });
    },
  };
}

export default defineConfig({
  root: 'site',
  publicDir: 'public',
  plugins: [react(), tailwindcss(), lingui(), stepValidators({ lazy: true }), rjsfRegistry(), plainDynamicImports(), buildManifest(), precompress()],
  resolve: {
    alias: [
      // rjsf imports a markdown parser only for ui:enableMarkdownInDescription, which no schema of
      // ours sets; plain text instead keeps ~35 KB gzip out of every flow page.
      { find: /^markdown-to-jsx\/react$/, replacement: fileURLToPath(new URL('./engine/plain-text-markdown.tsx', import.meta.url)) },
      // rjsf resolves `$id`-relative `$ref`s with a full URI library; our step forms have no `$id` (engine/uri-resolver.ts).
      { find: /^fast-uri$/, replacement: fileURLToPath(new URL('./engine/uri-resolver.ts', import.meta.url)) },
      // …compares with fast-equals, which our lighter deepEquals matches for what rjsf compares (engine/deep-equals.ts).
      { find: /^fast-equals$/, replacement: fileURLToPath(new URL('./engine/deep-equals.ts', import.meta.url)) },
      // @xstate/react imports the pre-React-18 shims of useSyncExternalStore; React 19 has the hook itself.
      { find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' },
      { find: /^use-sync-external-store\/shim(\/index\.js)?$/, replacement: fileURLToPath(new URL('./engine/use-sync-external-store.ts', import.meta.url)) },
      // …and merges `allOf` with a schema merger; our step forms are flat (engine/flat-schema-merge.ts).
      { find: /^@x0k\/json-schema-merge(\/lib\/array)?$/, replacement: fileURLToPath(new URL('./engine/flat-schema-merge.ts', import.meta.url)) },
    ],
  },
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: '../dist/site',
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: {
      // The files a dynamic import needs are fetched as its chunk names them, not listed ahead in the
      // importing chunk: a flow page imports by a map of every product's definition and catalogs,
      // whose lists of chunk names cost each flow page kilobytes it never uses (issue #7's 160 KB).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    // tests/bench/bundle-size.ts reads it to measure what each page ships.
    manifest: true,
    rollupOptions: {
      // The site (index.html), and the scripts of a flow page, which hydrate its flow's island only.
      input: {
        index: fileURLToPath(new URL('./site/index.html', import.meta.url)),
        'flow-main': fileURLToPath(new URL('./site/flow-main.tsx', import.meta.url)),
      },
      output: {
        // Left to itself, rolldown cuts what the page, the steps and the validators share into a
        // dozen chunks of a few hundred bytes, each gzipped apart (a flow page loaded 44 scripts):
        // every flow page loads all of them, so they go as two (issue #7's budget: 2–3 KB less per page).
        codeSplitting: {
          groups: [
            // The form library's helpers and its precompiled validator's runtime.
            { name: 'rjsf-utils', test: /node_modules[\\/]@rjsf[\\/](utils|validator-ajv8)[\\/]/ },
            // What as many chunks share as there are products: the code every product's flow imports
            // (the binding kit, the dates' and passports' formats). The claims count as chunks too, so what
            // only they share with a few purchases stays out: a product's own modules (its manifest), the car
            // kit and the multipart writer, which a purchase loads only when it sends a file.
            { name: 'flow-kit', test: /[\\/](engine|site|products[\\/]kit)[\\/](?!claims[\\/]|cars[\\/]|api[\\/]multipart\.ts)/, minShareCount: productCount },
            // What every product's claim imports (the claim kit, its common steps; a family's own steps stay with
            // its products' claims): a claim page's alone,
            // which the purchase pages must not load (the flow kit leaves it out, and takes first what both share).
            { name: 'claim-kit', test: /[\\/](products[\\/]kit[\\/]claims[\\/](?!families[\\/])|schemas[\\/]claims[\\/]common[\\/])/, minShareCount: productCount },
          ],
        },
      },
    },
  },
  test: {
    root: '.',
    include: ['{engine,products,site,server,tests,tools}/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    globalSetup: ['tests/support/scratch-postgres.ts'],
    // @fastify/autoload imports the server's plugin files itself; inlined, its imports go through
    // Vitest (TypeScript, one module graph) instead of Node's loader.
    server: { deps: { inline: ['@fastify/autoload'] } },
    testTimeout: 20_000,
    // A test app migrates a fresh PGlite before its tests: seconds on a busy CI machine, not a hang.
    hookTimeout: 60_000,
  },
});
