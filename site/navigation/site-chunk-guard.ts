import { createChunkGuard } from './chunk-guard';

/** The site's chunk guard (tests build their own): on a module of its own, as flow pages load it without the rest of site-services.ts. */
export const chunkGuard = createChunkGuard({
  // globalThis: the build also imports this module to prerender pages (site/prerender.tsx), where
  // there is no window; a chunk never fails to load there, so the guard never reads it.
  storage: globalThis.sessionStorage,
  reload: () => window.location.reload(),
});
