/// <reference types="vitest/config" />
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { stepValidators } from './tools/vite-plugin-step-validators';
import { precompress } from './tools/vite-plugin-precompress';

/** One id per build: compiled into the page and written to builds/latest.json, so an open page
 * notices a new deployment (site/navigation/build-version.ts). */
const buildId = process.env.BUILD_ID ?? `${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}-${randomUUID().slice(0, 8)}`;
const builtAt = new Date().toISOString();

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
  plugins: [react(), tailwindcss(), lingui(), stepValidators(), buildManifest(), precompress()],
  resolve: {
    alias: {
      // rjsf imports a markdown parser only for ui:enableMarkdownInDescription, which no schema of
      // ours sets; plain text instead keeps ~35 KB gzip out of every flow page.
      'markdown-to-jsx/react': fileURLToPath(new URL('./engine/plain-text-markdown.tsx', import.meta.url)),
    },
  },
  define: {
    __BUILD_ID__: JSON.stringify(buildId),
  },
  build: {
    outDir: '../dist/site',
    emptyOutDir: true,
    target: 'es2022',
    // tests/bench/bundle-size.ts reads it to measure what each page ships.
    manifest: true,
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
  },
});
