import type { ProductManifest } from '../define/define';
import type { ContractCheckResponse } from '../api/site-api.generated';

/**
 * The site's page addresses (requirements §2) as data, read by the site's router, which renders them, and
 * by the server, which answers every other address with HTTP 404 and the site's 404 page.
 */

/** Site languages in the order the language switch shows them; the first is the default. */
export const siteLanguages = ['uz', 'en', 'ru'] as const;
export type SiteLanguage = (typeof siteLanguages)[number];

/** The language a path starts with (`/ru/travel` → ru), or null for a path without a language prefix. */
export function langOfPath(pathname: string): SiteLanguage | null {
  const first = pathname.split('/')[1];
  return siteLanguages.find((lang) => lang === first) ?? null;
}

/**
 * The same site address in another language: swaps or adds the language prefix and keeps the rest
 * (`/uz/travel?step=payment` → `/ru/travel?step=payment`, `/mobile/osago` → `/en/mobile/osago`).
 */
export function addressInLanguage(lang: SiteLanguage, address: string): string {
  const end = address.search(/[?#]/);
  const pathname = end === -1 ? address : address.slice(0, end);
  const current = langOfPath(pathname);
  const unprefixed = current ? pathname.slice(current.length + 1) : pathname;
  return (unprefixed === '' || unprefixed === '/' ? `/${lang}` : `/${lang}${unprefixed}`) + (end === -1 ? '' : address.slice(end));
}

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === 'string' && (siteLanguages as readonly string[]).includes(value);
}

/** The cookie the visitor's chosen language is kept in, by the server's page answers and the site's scripts. */
export const langCookie = 'lang';
/** How long the `lang` cookie keeps the language: a year. */
export const langCookieMaxAgeSeconds = 365 * 24 * 60 * 60;

/** The language the `lang` cookie names, in a `Cookie` header's or `document.cookie`'s form. */
export function langFromCookie(cookie: string): SiteLanguage | null {
  for (const part of cookie.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === langCookie && isSiteLanguage(value)) return value;
  }
  return null;
}

/** First browser language whose primary subtag we serve (`ru-RU` → ru, `uz-Latn-UZ` → uz). */
export function langFromBrowser(preferred: readonly string[]): SiteLanguage | null {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (isSiteLanguage(primary)) return primary;
  }
  return null;
}

/** An `Accept-Language` header as the browser's list of languages, most wanted first (those refused with `q=0` left out). */
export function acceptedLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part, order) => {
      const [tag = '', ...parameters] = part.split(';').map((piece) => piece.trim());
      const weight = parameters.find((parameter) => /^q=/i.test(parameter));
      const q = weight === undefined ? 1 : Number(weight.slice(2));
      return { tag, q: Number.isFinite(q) ? q : 0, order };
    })
    .filter(({ tag, q }) => tag !== '' && q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order)
    .map(({ tag }) => tag);
}

export interface LanguageSources {
  pathname: string;
  cookie: string;
  browser: readonly string[];
}

/** Requirements §2: path prefix → `lang` cookie → browser language list → uz. The browser and the server detect alike. */
export function detectLang({ pathname, cookie, browser }: LanguageSources): SiteLanguage {
  return langOfPath(pathname) ?? langFromCookie(cookie) ?? langFromBrowser(browser) ?? siteLanguages[0];
}

export type PageKind = 'home' | 'product' | 'claim' | 'thank-you' | 'paynet' | 'not-found' | 'login' | CabinetPageKind;

/** The customer cabinet's pages (a signed-in client's own): each its own module, all in the dashboard layout. */
export const cabinetPageKinds = ['user-info', 'edit-profile', 'my-policies', 'policy-info', 'my-applications', 'application-info', 'my-referals'] as const;
export type CabinetPageKind = (typeof cabinetPageKinds)[number];

export function isCabinetPage(page: Pick<SitePage, 'kind'>): page is SitePage & { kind: CabinetPageKind } {
  return (cabinetPageKinds as readonly string[]).includes(page.kind);
}
export type LayoutId = 'default' | 'webview' | 'dashboard';

export interface SitePage {
  /** Without the language prefix; optional segments (`:ad?`) cover the bare path too. */
  path: string;
  kind: PageKind;
  layout: LayoutId;
  /** The product whose flow the page runs (its folder name). */
  product?: string;
  /** Which of the product's flows: its purchase (absent) or its insurance-event claim (`claim`, `products/<id>/claim.ts`). */
  flow?: 'claim';
  /** What each parameter must look like when present; anything else is not a page (404). */
  params?: Readonly<Record<string, RegExp>>;
  /**
   * Message id (site catalog) of the page's title, written into its prerendered HTML: a page sent
   * without script cannot set it in the browser.
   */
  title?: string;
  /** Defaults to true: a change of page scrolls to the top. */
  scrollToTop?: boolean;
  business?: boolean;
}

export const notFoundPath = '*';

/**
 * The element of a flow page its scripts hydrate (site/flow-island.tsx): the server sends such a
 * page the flow's own entry instead of the site's, and only when the element is there.
 */
export const flowIslandId = 'flow-island';

/** Partner names and contract ids are short tokens; anything else cannot be a real page. */
const token = /^[A-Za-z0-9_-]{1,64}$/;

/** A policy's or a claim's id in a cabinet address: a uuid; anything else is no page (404). */
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sign-in page and the cabinet's pages (their paths, without the language, as the app and the links name them). */
export const cabinetPages: readonly SitePage[] = [
  { path: '/login', kind: 'login', layout: 'dashboard', title: 'cabinet.login.title' },
  { path: '/dashboard', kind: 'user-info', layout: 'dashboard', title: 'cabinet.tab.user-info' },
  { path: '/dashboard/edit-profile', kind: 'edit-profile', layout: 'dashboard', title: 'cabinet.edit.title' },
  { path: '/dashboard/policies', kind: 'my-policies', layout: 'dashboard', title: 'cabinet.tab.my-policies' },
  { path: '/dashboard/policies/:_id', kind: 'policy-info', layout: 'dashboard', params: { _id: uuid }, title: 'cabinet.policy.title' },
  { path: '/dashboard/applications', kind: 'my-applications', layout: 'dashboard', title: 'cabinet.tab.my-applications' },
  { path: '/dashboard/applications/:_id', kind: 'application-info', layout: 'dashboard', params: { _id: uuid }, title: 'cabinet.application.title' },
  { path: '/dashboard/referals', kind: 'my-referals', layout: 'dashboard', title: 'cabinet.tab.my-referals' },
];

/** The address of a product's insurance-event claim page, without the language. */
export function claimPath(product: string): string {
  return `/insurance-event/${product}`;
}

/**
 * Every page: the home page, each product's page and its webview twin (with an optional partner;
 * a product has only the pages its manifest names), the claim page of each product of `claims`
 * (those with a `products/<id>/claim.ts`; any other `/insurance-event/…` is no page, so the 404),
 * the thank-you page, the Paynet page (webview layout, requirements §2), then the 404.
 */
export function sitePages(manifests: readonly Pick<ProductManifest, 'id' | 'routes'>[], claims: readonly string[] = []): SitePage[] {
  const known = new Set(manifests.map(({ id }) => id));
  return [
    { path: '/', kind: 'home', layout: 'default' },
    ...manifests.flatMap(({ id, routes }): SitePage[] => [
      ...(routes.page === undefined ? [] : [{ path: `${routes.page}/:ad?`, kind: 'product' as const, layout: 'default' as const, product: id, params: { ad: token } }]),
      ...(routes.webview === undefined ? [] : [{ path: `${routes.webview}/:ad?`, kind: 'product' as const, layout: 'webview' as const, product: id, params: { ad: token } }]),
    ]),
    ...claims.filter((id) => known.has(id)).map((id): SitePage => ({ path: claimPath(id), kind: 'claim', layout: 'default', product: id, flow: 'claim' })),
    { path: '/thank-you/:contractId?', kind: 'thank-you', layout: 'default', params: { contractId: token }, title: 'pages.thankYou.title' },
    { path: '/paynet', kind: 'paynet', layout: 'webview', title: 'pages.paynet.title' },
    ...cabinetPages,
    { path: notFoundPath, kind: 'not-found', layout: 'default' },
  ];
}

/** Pages that work as plain HTML and are sent without the site's scripts (tools/prerender.ts, server/lib/page-shell.ts). */
export function scriptless(page: Pick<SitePage, 'kind'>): boolean {
  return page.kind === 'home' || page.kind === 'paynet';
}

/**
 * Pages the server sends whole, without the site's scripts: those that work as plain HTML
 * (`scriptless`), and the thank-you page, which the server draws per request with its contract's
 * standing (its prerendered file, which checks the contract in the browser, is only the fallback
 * of a server that cannot draw it). An address of one the browser reaches is loaded from the server.
 */
export function serverDrawn(page: Pick<SitePage, 'kind'>): boolean {
  return scriptless(page) || page.kind === 'thank-you';
}

/**
 * What the thank-you page says of the contract in its address, as the server found it: the
 * contract; no contract of that id; no contract in the address; or the check failed (the database
 * away), to be tried again.
 */
export type ContractStanding =
  | {
      state: 'found';
      contract: ContractCheckResponse;
      /** Unpaid, and the last card payment was declined (the visitor is to try again). */
      declined?: boolean;
      /** Where the visitor pays again: the flow's payment step the contract was saved from (none when it was saved elsewhere). */
      payAgain?: string;
    }
  | { state: 'unknown' }
  | { state: 'none' }
  | { state: 'unavailable' };

/**
 * Whether the build prerenders the page: every page but those whose address needs an id (a policy's,
 * a claim's), which the site's shell renders in the browser. The sign-in and cabinet pages are drawn
 * as every visitor first sees them (the header, the tabs, the form or "loading"); what is a client's
 * own comes from the cabinet's calls, and the server writes their name into the header.
 */
export function prerendered(page: Pick<SitePage, 'path'>): boolean {
  return !page.path.split('/').some((segment) => segment.startsWith(':') && !segment.endsWith('?'));
}

/** The sign-in page's address in a language that sends the client on to `next` once signed in. */
export function loginAddress(lang: SiteLanguage, next: string): string {
  return `/${lang}/login?next=${encodeURIComponent(next)}`;
}

/**
 * Where the sign-in page sends a signed-in client: `next` when it is a cabinet address of this site
 * (`/<lang>/dashboard…`, path and query) or a page renewing a policy (`/<lang>/travel?renew=<id>`),
 * else the cabinet's first page in the language. Anything
 * else (another host, `//host`, a backslash, a control character, a page outside the cabinet) is
 * not followed, so a link cannot send a client anywhere else after signing in.
 */
export function afterSignIn(lang: SiteLanguage, next: string | null | undefined): string {
  const home = `/${lang}/dashboard`;
  if (!next || next.length > 500 || !next.startsWith('/') || /[\\\u0000-\u001f\u007f\s]/.test(next)) return home;
  let url: URL;
  try {
    url = new URL(next, 'https://site.invalid');
  } catch {
    return home;
  }
  if (url.origin !== 'https://site.invalid') return home;
  const target = `${url.pathname}${url.search}`;
  const language = langOfPath(url.pathname);
  if (!language) return home;
  const rest = url.pathname.slice(language.length + 1);
  if (/^\/dashboard(?:\/|$)/.test(rest)) return target;
  // A renewal started signed out (a flow page with `?renew=<policy id>`) goes on once signed in.
  const renewing = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(url.searchParams.get('renew') ?? '');
  return renewing && /^(?:\/[a-z0-9-]+){1,3}$/.test(rest) ? target : home;
}

/**
 * The header's link to the cabinet as the build draws it ("Sign in", to the sign-in page) and the
 * marker the server finds it by, to write the signed-in client's first name and the cabinet's
 * address in its place for a request with a session (pages without scripts show it too).
 */
export const accountLinkAttribute = 'data-account';

/** The header's account link of a signed-out page (`data-account="out"`, to the sign-in page) or a signed-in one (`in`, to the cabinet). */
export function accountHref(lang: SiteLanguage, signedIn: boolean): string {
  return signedIn ? `/${lang}/dashboard` : `/${lang}/login`;
}

/** The meta element that names the signed-in client's first name to the page's scripts (the session cookie is HttpOnly). */
export const accountMetaName = 'account-first-name';

/** Whether matched parameters are what the page accepts. */
export function pageParamsValid(page: Pick<SitePage, 'params'>, params: Readonly<Record<string, string | undefined>>): boolean {
  return Object.entries(page.params ?? {}).every(([name, pattern]) => params[name] === undefined || pattern.test(params[name]));
}

const compiledPaths = new Map<string, RegExp>();

/**
 * A page path as a regular expression, matching as react-router's `matchPath` with `end: true`
 * does: case-insensitive, trailing slashes allowed, `:name` one segment, `:name?` an optional one
 * (site-pages.test.ts holds the two to the same answers). Not react-router itself: this module is
 * read by the server and by a flow page's scripts, which load no router.
 */
function pathPattern(path: string): RegExp {
  let pattern = compiledPaths.get(path);
  if (!pattern) {
    const source = path
      .split('/')
      .filter(Boolean)
      .map((segment) => {
        const param = /^:(\w+)(\?)?$/.exec(segment);
        if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
        return param[2] ? `(?:/(?<${param[1]}>[^/]+))?` : `/(?<${param[1]}>[^/]+)`;
      })
      .join('');
    pattern = new RegExp(`^${source}/*$`, 'i');
    compiledPaths.set(path, pattern);
  }
  return pattern;
}

/** A path's parameters by a page path (as they stand in the path), or null when it is not that page's. */
export function matchPagePath(path: string, pathname: string): Readonly<Record<string, string | undefined>> | null {
  const match = pathPattern(path).exec(pathname);
  if (!match) return null;
  return Object.fromEntries(Object.entries(match.groups ?? {}).filter(([, value]) => value !== undefined));
}

/** The page an address shows, with its language (null without a prefix) and parameters, or null when it is no page. */
export function findSitePage(
  pathname: string,
  pages: readonly SitePage[],
): { page: SitePage; lang: SiteLanguage | null; params: Readonly<Record<string, string | undefined>> } | null {
  const lang = langOfPath(pathname);
  const unprefixed = lang ? pathname.slice(lang.length + 1) || '/' : pathname;
  for (const page of pages) {
    if (page.path === notFoundPath) continue;
    const params = matchPagePath(page.path, unprefixed);
    if (params && pageParamsValid(page, params)) return { page, lang, params };
  }
  return null;
}

/** The address the 404 page is prerendered for; the server puts the requested one in its place. */
export const notFoundPlaceholder = '/__address__';

/**
 * Where the build writes a page prerendered in a language (tools/prerender.ts), relative to the
 * built site (the 404 page's only part that depends on the address is the address it names, which
 * the server fills in).
 */
export function prerenderedFile(page: SitePage, lang: SiteLanguage): string {
  if (page.kind === 'not-found') return `prerendered/${lang}/404.html`;
  const fixed = withoutOptionalParams(page.path);
  return `prerendered/${lang}${fixed === '/' ? '' : fixed}/index.html`;
}

/** The contract id the thank-you page is prerendered for: its first view (checking the contract) never shows it. */
const sampleContract = 'contract';

/**
 * The address (without its language) a page is prerendered for: the page without its optional
 * parameters, except the thank-you page, which is drawn as it opens for a contract (checking it).
 */
export function prerenderAddress(page: SitePage): string {
  const fixed = withoutOptionalParams(page.path);
  return page.kind === 'thank-you' ? `${fixed}/${sampleContract}` : fixed;
}

/** Whether an address of the page, by its parameters and query, first shows what its prerendered file shows. */
export function showsPrerendered(page: SitePage, params: Readonly<Record<string, string | undefined>>, query: URLSearchParams): boolean {
  // Without a contract in its address (path or `contract_id`, as providers send it back) the thank-you page says so instead of checking one.
  return page.kind !== 'thank-you' || params.contractId !== undefined || Boolean(query.get('contract_id'));
}

/**
 * Where the build writes the 500 page of a language: the server's answer to a page it fails to
 * serve. Like the 404 page it is rendered for the placeholder address, which the server replaces.
 */
export function serverErrorFile(lang: SiteLanguage): string {
  return `prerendered/${lang}/500.html`;
}

/** A page's address without its optional parameters (`/travel/:ad?` → `/travel`), the one it is prerendered for. */
export function withoutOptionalParams(path: string): string {
  return path.replace(/\/:[^/]+\?/g, '') || '/';
}

export type RedirectTarget = { kind: 'external'; url: string } | { kind: 'internal'; path: string };

/**
 * What a redirect of the redirects table means for the address asked for: an absolute http(s) URL
 * leaves the site, a path of this site stays inside; anything else (protocol-relative `//host`,
 * `javascript:`, the address itself) is not followed. The browser's lookup and the server agree.
 */
export function classifyRedirect(to: unknown, currentPath: string): RedirectTarget | null {
  if (typeof to !== 'string' || to === '') return null;
  if (/^https?:\/\//i.test(to)) return { kind: 'external', url: to };
  if (!to.startsWith('/') || to.startsWith('//')) return null;
  if (to === currentPath) return null;
  return { kind: 'internal', path: to };
}

// ---------------------------------------------------------------- the Paynet page's order lookup

/** The query parameter the Paynet page's form sends the order number in (`/uz/paynet?order=…`). */
export const orderLookupParam = 'order';

/**
 * What the Paynet page says of an order number looked up: the amount due while it is unpaid; that it
 * is paid or cancelled; that no order has the number; that what was typed is no order number.
 */
export const orderLookupStates = ['unpaid', 'paid', 'cancelled', 'unknown', 'invalid'] as const;
export type OrderLookupState = (typeof orderLookupStates)[number];

export type OrderLookup =
  | { state: 'unpaid'; order: string; amount: number }
  | { state: Exclude<OrderLookupState, 'unpaid'>; order: string };

/**
 * The texts a prerendered lookup answer holds where the server writes the order number as typed
 * and the amount due (digits grouped): each answer is rendered at build in every language, and the
 * server only fills these in, so the page needs no script and its messages stay in the catalogs.
 */
export const orderLookupPlaceholders = { order: '__order__', amount: '__amount__' } as const;

/** Where the build writes the Paynet page showing a lookup's answer in a language. */
export function prerenderedLookupFile(lang: SiteLanguage, state: OrderLookupState): string {
  return `prerendered/${lang}/paynet/${state}.html`;
}
