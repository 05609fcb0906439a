import fp from 'fastify-plugin';

/** A route as registered: what the API documentation and the fuzz suite walk. */
export interface RouteEntry {
  method: string;
  url: string;
  /** The body, querystring and params schemas the route validates with. */
  schema: { body?: unknown; querystring?: unknown; params?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, filled as routes register (this plugin loads before any of them). */
    routeList: RouteEntry[];
  }
}

export default fp(
  async (app) => {
    const routes: RouteEntry[] = [];
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      // Fastify adds HEAD beside every GET; it answers what GET answers.
      for (const method of methods.filter((m) => m !== 'HEAD')) {
        const schema = (route.schema ?? {}) as RouteEntry['schema'];
        routes.push({ method, url: route.url, schema: { body: schema.body, querystring: schema.querystring, params: schema.params } });
      }
    });
    app.decorate('routeList', routes);
  },
  { name: 'route-list' },
);
