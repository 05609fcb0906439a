import { productById } from '../products';
import { localePath, type Lang } from '../language';

/** A product's name (message id, products catalog) as the cabinet shows it; the folder id for one the site no longer sells. */
export function productTitle(product: string): string | null {
  return productById(product)?.manifest.title ?? null;
}

/** Where a policy is renewed: its product's page, told which policy to start from (the flow asks `get/renewal/<id>`). */
export function renewAddress(lang: Lang, product: string, policyId: string): string | null {
  const page = productById(product)?.manifest.routes.page;
  return page === undefined ? null : `${localePath(lang, page)}?renew=${encodeURIComponent(policyId)}`;
}
