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
    generateBundle(_options, bundle) {
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk' && output.code.includes('__vite__mapDeps')) {
          this.error(`${output.fileName}: a dynamic import preloads dependencies, which plainDynamicImports would skip`);
        }
      }
    },
  };
}
