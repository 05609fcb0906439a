/**
 * The import boundaries of docs/architecture.md "Folders and who may import whom", each with the reason a
 * reader needs when it fires.
 */
const typeOnly = ['type-only'];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make load order unpredictable. A lazy import() back into a module is how code splitting works, not a cycle.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['dynamic-import'] } },
    },
    {
      name: 'schemas-are-data',
      severity: 'error',
      comment: 'schemas/ holds JSON Schema files only; it imports nothing.',
      from: { path: '^schemas/' },
      to: { path: '^(engine|products|site|server|tools|stories|tests)/' },
    },
    {
      name: 'engine-is-generic',
      severity: 'error',
      comment: 'engine/ is the generic runtime: it may not know a product, the site or the server.',
      from: { path: '^engine/' },
      to: { path: '^(products|site|server|schemas/products|schemas/api)/' },
    },
    {
      name: 'products-are-isomorphic',
      severity: 'error',
      comment: 'products/ runs in the browser and on the server: no React, no DOM, no Node-only modules, engine types only.',
      from: { path: '^products/', pathNot: '\\.(test|e2e)\\.ts$|product-tests\\.ts$' },
      to: { path: '^(site|server|stories)/|node_modules/(react|react-dom|@rjsf|@xstate/react|fastify|kysely|pg)/|^(fs|path|os|child_process|node:)' },
    },
    {
      name: 'products-use-engine-types-only',
      severity: 'error',
      comment: 'products/ may import engine types only (import type), never engine runtime code; a plate is written one way on the page and on the policy, a JSON object is told from other values one way, and a chosen file too.',
      from: { path: '^products/', pathNot: '\\.(test|e2e)\\.ts$|product-tests\\.ts$' },
      to: { path: '^engine/', pathNot: '^engine/(plate-text|is-record|files/file-ref)\\.ts$', dependencyTypesNot: typeOnly },
    },
    {
      name: 'server-not-browser',
      severity: 'error',
      comment: 'server/ reuses schemas and products\' pure parts; never the React runtime or the site.',
      from: { path: '^server/' },
      // Pure modules the page and the server share: what a file holds (bytes in, facts out), which characters a policy prints, how it writes a passport, what a JSON object is,
      // which fields a form's rules hide (a claim's errors there do not count on the server either), the shape a claim form is declared in, and how a size limit is written.
      to: { path: '^(engine|site|stories)/', pathNot: '^engine/(files/content|files/file-kinds|printable-text|passport-text|is-record|visibility|definition)\\.ts$' },
    },
    {
      name: 'site-not-server',
      severity: 'error',
      comment: 'site/ talks to the server over HTTP only.',
      from: { path: '^(site|engine)/' },
      to: { path: '^server/' },
    },
    {
      name: 'site-products-through-registry',
      severity: 'error',
      comment: 'site/ reaches products only through the one registry file site/products.ts.',
      from: { path: '^site/', pathNot: '^site/products\\.ts$|\\.test\\.tsx?$' },
      // The page list and the claims' families (the catalog areas a claim page loads) are shared with the server (which answers
      // 404 for other addresses, and draws a claim page), not product code.
      to: { path: '^products/', pathNot: '^products/kit/site/(site-pages|claim-areas)\\.ts$', dependencyTypesNot: typeOnly },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|storybook-static|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
