import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fp from 'fastify-plugin';

const apiDir = fileURLToPath(new URL('../../../schemas/api/', import.meta.url));

export type JsonSchema = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyInstance {
    /** A schema of schemas/api by name, e.g. `travel/save-polis.request`; throws when the file is missing. */
    apiSchema(name: string): JsonSchema;
  }
}

/** Reads every `schemas/api/<area>/<call>.<request|response|query>.json` once, keyed `<area>/<call>.<kind>`. */
export function loadApiSchemas(dir = apiDir): Map<string, JsonSchema> {
  const schemas = new Map<string, JsonSchema>();
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue;
    for (const file of readdirSync(`${dir}${entry.name}`)) {
      if (!file.endsWith('.json')) continue;
      const schema = JSON.parse(readFileSync(`${dir}${entry.name}/${file}`, 'utf8')) as JsonSchema;
      schemas.set(`${entry.name}/${file.slice(0, -'.json'.length)}`, schema);
    }
  }
  return schemas;
}

export default fp(
  async (app) => {
    const schemas = loadApiSchemas();
    app.decorate('apiSchema', (name: string) => {
      const schema = schemas.get(name);
      if (!schema) throw new Error(`schemas/api/${name}.json does not exist`);
      return schema;
    });
  },
  { name: 'schemas' },
);
