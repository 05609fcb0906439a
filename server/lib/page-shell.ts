import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { escapeHtml } from '../html';
import type { ProductManifest } from '../../products/define';
import { findSitePage, siteLanguages, sitePages, type PageKind, type SitePage, type SiteLanguage } from '../../products/site-pages';

/** What Vite's build manifest says of a chunk (`dist/site/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The modules a kind of page loads right after the shell, by their manifest keys. */
function pageModules(page: SitePage, lang: SiteLanguage | null, messageAreas: (product: string) => readonly string[]): string[] {
  const catalogs = (areas: string[]) => (lang ? areas.map((area) => `../locales/${lang}/${area}.po`) : []);
  const own: Record<PageKind, string[]> = {
    home: ['pages/home-page.tsx'],
    product: page.product
      ? ['pages/product-page.tsx', `../products/${page.product}/definition.ts`, ...catalogs(['engine', 'regions', ...messageAreas(page.product)])]
      : [],
    'thank-you': ['pages/thank-you-page.tsx'],
    'not-found': [],
  };
  return [...catalogs(['site']), ...own[page.kind]];
}

export type PageAnswer =
  | { status: 200 | 404; html: string }
  /** A page prerendered at build (tools/prerender.ts), a file of the site to send as it is. */
  | { status: 200; file: string };

/**
 * The site's HTML shell as each page needs it: in the page's language (`<html lang>`), with
 * `modulepreload` links for the chunks the page loads after the shell (its page module, a flow's
 * definition, step validators and message catalogs), so the browser fetches them in parallel
 * with the shell instead of one after another. An address that is no page gets the shell with 404.
 */
export function pageShell(siteDir: string, manifests: readonly Pick<ProductManifest, 'id' | 'routes' | 'messages'>[]): (pathname: string) => PageAnswer {
  const pages = sitePages(manifests);
  // A flow's own catalog and those its manifest names (as site/products.ts loads them).
  const messageAreas = (id: string) => {
    const manifest = manifests.find((m) => m.id === id);
    return manifest ? [manifest.id, ...(manifest.messages ?? [])] : [];
  };
  const index = readFileSync(join(siteDir, 'index.html'), 'utf8');
  let manifest: Record<string, ManifestChunk> = {};
  try {
    manifest = JSON.parse(readFileSync(join(siteDir, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  } catch {
    // A build without its manifest still works, only without the preloads.
  }
  const inShell = new Set<string>();
  const eager = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) eager(imported, into);
  };
  eager('index.html', inShell);

  const shells = new Map<string, string>();
  const shellFor = (page: SitePage | null, lang: SiteLanguage | null): string => {
    const key = `${page?.path ?? '404'}|${lang ?? ''}`;
    let html = shells.get(key);
    if (html === undefined) {
      const files = new Set<string>();
      for (const module of page ? pageModules(page, lang, messageAreas) : []) eager(module, files);
      const links = [...files].filter((file) => !inShell.has(file) && file.endsWith('.js')).map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`);
      html = index.replace(/<html lang="[^"]*"/, `<html lang="${lang ?? siteLanguages[0]}"`).replace('</head>', `${links.join('\n')}\n</head>`);
      shells.set(key, html);
    }
    return html;
  };

  // The home page in each language is finished HTML, without scripts, when the build wrote it.
  const prerendered = new Map(siteLanguages.map((lang) => [lang, `prerendered/${lang}/index.html`] as const).filter(([, file]) => existsSync(join(siteDir, file))));

  return (pathname) => {
    const found = findSitePage(pathname, pages);
    if (!found) return { status: 404, html: shellFor(null, null) };
    const file = found.page.kind === 'home' && found.lang ? prerendered.get(found.lang) : undefined;
    return file ? { status: 200, file } : { status: 200, html: shellFor(found.page, found.lang) };
  };
}
