import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { memoryRegistries } from '../../products/kit/testing/memory-registries';
import { schemaReader, type ReadSchema } from '../../products/kit/sale/request-reader';
import type { SaleContext } from '../../products/kit/sale/sale';
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
  multipleOf?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  format?: string;
};

/**
 * Strings a pattern accepts. fast-check cannot generate from look-arounds or Unicode classes: those
 * are generated from the pattern without look-arounds and with Latin letters and ASCII digits for
 * `\p{L}` and `\p{N}`, and filtered by the whole pattern.
 */
function matching(pattern: string): fc.Arbitrary<string> {
  const whole = new RegExp(pattern, 'u');
  const latin = (text: string) => text.replace(/\\p\{L\}/g, 'A-Za-z').replace(/\\p\{N\}/g, '0-9').replace(/\\p\{M\}/g, '');
  const simpler = pattern
    .replace(/\(\?<?[=!][^)]*\)/g, '')
    .replace(/\[([^\]]*)\]/g, (_, inner: string) => `[${latin(inner)}]`)
    .replace(/\\p\{[LN]\}/g, (unicode) => `[${latin(unicode)}]`);
  return fc.stringMatching(new RegExp(simpler)).filter((text) => whole.test(text));
}

/** Values of a schema node, most of them valid (those that are not are filtered out below). */
function valuesOf(schema: Schema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case 'string':
      // A random string is almost never a date: a filter for one would search forever.
      if (schema.format === 'date') return fc.date({ min: new Date('1900-01-01'), max: new Date('2099-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10));
      return (schema.pattern ? matching(schema.pattern) : fc.string({ minLength: schema.minLength ?? 0, maxLength: 20 }))
        .filter((text) => text.length >= (schema.minLength ?? 0) && text.length <= (schema.maxLength ?? Infinity));
    case 'integer': {
      const step = schema.multipleOf ?? 1;
      return fc.integer({ min: Math.ceil((schema.minimum ?? -1_000) / step), max: Math.floor((schema.maximum ?? 1_000_000_000) / step) }).map((n) => n * step);
    }
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
type Reading = (body: unknown, context: SaleContext<unknown>) => unknown;
/** A call's reading as `reading` (calls.ts) puts it together: the shared one, and around it the product's own when it has one. */
function composed(schema: string, read?: Reading, money?: string): Reading {
  const shared = schemaReader(schemas.get(schema) as ReadSchema, money ? { money: [money] } : {});
  return read ? (body, context) => shared(read(shared(body), context)) : (body) => shared(body);
}
const emptyContext = (tariffs: unknown): SaleContext<unknown> => ({ tariffs, today: '2026-01-01', findPerson: async () => null, citizenPassport: async () => false, registries: memoryRegistries(), words: policyWords() });
const productReadings = new Set<string>();
const readers: { name: string; schema: string; read: Reading; context: SaleContext<unknown> }[] = [
  { name: 'check', schema: 'common/check.request', read: composed('common/check.request', readCheck), context: emptyContext(null) },
  ...products.flatMap(({ manifest, sale }) => {
    const context = emptyContext(sale.tariffs);
    const save = sale.readSave?.bind(sale);
    return [
      { name: `${manifest.id} save`, schema: sale.schemas.save, read: composed(sale.schemas.save, save, sale.amountField), context },
      ...(sale.calls ?? []).flatMap((call) => (call.request ? [{ name: `${manifest.id} ${call.path}`, schema: call.request, read: composed(call.request, call.read?.bind(call)), context }] : [])),
    ];
  }),
];
for (const { schema } of readers) productReadings.add(schema);
// Every other request schema (the site's and the payment calls') with the shared reading alone.
for (const name of schemas.keys()) {
  if (name.endsWith('.request') && !productReadings.has(name)) readers.push({ name, schema: name, read: composed(name), context: emptyContext(null) });
}

describe('a body in the documented shape reads as itself', () => {
  test('every reader is checked', () => {
    expect(readers.map((reader) => reader.name)).toEqual(expect.arrayContaining(['check', 'travel save', 'travel /takoful/travel-neo/calculator', 'sport save', 'site/get-person.request']));
  });

  test.each(readers)('$name', ({ schema, read, context }) => {
    fc.assert(fc.property(documentedBodies(schema), (body) => {
      expect(read(structuredClone(body), context)).toEqual(body);
    }), { numRuns: 200 });
  });
});
