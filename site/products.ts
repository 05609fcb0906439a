import type { FlowData, ProductDefinition } from '../engine/definition';
import type { ProductManifest } from '../products/define';
import { catalogLoaders, type CatalogLoaders } from './i18n';

/**
 * THE product registry of the site, read from the product folders (`products/<id>/product.ts`);
 * nobody lists products by hand. The manifests are small and bundled with the shell (home page
 * cards, routes); each flow's definition loads lazily with its step schemas and validators.
 */

export interface SiteProduct {
  manifest: ProductManifest;
  /** Message catalogs the flow page needs: the product's own area and those its manifest names. */
  catalogs: Record<string, CatalogLoaders>;
}

const manifests = import.meta.glob<{ default: ProductManifest }>('../products/*/product.ts', { eager: true });
// A definition's own data and catalog types end here: the engine runs any definition alike.
const definitions = import.meta.glob<{ default: ProductDefinition<FlowData, unknown> }>('../products/*/definition.ts');

const folderOf = (path: string) => path.split('/').at(-2) ?? '';

/** Every product, ordered as the folders are. */
export const products: readonly SiteProduct[] = Object.entries(manifests)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([path, module]) => {
    const manifest = module.default;
    if (manifest.id !== folderOf(path)) throw new Error(`${path}: id "${manifest.id}" is not its folder's name`);
    const areas = [manifest.id, ...(manifest.messages ?? [])];
    return { manifest, catalogs: Object.fromEntries(areas.map((area) => [area, catalogLoaders(area)])) };
  });

const byId = new Map(products.map((product) => [product.manifest.id, product]));

/** The product of an id (routes and contracts carry ids), or undefined. */
export function productById(id: string): SiteProduct | undefined {
  return byId.get(id);
}

const loading = new Map<string, Promise<ProductDefinition<FlowData, unknown>>>();

/** Loads a product's definition once; a failed load is forgotten so a retry imports again. */
export function loadDefinition(id: string): Promise<ProductDefinition<FlowData, unknown>> {
  let pending = loading.get(id);
  if (!pending) {
    const load = definitions[`../products/${id}/definition.ts`];
    pending = load ? load().then((module) => module.default) : Promise.reject(new Error(`no product "${id}"`));
    loading.set(id, pending);
    pending.catch(() => loading.delete(id));
  }
  return pending;
}
