import { productGroups, type ProductGroup, type ProductManifest } from '../products/kit/define/define';
import { claimFamilyOf } from '../products/kit/site/claim-areas';
import { siteProductOf, type SiteProduct } from './site-product';

/**
 * THE product registry of the site, read from the product folders (`products/<id>/product.ts`);
 * nobody lists products by hand. The manifests are small and bundled with the shell (home page
 * cards, routes); each flow's definition loads lazily with its step schemas and validators
 * (site/site-product.ts). A flow page's own scripts load only their product's manifest.
 */
const manifests = import.meta.glob<{ default: ProductManifest }>('../products/*/product.ts', { eager: true });

const folderOf = (path: string) => path.split('/').at(-2) ?? '';

/** Every product, ordered as the folders are. */
export const products: readonly SiteProduct[] = Object.entries(manifests)
  .sort(([a], [b]) => a.localeCompare(b))
  .map(([path, module]) => {
    const manifest = module.default;
    if (manifest.id !== folderOf(path)) throw new Error(`${path}: id "${manifest.id}" is not its folder's name`);
    return siteProductOf(manifest);
  });

/**
 * The products with an insurance-event claim, each with its claim page: those with a claim family
 * (products/kit/site/claim-areas.ts; the claim kit's test checks it names every `products/<id>/claim.ts`),
 * so the site's shell does not carry the claims' loaders.
 */
export const claimProducts: readonly string[] = Object.keys(claimFamilyOf).filter((id) => products.some((product) => product.manifest.id === id)).sort();

const byId = new Map(products.map((product) => [product.manifest.id, product]));

/** The product of an id (routes and contracts carry ids), or undefined. */
export function productById(id: string): SiteProduct | undefined {
  return byId.get(id);
}

/**
 * The products the site's own pages link to (home page cards, the header), with their site page: a
 * product that lives in the app's webview alone (monthly casco) is reached from the app, not here.
 */
export const siteProducts: readonly (ProductManifest & { page: string })[] = products
  .flatMap(({ manifest }) => (manifest.routes.page === undefined ? [] : [{ ...manifest, page: manifest.routes.page }]))
  // By group (car, travel, property, people), then by rank within each.
  .sort((a, b) => productGroups.indexOf(a.group) - productGroups.indexOf(b.group) || a.rank - b.rank);

/** The site's products by group, in the groups' order, each group with at least one product. */
export const siteProductGroups: readonly { group: ProductGroup; products: readonly (ProductManifest & { page: string })[] }[] = productGroups
  .map((group) => ({ group, products: siteProducts.filter((product) => product.group === group) }))
  .filter(({ products: listed }) => listed.length > 0);

/**
 * How a save's answer reads as the payment step's details, as every flow reads it: for the cabinet's
 * "continue to payment" of a contract saved earlier. Loaded with that step, not with the site.
 */
export const loadPaymentDetailsReader = () => import('../products/kit/binding/binding-kit').then((kit) => kit.paymentDetailsFrom);
