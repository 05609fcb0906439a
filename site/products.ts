import type { FlowData, ProductDefinition } from '../engine/definition';
import { catalogLoaders, type CatalogLoaders } from './i18n';
import { homePrograms } from '../products/home/pricing';

/**
 * THE product registry of the site: the only file of `site/` that names product folders. Each
 * product is loaded lazily (definition + its build-time compiled step validators) with its
 * message catalog. Adding a product is one entry here plus its routes in `routes.ts`.
 */

/**
 * A loaded product of whatever data shape. Each product's definition has its own `D`/`C` types, so
 * the registry hands them out through a generic callback instead of widening them to `any`.
 */
export interface LoadedProduct {
  use<R>(run: <D extends FlowData, C>(definition: ProductDefinition<D, C>) => R): R;
}

function loaded<D extends FlowData, C>(definition: ProductDefinition<D, C>): LoadedProduct {
  return { use: (run) => run(definition) };
}

export interface ProductEntry {
  /** Unprefixed page path (`/travel`), the page's route in `routes.ts`. */
  route: string;
  /** Message id of the product's name (h1, cards, thank-you page). */
  title: string;
  /** Message id of the one-line pitch on the home page card. */
  summary: string;
  /** Lowest premium in UZS when it is fixed by the spec's tariff table; shown as "from …". */
  fromPrice?: number;
  load: () => Promise<LoadedProduct>;
  catalogs: CatalogLoaders;
}

export const products = {
  travel: {
    route: '/travel',
    title: 'site.product.travel.title',
    summary: 'site.product.travel.summary',
    load: () =>
      import('../products/travel/definition').then((module) => loaded(module.travel)),
    catalogs: catalogLoaders('travel'),
  },
  home: {
    route: '/housing',
    title: 'site.product.home.title',
    summary: 'site.product.home.summary',
    fromPrice: Math.min(...homePrograms.map((program) => program.premium)),
    load: () =>
      import('../products/home/definition').then((module) => loaded(module.home)),
    catalogs: catalogLoaders('home'),
  },
} satisfies Record<string, ProductEntry>;

export type ProductId = keyof typeof products;
export const productIds = Object.keys(products) as ProductId[];

const loading = new Map<ProductId, Promise<LoadedProduct>>();

/** Loads a product once; a failed load is forgotten so a retry imports again. */
export function loadProduct(id: ProductId): Promise<LoadedProduct> {
  let pending = loading.get(id);
  if (!pending) {
    pending = products[id].load();
    loading.set(id, pending);
    pending.catch(() => loading.delete(id));
  }
  return pending;
}
