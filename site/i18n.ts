import { i18n as sharedI18n, type I18n, type Messages } from '@lingui/core';
import { setMessageAreaLoader } from '../engine/message-areas';
import { languages, type Lang } from './language';
import { loadOnce } from './load-once';

/**
 * Message catalogs load on demand, per language: the site's with the language; the engine's,
 * the regions' and a product's when a flow page needs them. All loaded areas of a language are merged into one
 * `i18n.load`. A message missing in uz or ru already falls back to en when the Lingui Vite plugin
 * compiles the PO file (`fallbackLocales` in lingui.config.ts).
 */

export type CatalogModule = { messages: Messages };
export type CatalogLoaders = Record<Lang, () => Promise<CatalogModule>>;

type CatalogIndex = Record<string, () => Promise<CatalogModule>>;

// One index of catalogs per language (site/catalog-indexes/<lang>.ts), each a chunk of its own: a
// page loads its language's only, not a map of every language's (two thirds of it never used; on a
// flow page that was over half a kilobyte gzip of its first load).
const indexes = import.meta.glob<{ default: CatalogIndex }>('./catalog-indexes/*.ts');

/** The catalog index of `lang`, loaded once; a page starts it early (`preloadCatalogs`) so it arrives with its other first chunks. */
const catalogIndex = loadOnce((lang: Lang): Promise<CatalogIndex> => {
  const load = indexes[`./catalog-indexes/${lang}.ts`];
  return load ? load().then((module) => module.default) : Promise.reject(new Error(`no catalog index for ${lang}`));
});

/** Starts loading the catalog index of the page's language before anything asks for a catalog. */
export const preloadCatalogs = (lang: Lang): void => void catalogIndex(lang).catch(() => undefined);

/** The loaders of one catalog area (`locales/<lang>/<area>.po`); a language that lacks it fails its load. */
export function catalogLoaders(area: string): CatalogLoaders {
  const entries = languages.map((lang) => {
    const load = async () => {
      const file = (await catalogIndex(lang))[`../../locales/${lang}/${area}.po`];
      if (!file) throw new Error(`no catalog locales/${lang}/${area}.po`);
      return file();
    };
    return [lang, load] as const;
  });
  return Object.fromEntries(entries) as CatalogLoaders;
}

const coreCatalogs: Record<string, CatalogLoaders> = { site: catalogLoaders('site') };

/**
 * The site's own pages' texts (home, thank-you, 404, 500, paynet, the content pages to come): the
 * site shell and the server's render need them (site/main.tsx, site/prerender.tsx), a flow page's
 * island does not, so they are kept out of the `site` area every flow page loads.
 */
export const pageCatalogs = catalogLoaders('pages');

/**
 * The products' names and summaries (the header's menu, the home page's cards, a product's page): a
 * flow page's island shows only its own product's name, on the payment and download steps, and
 * loads them with those steps.
 */
export const productCatalogs = catalogLoaders('products');

/** The flow runtime's messages, for pages that run a purchase flow. */
export const engineCatalogs = catalogLoaders('engine');

export interface CatalogManager {
  /** Loads every required area of `lang`, then makes it the active language. */
  activate(lang: Lang): Promise<void>;
  /** Adds an area (a product's catalog) to every later activation and loads it for the active language. */
  require(area: string, loaders: CatalogLoaders): Promise<void>;
  /** Whether `area` is loaded for `lang`. */
  has(lang: Lang, area: string): boolean;
}

export function createCatalogManager(
  i18n: I18n,
  core: Record<string, CatalogLoaders> = coreCatalogs,
  setDocumentLang: (lang: Lang) => void = (lang) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
  },
): CatalogManager {
  const required = new Map<string, CatalogLoaders>(Object.entries(core));
  const loaded = new Map<string, Messages>();
  const pending = new Map<string, Promise<Messages>>();
  const key = (lang: Lang, area: string) => `${lang}/${area}`;

  function loadArea(lang: Lang, area: string, loaders: CatalogLoaders): Promise<Messages> {
    const k = key(lang, area);
    const done = loaded.get(k);
    if (done) return Promise.resolve(done);
    let promise = pending.get(k);
    if (!promise) {
      promise = loaders[lang]().then((module) => {
        loaded.set(k, module.messages);
        return module.messages;
      });
      pending.set(k, promise);
      promise.catch(() => undefined).finally(() => pending.delete(k));
    }
    return promise;
  }

  async function loadAll(lang: Lang): Promise<Messages> {
    const areas = await Promise.all([...required].map(([area, loaders]) => loadArea(lang, area, loaders)));
    return Object.assign({}, ...areas) as Messages;
  }

  return {
    async activate(lang) {
      let messages = await loadAll(lang);
      // An area required while these loaded (a combobox's, with its step) was loaded for the language
      // active then, not this one: it is loaded too before this language shows.
      while ([...required.keys()].some((area) => !loaded.has(key(lang, area)))) messages = await loadAll(lang);
      i18n.load(lang, messages);
      if (i18n.locale !== lang) i18n.activate(lang);
      setDocumentLang(lang);
    },
    async require(area, loaders) {
      required.set(area, loaders);
      const lang = languages.find((l) => l === i18n.locale);
      if (!lang || loaded.has(key(lang, area))) return;
      const messages = await loadAll(lang);
      // The visitor may have switched language while this loaded; that activation loads it too.
      if (i18n.locale === lang) i18n.load(lang, messages);
    },
    has(lang, area) {
      return loaded.has(key(lang, area));
    },
  };
}

/** The site's i18n instance (the engine renders through the same one via I18nProvider). */
export const i18n = sharedI18n;
export const catalogs = createCatalogManager(i18n);

// The engine loads the messages of the parts it loads on its own (the payment step, a combobox)
// with them, through the site's catalogs; the payment and download steps also name the product.
const alsoNeeded: Record<string, [string, CatalogLoaders][]> = { 'engine-payment': [['products', productCatalogs]] };
setMessageAreaLoader(async (area) => {
  await Promise.all([[area, catalogLoaders(area)] as const, ...(alsoNeeded[area] ?? [])].map(([name, loaders]) => catalogs.require(name, loaders)));
});
