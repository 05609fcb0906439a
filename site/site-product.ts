import type { FlowData, FlowDefinition, ProductDefinition } from '../engine/definition';
import type { ProductManifest } from '../products/kit/define/define';
import { catalogLoaders, type CatalogLoaders } from './i18n';
import { loadOnce } from './load-once';

/**
 * A product as the browser runs it: its manifest and the message catalogs its flow shows. The site
 * shell knows every product (site/products.ts); a flow page's scripts (site/flow-main.tsx) load
 * only their own product's manifest, so a flow page does not grow with each product added.
 */
export interface SiteProduct {
  manifest: ProductManifest;
  /** Message catalogs the flow page needs: the product's own area and those its manifest names. */
  catalogs: Record<string, CatalogLoaders>;
}

export function siteProductOf(manifest: ProductManifest): SiteProduct {
  const areas = [manifest.id, ...(manifest.messages ?? [])];
  return { manifest, catalogs: Object.fromEntries(areas.map((area) => [area, catalogLoaders(area)])) };
}

const manifestLoaders = import.meta.glob<{ default: ProductManifest }>('../products/*/product.ts');
// A definition's own data and catalog types end here: the engine runs any definition alike.
const definitions = import.meta.glob<{ default: ProductDefinition<FlowData, unknown> }>('../products/*/definition.ts');

/** One product's manifest, loaded on its own (a flow page needs no other), or undefined for an unknown id. */
export async function loadSiteProduct(id: string): Promise<SiteProduct | undefined> {
  const load = manifestLoaders[`../products/${id}/product.ts`];
  return load ? siteProductOf((await load()).default) : undefined;
}

/** Loads a product's definition once; a failed load is forgotten so a retry imports again. */
export const loadDefinition = loadOnce((id: string): Promise<ProductDefinition<FlowData, unknown>> => {
  const load = definitions[`../products/${id}/definition.ts`];
  return load ? load().then((module) => module.default) : Promise.reject(new Error(`no product "${id}"`));
});

/** The flow of a product a page runs: its purchase, or its claim. */
export type FlowKind = 'purchase' | 'claim';

/** Loads the definition of a product's flow of `kind`. */
export function loadFlow(id: string, kind: FlowKind): Promise<FlowDefinition<FlowData, unknown>> {
  // The claims' loaders are a module of their own: a purchase page does not carry them.
  return kind === 'claim' ? import('./claim-flows').then(({ loadClaim }) => loadClaim(id)) : loadDefinition(id);
}
