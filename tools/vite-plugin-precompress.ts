import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { minifySync, type Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed formats already. */
const compressible = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest)$/;
/** Below this a compressed copy saves less than its headers and the lookup cost. */
const minBytes = 1024;

/**
 * Writes a brotli (`.br`, quality 11) and a gzip (`.gz`, level 9) copy beside every text file of the
 * build, so the server sends them as they are (`@fastify/static` `preCompressed`) instead of
 * compressing on every request or not at all. The public folder's scripts (after-paint.js), copied
 * as written with their comments, are minified first, as the bundled ones are: every flow page loads
 * one, inside its JavaScript budget.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'site-precompress',
    apply: 'build',
    configResolved(config) {
      // The server bundle of the prerender step is run at build time, never sent.
      outDir = config.build.ssr ? '' : resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      if (!outDir) return;
      for (const entry of readdirSync(outDir, { withFileTypes: true })) {
        if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
        const file = join(outDir, entry.name);
        const minified = minifySync(entry.name, readFileSync(file, 'utf8'), { compress: true, mangle: true });
        if (minified.errors.length > 0) throw new Error(`${entry.name}: ${minified.errors.map((e) => e.message).join('; ')}`);
        writeFileSync(file, minified.code);
      }
      for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
        if (!entry.isFile() || !compressible.test(entry.name)) continue;
        const file = join(entry.parentPath, entry.name);
        const bytes = readFileSync(file);
        if (bytes.length < minBytes) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }));
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}
