import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { memoryRegistries } from '../../products/memory-registries';
import type { SaleContext } from '../../products/sale';
import { readCheck } from './contract-check';
import { loadApiSchemas, type JsonSchema } from '../plugins/external/schemas';
import { loadProducts } from './product-registry';
import { policyWords } from './policy-words';

/**
 * `reading` takes a body already in the documented shape as sent, without reading it: that is
 * only the same as reading it when every reader gives such a body back unchanged. Checked here
 * for every reader the server mounts, on bodies generated from the request schemas themselves.
 */

type Schema = JsonSchema & {
  type?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
};

/** Strings a pattern accepts. fast-check cannot generate from look-arounds: those are generated without them and filtered by the whole pattern. */
function matching(pattern: string): fc.Arbitrary<string> {
  const whole = new RegExp(pattern);
  try {
    return fc.stringMatching(whole);
  } catch {
    return fc.stringMatching(new RegExp(pattern.replace(/\(\?<?[=!][^)]*\)/g, ''))).filter((text) => whole.test(text));
  }
}

/** Values of a schema node, most of them valid (those that are not are filtered out below). */
function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      return (schema.pattern ? matching(schema.pattern) : fc.string({ minLength: schema.minLength ?? 0, maxLength: 20 }))
        .filter((text) => text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity));
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1_000_000_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1_000, max: schema.maximum ?? 1e9, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) };
      const items = valuesOf(schema.items ?? {});
      return schema.uniqueItems ? fc.uniqueArray(items, { ...constraints, selector: (item) => JSON.stringify(item) }) : fc.array(items, constraints);
    }
    case 'object':
      return fc.record(Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, valuesOf(child)])), { requiredKeys: schema.required ?? [] });
    default:
      return fc.anything();
  }
}

const schemas = loadApiSchemas();
const ajv = new Ajv({ strict: false });
addFormats(ajv);

/** Bodies the request schema accepts as they are. */
function documentedBodies(name: string): fc.Arbitrary<unknown> {
  const schema = schemas.get(name) as Schema;
  const valid = ajv.compile(schema);
  return valuesOf(schema).filter((body) => valid(body));
}

const products = await loadProducts();
const readers: { name: string; schema: string; read: (body: unknown, context: SaleContext<unknown>) => unknown; context: SaleContext<unknown> }[] = [
  { name: 'check', schema: 'common/check.request', read: readCheck, context: { tariffs: null, today: '2026-01-01', findPerson: async () => null, citizenPassport: async () => false, registries: memoryRegistries(), words: policyWords() } },
  ...products.flatMap(({ manifest, sale }) => {
    const context: SaleContext<unknown> = { tariffs: sale.tariffs, today: '2026-01-01', findPerson: async () => null, citizenPassport: async () => false, registries: memoryRegistries(), words: policyWords() };
    return [
      ...(sale.readSave ? [{ name: `${manifest.id} save`, schema: sale.schemas.save, read: sale.readSave.bind(sale), context }] : []),
      ...(sale.calls ?? []).flatMap((call) => (call.read && call.request ? [{ name: `${manifest.id} ${call.path}`, schema: call.request, read: call.read.bind(call), context }] : [])),
    ];
  }),
];

describe('a body in the documented shape reads as itself', () => {
  test('every reader is checked', () => {
    expect(readers.map((reader) => reader.name)).toEqual(expect.arrayContaining(['check', 'travel save', 'travel /takoful/travel-neo/calculator']));
  });

  test.each(readers)('$name', ({ schema, read, context }) => {
    fc.assert(fc.property(documentedBodies(schema), (body) => {
      expect(read(structuredClone(body), context)).toEqual(body);
    }), { numRuns: 200 });
  });
});
