import type { Plugin } from 'vite';

/** Vite's module wrapping every dynamic `import()` of a client build with `__vitePreload`. */
const preloadHelperId = '\0vite/preload-helper.js';

/**
 * Vite's preload helper (0.8 KB gzip on every flow page) preloads the chunks and CSS a dynamic
 * import will need. This site preloads none from script (vite.config.ts `resolveDependencies`
 * answers nothing for a script host) and has one stylesheet, which the page links itself, so the
 * helper only ever runs the import. It is replaced by exactly that, and the build fails if a
 * dynamic import ever does get dependencies to preload, which the replacement would skip.
 */
export function plainDynamicImports(): Plugin {
  return {
    name: 'site-plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === preloadHelperId ? 'export const __vitePreload = (load) => load();' : null;
    },
    generateBundle: {
      // After Vite has written each call's dependencies (`[]`, or `__vite__mapDeps(…)`) in place of its marker.
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk') continue;
          if (output.code.includes('__vite__mapDeps')) {
            this.error(`${output.fileName}: a dynamic import preloads dependencies, which plainDynamicImports would skip`);
          }
          output.code = unwrapped(output.code);
        }
      },
    },
  };
}

/**
 * The chunk's `t(()=>import(`./x.js`),[])` calls of the replaced helper written as the
 * `import(`./x.js`)` each runs (the message catalogs' map alone has 75 of them), and the helper's
 * import dropped from a chunk that then no longer calls it. Runs on the final, minified chunk, whose
 * precompressed copies are made after it.
 */
export function unwrapped(code: string): string {
  const helperImport = /import\{t(?: as ([\w$]+))?\}from"\.\/preload-helper-[\w-]+\.js";?/.exec(code);
  if (!helperImport) return code;
  const name = (helperImport[1] ?? 't').replace(/\$/g, '\\$');
  const plain = code.replace(new RegExp(`(?<![\\w$.])${name}\\(\\(\\)=>(import\\((?:\`[^\`$]*\`|"[^"]*")\\)),\\[\\]\\)`, 'g'), '$1');
  const rest = plain.replace(helperImport[0], '');
  return new RegExp(`(?<![\\w$.])${name}\\(`).test(rest) ? plain : rest;
}
