import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { ProductManifest } from '../../products/kit/define/define';
import type { ProductSale } from '../../products/kit/sale/sale';

/** A save request as the generic handlers see it: schema-valid, product-shaped. */
export type SaveBody = Record<string, unknown> & { return_url?: string };

/** A product as the server serves it: its manifest and its sale. */
export interface ServerProduct {
  manifest: ProductManifest;
  sale: ProductSale<SaveBody, unknown>;
}

const productsDir = fileURLToPath(new URL('../../products/', import.meta.url));
const loaded = new Map<string, Promise<ServerProduct[]>>();

async function load(dir: string): Promise<ServerProduct[]> {
  const folders = readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'product.ts')))
    .map((entry) => entry.name)
    .sort();
  return Promise.all(folders.map(async (folder) => {
    const [manifest, sale] = await Promise.all([
      import(pathToFileURL(join(dir, folder, 'product.ts')).href) as Promise<{ default: ProductManifest }>,
      import(pathToFileURL(join(dir, folder, 'sale.ts')).href) as Promise<{ default: unknown }>,
    ]);
    if (manifest.default.id !== folder) throw new Error(`products/${folder}/product.ts: id "${manifest.default.id}" is not the folder name`);
    // The body reaching a sale is validated against the product's own request schema first.
    return { manifest: manifest.default, sale: sale.default as ProductSale<SaveBody, unknown> };
  }));
}

/**
 * The products that have an insurance-event claim (a folder with a product.ts and a claim.ts), by
 * folder name: the site has a claim page for each, and for no other.
 */
export function claimProductIds(dir = productsDir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, 'product.ts')) && existsSync(join(dir, entry.name, 'claim.ts')))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The products of `products/*` (every folder with a product.ts), read once per process: the
 * registry the server, the seed and the tests share. Nobody lists products by hand.
 */
export function loadProducts(dir = productsDir): Promise<ServerProduct[]> {
  let products = loaded.get(dir);
  if (!products) {
    products = load(dir);
    loaded.set(dir, products);
  }
  return products;
}
