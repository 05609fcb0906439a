import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';

/** Paths (or prefixes) of the built site and how long browsers may keep them. */
function cacheControlFor(path: string): string {
  if (path.includes('/assets/')) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

/** Serves the built site (`config.siteDir`) when there is one; hashed assets are cached for a year. */
export default fp(
  async (app) => {
    if (!app.config.siteDir) return;
    await app.register(fastifyStatic, {
      root: app.config.siteDir,
      wildcard: false,
      index: false,
      cacheControl: false,
      // The build writes .br and .gz copies of its text files (tools/vite-plugin-precompress.ts).
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header('Cache-Control', cacheControlFor(path));
      },
    });
  },
  { name: 'site-files', dependencies: ['config'] },
);
