import fp from 'fastify-plugin';
import type { SaleContext } from '../../../products/kit/sale/sale';
import { loadProducts, type ServerProduct } from '../../lib/product-registry';

export interface ProductRegistry {
  list: readonly ServerProduct[];
  /** The product of an id, or undefined (ids arrive with contracts and requests). */
  get(id: string): ServerProduct | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    products: ProductRegistry;
  }
  interface FastifyRequest {
    /** The context a product call's body was read with (`reading` in lib/calls.ts), so its handler uses the same one. */
    saleContext: SaleContext<unknown> | null;
  }
}

/** The product folders (`lib/product-registry.ts`), for the routes, policies and seed that serve them. */
export default fp(
  async (app) => {
    const list = await loadProducts();
    const byId = new Map(list.map((product) => [product.manifest.id, product]));
    app.decorate('products', { list, get: (id: string) => byId.get(id) } satisfies ProductRegistry);
    app.decorateRequest('saleContext', null);
  },
  { name: 'products' },
);
