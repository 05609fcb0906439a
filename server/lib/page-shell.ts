import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { escapeHtml } from '../html';
import { cachedRead } from './cached-read';
import type { ProductManifest } from '../../products/kit/define/define';
import { groupDigits } from '../../products/kit/api/api-format';
import { claimMessageAreas } from '../../products/kit/site/claim-areas';
import {
  accountLinkAttribute, accountMetaName, acceptedLanguages, addressInLanguage, detectLang, findSitePage, flowIslandId, langOfPath, notFoundPlaceholder, orderLookupParam, orderLookupPlaceholders, prerenderedFile, prerenderedLookupFile, serverErrorFile,
  siteLanguages, prerenderAddress, showsPrerendered, sitePages, withoutOptionalParams, type OrderLookup, type PageKind, type SitePage, type SiteLanguage,
} from '../../products/kit/site/site-pages';

/** What Vite's build manifest says of a chunk (`dist/site/.vite/manifest.json`). */
interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The manifest key of a flow page's own entry (site/flow-main.tsx): it hydrates the flow's island only. */
export const flowEntry = 'flow-main.tsx';

/**
 * The modules a kind of page loads right after its entry, by their manifest keys; a flow page's
 * island entry (`island`) brings the flow itself, the site's entry loads the product page module.
 */
function pageModules(page: SitePage, lang: SiteLanguage | null, messageAreas: (product: string) => readonly string[], island: boolean): string[] {
  const catalogs = (areas: string[]) => (lang ? areas.map((area) => `../locales/${lang}/${area}.po`) : []);
  const own: Record<PageKind, string[]> = {
    home: ['pages/home-page.tsx'],
    product: page.product
      ? [island ? flowEntry : 'pages/product-page.tsx', `../products/${page.product}/definition.ts`, ...catalogs(['engine', ...messageAreas(page.product)])]
      : [],
    claim: page.product
      ? [island ? flowEntry : 'claim/claim-page.tsx', `../products/${page.product}/claim.ts`, ...catalogs(['engine', ...claimMessageAreas(page.product)])]
      : [],
    'thank-you': ['pages/thank-you-page.tsx'],
    paynet: ['pages/paynet-page.tsx'],
    'not-found': [],
    login: ['cabinet/login-page.tsx'],
    'user-info': ['cabinet/profile-page.tsx'],
    'edit-profile': ['cabinet/edit-profile-page.tsx'],
    'my-policies': ['cabinet/policies-page.tsx'],
    'policy-info': ['cabinet/policy-page.tsx'],
    'my-applications': ['cabinet/applications-page.tsx'],
    'application-info': ['cabinet/application-page.tsx'],
    'my-referals': ['cabinet/referrals-page.tsx'],
  };
  // The site's entry requires its pages' texts and the products' names too (site/i18n.ts `pageCatalogs`,
  // `productCatalogs`); a flow's island does not.
  return [...catalogs(island ? ['site'] : ['site', 'pages', 'products']), ...own[page.kind]];
}

const moduleScript = /\s*<script type="module"[^>]*><\/script>/g;
const modulePreload = /\s*<link rel="modulepreload"[^>]*>/g;

/** The page with `src` as its only module script, and none of the shell's preloads (they were the site entry's). */
function withEntry(html: string, src: string): string {
  return html
    .replace(moduleScript, '')
    .replace(modulePreload, '')
    .replace('</head>', () => `<script type="module" crossorigin src="${escapeHtml(src)}"></script>\n</head>`);
}

/** What a render of the site's components gives for a page (site/prerender.tsx). */
export interface RenderedPage {
  lang: string;
  title: string;
  /** The page's meta description, in its language. */
  description?: string;
  /** The markup of `#root`. */
  html: string;
  /** False for pages that work as plain HTML: sent without the site's scripts. */
  hydrate: boolean;
  /** Markup for the end of `<body>` (a rendered flow's catalog). */
  tail?: string;
}

/** The built shell (`index.html`) around a rendered page: its language, title and markup; without scripts when it needs none. */
export function pageDocument(shell: string, page: RenderedPage): string {
  let html = shell
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*"/, (shellDescription) => (page.description === undefined ? shellDescription : `<meta name="description" content="${escapeHtml(page.description)}"`))
    .replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>${page.tail ?? ''}`);
  if (!page.hydrate) {
    html = html
      .replace(moduleScript, '')
      .replace(modulePreload, '')
      .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '');
  }
  return html;
}

/** Draws a product's flow page (its prerender address, `/ru/travel`) with the first step and the live catalog. */
/** Draws a product's flow page (its purchase's, or its claim's) at `address` with the catalog the site API answers a visitor signed out. */
export type FlowRenderer = (address: string, product: string, flow: 'purchase' | 'claim') => Promise<RenderedPage>;

/** Draws the thank-you page at `address` with what became of the contract in it (null: the address names none). */
export type ThankYouRenderer = (address: string, contractId: string | null) => Promise<RenderedPage>;

export interface PageShellOptions {
  /** Without one, flow pages are the build's (the flow loads in the browser). */
  renderFlow?: FlowRenderer;
  /** How long a drawn flow page is sent before it is drawn again (the tariffs' cache time). */
  renderTtlMs?: number;
  onRenderFailure?: (error: unknown) => void;
  /** The products with a claim (`products/<id>/claim.ts`): each has a claim page; another product's claim address is the 404. */
  claims?: readonly string[];
  /** The clock of the drawn pages' time (tests). */
  now?: () => number;
  /** What the Paynet page answers for an order number typed into its form (`?order=`); without it the page shows no answer. */
  lookupOrder?: (typed: string) => Promise<OrderLookup>;
  /** Without one, the thank-you page is the build's, which checks its contract in the browser. */
  renderThankYou?: ThankYouRenderer;
  /**
   * The site's public address (`https://shop.example`): the home page names its address in each
   * language with it (canonical and alternate links must be absolute); without it, none.
   */
  publicUrl?: string;
}

/** A page's HTML as sent: the text and its brotli and gzip encodings, made once. */
export interface PageBody {
  html: string;
  br: Buffer;
  gzip: Buffer;
}

export type PageAnswer =
  | {
      status: 200 | 404;
      /** With its encodings, except answers only filled into a page the build drew (the Paynet page's lookups, the 404 page). */
      body: PageBody | { html: string };
      /** The page's language: its address's, or the visitor's for an address without one (`detectLang`). */
      lang: SiteLanguage;
      /** Whether the language was the visitor's (an address without one): the answer differs by their `Cookie` and `Accept-Language`. */
      detected: boolean;
    }
  /** A page's address without a language (but the home page's): the same address in the visitor's (by its `lang` cookie, else its browser's languages). */
  | { status: 302; location: string };

/** An error page (404, 500) drawn for an address, in the language it is shown in. */
export interface ErrorPage {
  html: string;
  lang: SiteLanguage;
}

/** What the server knows of the visitor's languages: the request's `Cookie` and `Accept-Language` headers. */
export interface VisitorLanguages {
  cookie?: string | undefined;
  acceptLanguage?: string | undefined;
  /**
   * A signed-in client: a claim page is drawn with a visitor's signed-out catalog, so theirs is the
   * build's page, whose flow loads the client's own policies to choose from.
   */
  signedIn?: boolean;
}

/** The language of a page address (path and query) as the browser detects it: its prefix, else the visitor's. */
function languageOf(address: string, visitor: VisitorLanguages): SiteLanguage {
  return detectLang({ pathname: address.split('?', 1)[0] ?? '/', cookie: visitor.cookie ?? '', browser: acceptedLanguages(visitor.acceptLanguage ?? '') });
}

/** A page encoded once and sent many times: the smallest encodings, whatever they cost. */
const sentOften = { brotli: 11, gzip: 9 };
/** A page encoded for one answer: quick settings (about a tenth of a millisecond for a page) that still shrink it several times. */
const sentOnce = { brotli: 5, gzip: 6 };

/** A page made for one answer (a signed-in client's), encoded quickly. */
export function encodedOnce(html: string): PageBody {
  return encoded(html, sentOnce);
}

function encoded(html: string, levels = sentOften): PageBody {
  const bytes = Buffer.from(html);
  return { html, br: brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: levels.brotli } }), gzip: gzipSync(bytes, { level: levels.gzip }) };
}

/**
 * The HTML each page address gets: a flow page drawn by `renderFlow` (its first step and price,
 * with the live catalog; redrawn after `renderTtlMs`), else the page prerendered at build
 * (tools/prerender.ts) when there is one, else the site's shell; in the page's language
 * (`<html lang>`), with `modulepreload` links for the chunks the page loads after the shell (its page module, a flow's definition, step validators,
 * message catalogs), so the browser fetches them beside the shell instead of after it. A page
 * without scripts (the prerendered home page) gets none. An address that is no page gets the 404
 * page (or the shell, which renders it) with 404; `serverError` and `notFound` give the 500 and 404 pages for an address.
 * An address without a language is read in the visitor's (`detectLang`): the bare `/` is the home
 * page in it, an address that is no page the 404 page in it, any other page's is sent on to the same
 * address in it.
 */
export function pageShell(
  siteDir: string,
  manifests: readonly Pick<ProductManifest, 'id' | 'routes' | 'messages'>[],
  options: PageShellOptions = {},
): ((pathname: string, query?: URLSearchParams, visitor?: VisitorLanguages) => Promise<PageAnswer>) & {
  serverError: (address: string, visitor?: VisitorLanguages) => ErrorPage | null;
  notFound: (address: string, visitor?: VisitorLanguages) => ErrorPage | null;
  warm: () => Promise<void>;
} {
  const pages = sitePages(manifests, options.claims);
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
  const eager = (key: string, into: Set<string>) => {
    const chunk = manifest[key];
    if (!chunk || into.has(chunk.file)) return;
    into.add(chunk.file);
    for (const imported of chunk.imports ?? []) eager(imported, into);
  };
  // What the site's entry loads itself (index.html names those files already).
  const inShell = new Set<string>();
  eager('index.html', inShell);
  const flowEntryFile = manifest[flowEntry]?.file;
  const { publicUrl } = options;

  /**
   * The home page's address in each language, absolute as search engines read them: its own
   * (canonical, also for `/`, which shows it in the visitor's language) and the others' (alternates).
   */
  const addressLinks = (page: SitePage | null, lang: SiteLanguage | null): string[] => {
    if (page?.kind !== 'home' || !lang || !publicUrl) return [];
    const at = (other: SiteLanguage) => escapeHtml(`${publicUrl}${addressInLanguage(other, withoutOptionalParams(page.path))}`);
    return [`<link rel="canonical" href="${at(lang)}">`, ...siteLanguages.map((other) => `<link rel="alternate" hreflang="${other}" href="${at(other)}">`)];
  };

  /**
   * A page's HTML as sent: its language, preloads for what it loads next, scripts after the first
   * paint; a flow page gets its own entry (the island's) instead of the site's.
   */
  const finished = (page: SitePage | null, lang: SiteLanguage | null, template: string): PageBody => {
    const scripted = template.includes('<script type="module"');
    const island = scripted && (page?.kind === 'product' || page?.kind === 'claim') && flowEntryFile !== undefined && template.includes(`id="${flowIslandId}"`);
    const files = new Set<string>();
    if (scripted) for (const module of page ? pageModules(page, lang, messageAreas, island) : []) eager(module, files);
    const preloaded = [...files].filter((file) => file.endsWith('.js') && (island ? file !== flowEntryFile : !inShell.has(file)));
    const links = [...addressLinks(page, lang), ...preloaded.map((file) => `<link rel="modulepreload" crossorigin href="/${escapeHtml(file)}">`)];
    const entered = island ? withEntry(template, `/${flowEntryFile}`) : template;
    const html = entered.replace(/<html lang="[^"]*"/, `<html lang="${lang ?? siteLanguages[0]}"`).replace('</head>', () => `${links.join('\n')}\n</head>`);
    return encoded(template !== index ? afterPaint(html) : html);
  };

  const bodies = new Map<string, PageBody>();
  /** `prerendered`: whether the address first shows what the page's prerendered file shows (else the shell renders it). */
  const bodyFor = (page: SitePage | null, lang: SiteLanguage | null, prerendered = true): PageBody => {
    const key = `${page?.path ?? '404'}|${lang ?? ''}|${prerendered}`;
    let body = bodies.get(key);
    if (body === undefined) {
      const file = page && lang && prerendered ? prerenderedFile(page, lang) : null;
      body = finished(page, lang, file && existsSync(join(siteDir, file)) ? readFileSync(join(siteDir, file), 'utf8') : index);
      bodies.set(key, body);
    }
    return body;
  };

  // A flow page drawn by the server with its first step and the live catalog, kept a while like the tariffs it shows.
  const flowReads = new Map<string, () => Promise<PageBody>>();
  const flowBody = (page: SitePage, lang: SiteLanguage): (() => Promise<PageBody>) | null => {
    const { renderFlow } = options;
    if (!renderFlow || (page.kind !== 'product' && page.kind !== 'claim') || !page.product) return null;
    const product = page.product;
    const flow = page.kind === 'claim' ? 'claim' : 'purchase';
    const key = `${page.path}|${lang}`;
    let read = flowReads.get(key);
    if (!read) {
      const address = `/${lang}${prerenderAddress(page)}`;
      read = cachedRead(async () => finished(page, lang, pageDocument(index, await renderFlow(address, product, flow))), options.renderTtlMs ?? 60_000, options.now);
      flowReads.set(key, read);
    }
    return read;
  };

  /**
   * The Paynet page answering an order lookup: the page the build drew for that answer in the
   * language, with the number as typed and the amount due written in (null when the build has none).
   */
  const lookupBody = async (page: SitePage, lang: SiteLanguage, typed: string, lookupOrder: (typed: string) => Promise<OrderLookup>): Promise<{ html: string } | null> => {
    const lookup = await lookupOrder(typed);
    const file = prerenderedLookupFile(lang, lookup.state);
    let body = bodies.get(file);
    if (body === undefined) {
      if (!existsSync(join(siteDir, file))) return null;
      body = finished(page, lang, readFileSync(join(siteDir, file), 'utf8'));
      bodies.set(file, body);
    }
    const order = escapeHtml(lookup.order);
    const amount = lookup.state === 'unpaid' ? groupDigits(lookup.amount) : '';
    // Functions, not strings: `$&` and the like in what was typed must stay text.
    return { html: body.html.replaceAll(orderLookupPlaceholders.order, () => order).replaceAll(orderLookupPlaceholders.amount, () => amount) };
  };

  // The 404 and 500 pages in each language, prerendered for a placeholder address: the requested one goes in its place.
  const prerenderedByLang = (file: (lang: SiteLanguage) => string | null) =>
    new Map(
      siteLanguages.flatMap((lang) => {
        const path = file(lang);
        return path && existsSync(join(siteDir, path)) ? [[lang, readFileSync(join(siteDir, path), 'utf8')] as const] : [];
      }),
    );
  const notFoundPage = pages.find((page) => page.kind === 'not-found');
  const notFoundBodies = prerenderedByLang((lang) => (notFoundPage ? prerenderedFile(notFoundPage, lang) : null));
  const serverErrorBodies = prerenderedByLang(serverErrorFile);

  /**
   * A placeholder page in `lang` for an address: its links (each language's, the reload link) lead to
   * the address in their language, and where it names the address, it names it as asked.
   */
  const forAddress = (bodies: Map<SiteLanguage, string>, address: string, lang: SiteLanguage): ErrorPage | null => {
    const prerendered = bodies.get(lang);
    if (!prerendered) return null;
    const prefixed = langOfPath(address);
    // The address without its language, as the links lead to it in theirs.
    const rest = escapeHtml((prefixed ? address.slice(prefixed.length + 1) : address).slice(0, 300));
    let html = prerendered;
    // Functions, not strings: `$'` and the like in an address must stay text.
    for (const other of siteLanguages) html = html.replaceAll(`href="/${other}${notFoundPlaceholder}`, () => `href="/${other}${rest}`);
    return { html: html.replaceAll(`/${lang}${notFoundPlaceholder}`, () => (prefixed ? `/${prefixed}${rest}` : rest)), lang };
  };

  const answer = async (pathname: string, query = new URLSearchParams(), visitor: VisitorLanguages = {}): Promise<PageAnswer> => {
    const found = findSitePage(pathname, pages);
    // Detected here as the browser would detect it, so the visitor gets the page the server draws
    // in their language at once, not the site's scripts only to be sent on.
    const lang = languageOf(pathname, visitor);
    const detected = langOfPath(pathname) === null;
    // The bare address is the site's own: the home page itself, not a redirect to it.
    if (found?.page.kind === 'home' && found.lang === null) return { status: 200, body: bodyFor(found.page, lang), lang, detected };
    if (found && found.lang === null) {
      const search = query.toString();
      // The address as the page list reads it (`//travel/` is `/travel`): never `//` after the language, which a browser could read as another host.
      const rest = pathname.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');
      return { status: 302, location: `/${lang}${rest === '/' ? '' : rest}${search ? `?${search}` : ''}` };
    }
    const read = found?.lang && !(found.page.kind === 'claim' && visitor.signedIn) ? flowBody(found.page, found.lang) : null;
    if (read) {
      try {
        return { status: 200, body: await read(), lang, detected };
      } catch (err) {
        // The catalog could not be read (the database away) or the render failed: the build's page loads the flow itself.
        options.onRenderFailure?.(err);
      }
    }
    const { renderThankYou } = options;
    if (found?.lang && found.page.kind === 'thank-you' && renderThankYou) {
      // As the page names its contract: in its path, or in the query as providers send the visitor back (nothing else of the query).
      const fromPath = found.params.contractId;
      const contractId = fromPath ?? query.get('contract_id') ?? null;
      const address = fromPath || contractId === null ? pathname : `${pathname}?contract_id=${encodeURIComponent(contractId)}`;
      try {
        return { status: 200, body: encoded(pageDocument(index, await renderThankYou(address, contractId)), sentOnce), lang, detected };
      } catch (err) {
        // The build's page checks the contract in the browser.
        options.onRenderFailure?.(err);
      }
    }
    const typed = found?.page.kind === 'paynet' ? query.get(orderLookupParam)?.trim().slice(0, 200) : undefined;
    if (found?.lang && typed && options.lookupOrder) {
      const body = await lookupBody(found.page, found.lang, typed, options.lookupOrder);
      if (body) return { status: 200, body, lang, detected };
    }
    if (found) return { status: 200, body: bodyFor(found.page, found.lang, showsPrerendered(found.page, found.params, query)), lang, detected };
    const notFound = forAddress(notFoundBodies, pathname, lang);
    return { status: 404, body: notFound ?? bodyFor(null, lang), lang, detected };
  };
  /** The 500 page for an address (path and query) the server failed to serve, or null when the build has none. */
  answer.serverError = (address: string, visitor: VisitorLanguages = {}): ErrorPage | null => forAddress(serverErrorBodies, address, languageOf(address, visitor));
  /** The 404 page naming an address (path, as requested), or null when the build has none. */
  answer.notFound = (address: string, visitor: VisitorLanguages = {}): ErrorPage | null => forAddress(notFoundBodies, address, languageOf(address, visitor));
  /** Draws every flow page once, so the first visitors do not wait for it (a failure is reported, and drawn again on request). */
  answer.warm = async (): Promise<void> => {
    for (const page of pages) {
      for (const lang of siteLanguages) {
        await flowBody(page, lang)?.().catch((err: unknown) => options.onRenderFailure?.(err));
      }
    }
  };
  return answer;
}

/**
 * A prerendered page's scripts start after its first paint (site/public/after-paint.js): the module
 * script and the preloads become a list that script reads, so on a slow connection the page's HTML
 * and styles are drawn before scripts take the bandwidth. A page without scripts is left as it is.
 */
export function afterPaint(html: string): string {
  const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/.exec(html)?.[1];
  if (!entry) return html;
  const preload = [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((match) => match[1]);
  const list = JSON.stringify({ entry, preload }).replace(/</g, '\\u003c');
  return html
    .replace(/\s*<script type="module" crossorigin src="[^"]+"><\/script>/, '')
    .replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '')
    .replace('</head>', `<script type="application/json" id="site-modules">${list}</script>\n<script defer src="/after-paint.js"></script>\n</head>`);
}

/**
 * A page as a signed-in client gets it: the header's "Sign in" link (`data-account="out"`) becomes
 * their first name leading to the cabinet, and a meta element names it to the page's scripts (the
 * session cookie is HttpOnly). Such an answer is that client's alone (`private, no-store`).
 */
export function withSignedInClient(html: string, firstName: string): string {
  const name = escapeHtml(firstName);
  return html
    .replace(new RegExp(`<a ([^>]*)${accountLinkAttribute}="out"([^>]*)>[^<]*</a>`, 'g'), (tag: string) => {
      const open = tag.slice(0, tag.indexOf('>') + 1).replace(`${accountLinkAttribute}="out"`, `${accountLinkAttribute}="in"`).replace(new RegExp(`href="/(${siteLanguages.join('|')})/login"`), 'href="/$1/dashboard"');
      return `${open}${name}</a>`;
    })
    .replace('</head>', () => `<meta name="${accountMetaName}" content="${name}">\n</head>`);
}

/** The encoding to send a page in, by the request's Accept-Encoding (brotli first). */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Set(
    (acceptEncoding ?? '')
      .toLowerCase()
      .split(',')
      .map((part) => part.trim().split(';'))
      // `q=0` refuses an encoding.
      .filter(([, weight]) => !weight || !/^\s*q=0(\.0*)?\s*$/.test(weight))
      .map(([name]) => name?.trim() ?? ''),
  );
  if (accepted.has('br')) return 'br';
  return accepted.has('gzip') ? 'gzip' : null;
}
